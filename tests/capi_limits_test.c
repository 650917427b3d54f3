/* capi_limits_test.c — the C ABI at its edges: bounded clocks,
 * playout and batch ceilings, structs that grow, and hostile input the C ABI
 * must refuse with the right kind of error
 * (capi_check.h). Plain C99. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

/* Clocks are bounded, playouts have ceilings, structs may grow. */
static void test_ceilings(void) {
  sh_rules *r = NULL;
  sh_game *g = NULL;
  sh_position *p = NULL;
  sh_seat_info info;
  sh_event ev[4];
  unsigned char big[sizeof(sh_seat_info) + 16];
  int w[3] = {-7, -7, -7}, pl[3] = {-7, -7, -7}, places[6], turns;
  size_t cnt, i;

  ST(sh_rules_new("classic-2", &r), SH_OK);
  ST(sh_game_new(r, SH_NO_SEAT, &g), SH_OK);
  /* clocks: every value bounded, the reserve never wraps */
  STH(sh_game_set_clock(g, INT64_MAX, INT64_MAX), SH_ERR_RANGE, sh_game_error, g);
  STH(sh_game_set_clock(g, SH_MAX_CLOCK_MS + 1, 0), SH_ERR_RANGE, sh_game_error, g);
  STH(sh_game_set_clock(g, 1000, SH_MAX_CLOCK_MS + 1), SH_ERR_RANGE, sh_game_error, g);
  STH(sh_game_set_clock(g, 1000, -1), SH_ERR_RANGE, sh_game_error, g);
  ST(sh_game_seat(g, 0, &info, sizeof info), SH_OK);
  CHECK(info.reserve_ms == 0); /* unchanged by the refusals */
  ST(sh_game_set_clock(g, SH_MAX_CLOCK_MS, SH_MAX_CLOCK_MS), SH_OK);
  ST(sh_game_apply_text(g, "k3-i5", 1), SH_OK);
  ST(sh_game_seat(g, 0, &info, sizeof info), SH_OK);
  CHECK(info.reserve_ms == SH_MAX_CLOCK_MS); /* capped, not wrapped */
  ST(sh_game_apply_text(g, "f14-g13", INT64_MAX), SH_OK); /* beyond the reserve: the flag */
  ST(sh_game_seat(g, 3, &info, sizeof info), SH_OK);
  CHECK(info.status == SH_SEAT_OUT && info.reserve_ms == 0); /* a fallen flag: no time left */

  /* growing structs: an older (v1) or newer (larger) caller */
  STH(sh_game_seat(g, 0, &info, SH_SEAT_INFO_SIZE_V1 - 1), SH_ERR_RANGE, sh_game_error, g);
  memset(big, 0xAB, sizeof big);
  ST(sh_game_seat(g, 0, (sh_seat_info *)(void *)big, sizeof big), SH_OK);
  for (i = sizeof(sh_seat_info); i < sizeof big; ++i) CHECK(big[i] == 0);
  memcpy(&info, big, sizeof info);
  CHECK(info.status == SH_SEAT_PLAYING || info.status == SH_SEAT_ARRIVED);
  CHECK(info.place == 1 && info.moves_made == 1);
  STH(sh_game_events(g, 0, ev, SH_EVENT_SIZE_V1 - 1, 4, &cnt), SH_ERR_RANGE, sh_game_error, g);
  {
    /* a caller whose sh_event has one more int: the library's stride is its */
    int wide[8 * 10];
    size_t k;
    memset(wide, 0x7F, sizeof wide);
    ST(sh_game_events(g, 0, (sh_event *)(void *)wide, 10 * sizeof(int), 8, &cnt), SH_OK);
    ST(sh_game_events(g, 0, ev, sizeof(sh_event), 4, &cnt), SH_OK);
    CHECK(cnt >= 3);
    for (k = 0; k < cnt && k < 4; ++k) {
      CHECK(memcmp(&wide[k * 10], &ev[k], sizeof(sh_event)) == 0);
      CHECK(wide[k * 10 + 9] == 0);
    }
    CHECK(wide[cnt * 10] == 0x7F7F7F7F); /* nothing beyond the events */
  }
  sh_game_free(g);
  g = NULL;

  /* playouts: argument ceilings */
  ST(sh_game_new(r, SH_NO_SEAT, &g), SH_OK);
  STH(sh_game_playouts(g, 1, SH_MAX_PLAYOUT_TURNS + 1, 1, places, &turns), SH_ERR_RANGE,
      sh_game_error, g);
  STH(sh_game_playouts(g, (size_t)SH_MAX_PLAYOUTS + 1, 1, 1, NULL, NULL), SH_ERR_RANGE,
      sh_game_error, g);
  STH(sh_game_playouts(g, (size_t)-1, 1, 1, NULL, NULL), SH_ERR_RANGE, sh_game_error, g);

  /* a table where nobody can win (two marbles each, no limit, no
   * repetition): a playout stops at its turn limit, and the turns in all
   * per call are bounded */
  ST(sh_rules_set_options(r, "id = endless; limit = none; repetition = no; deadline = none"),
     SH_OK);
  ST(sh_position_parse_rules(r, "endless W W:i9,h10 K:k5,j6 0", &p), SH_OK);
  ST(sh_position_playouts(p, 1, SH_MAX_PLAYOUT_TURNS, 5, w, pl), SH_OK);
  CHECK(pl[0] == SH_MAX_PLAYOUT_TURNS && w[0] == SH_NO_SEAT);
  w[0] = pl[0] = -7;
  STH(sh_position_playouts(p, 3, SH_MAX_PLAYOUT_TURNS / 2, 5, w, pl), SH_ERR_LIMIT,
      sh_position_error, p);
  CHECK(w[0] == -7 && pl[0] == -7 && pl[2] == -7); /* nothing written */
  ST(sh_position_playouts(p, 2, SH_MAX_PLAYOUT_TURNS / 2, 5, w, pl), SH_OK);
  CHECK(pl[0] == SH_MAX_PLAYOUT_TURNS / 2 && pl[1] == SH_MAX_PLAYOUT_TURNS / 2);
  sh_position_free(p);
  sh_game_free(g);
  sh_rules_free(r);

  /* a batch that cannot fit in memory is a range error, not a bug */
  ST(sh_rules_new("classic-2", &r), SH_OK);
  {
    unsigned char one[SH_PACKED_SIZE] = {0};
    uint32_t counts[1];
    STH(sh_batch_count_moves(r, one, (size_t)-1, counts), SH_ERR_RANGE, sh_rules_error, r);
  }
  sh_rules_free(r);
}

/* Hostile input: refused, with the kind of error that names what is wrong. */
static void test_hostile(void) {
  sh_rules *r = NULL, *jp = NULL, *t = NULL;
  sh_position *p = NULL, *q = NULL;
  unsigned char pk[SH_PACKED_SIZE], bad[SH_PACKED_SIZE];
  uint32_t counts[2] = {7, 7};
  size_t off[3], cnt = 99;
  char buf[4096];
  const double nan = strtod("nan", NULL), inf = strtod("inf", NULL);
  double ratings[2] = {1500, 1500}, changes[2] = {0, 0};
  int places[2] = {1, 2};

  ST(sh_rules_new("classic-2", &r), SH_OK);
  ST(sh_rules_new("japanese-2", &jp), SH_OK);
  ST(sh_position_new(r, &p), SH_OK);
  ST(sh_position_pack(p, pk), SH_OK);

  /* unpack: more marbles than the table has (every empty cell white) */
  memcpy(bad, pk, sizeof bad);
  {
    int c;
    for (c = 0; c < 121; ++c)
      if (bad[c] == SH_PACKED_EMPTY) bad[c] = 0;
  }
  STH(sh_position_unpack(r, bad, &q), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(q == NULL && strstr(sh_last_error(), "more than 10 pieces of W") != NULL);
  /* two kings of one seat */
  ST(sh_position_new(jp, &q), SH_OK);
  ST(sh_position_pack(q, bad), SH_OK);
  sh_position_free(q);
  q = NULL;
  bad[1] |= SH_PACKED_KING; /* l2: a second white king */
  STH(sh_position_unpack(jp, bad, &q), SH_ERR_PARSE, sh_rules_error, jp);
  CHECK(q == NULL && strstr(sh_last_error(), "more than one king of W") != NULL);
  /* nonzero padding */
  memcpy(bad, pk, sizeof bad);
  bad[125] = 7;
  STH(sh_position_unpack(r, bad, &q), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(q == NULL && strcmp(sh_last_error(), "packed byte 125 (0x07): padding, must be 0") == 0);
  /* what unpacks round-trips through text */
  ST(sh_position_unpack(r, pk, &q), SH_OK);
  ST(sh_position_to_text(q, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, text_of(p)) == 0);
  sh_position_free(q);
  q = NULL;

  /* batch: a count no memory can hold is a range error, not a bug */
  STH(sh_batch_count_moves(r, pk, (size_t)-1, counts), SH_ERR_RANGE, sh_rules_error, r);
  CHECK(counts[0] == 7 && strstr(sh_last_error(), "SH_MAX_BATCH") != NULL);
  STH(sh_batch_count_moves(r, pk, (size_t)SH_MAX_BATCH + 1, counts), SH_ERR_RANGE, sh_rules_error, r);
  STH(sh_batch_legal_moves(r, pk, (size_t)-1, off, NULL, 0, &cnt), SH_ERR_RANGE, sh_rules_error, r);
  CHECK(cnt == 99);
  ST(sh_batch_count_moves_text(NULL, (size_t)-1, counts, NULL), SH_ERR_RANGE);
  memcpy(bad, pk, sizeof bad);
  bad[127] = 1;
  STH(sh_batch_count_moves(r, bad, 1, counts), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(strstr(sh_last_error(), "packed position 0: packed byte 127") != NULL);

  /* ratings: one status for one bad number, whichever call */
  ST(sh_rating_changes(places, ratings, 2, nan, 0, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(places, ratings, 2, -1, 0, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(places, ratings, 2, inf, 0, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(places, ratings, 2, 1001, 0, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(places, ratings, 2, 32, nan, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(places, ratings, 2, 32, inf, changes), SH_ERR_RANGE);
  ratings[1] = nan;
  ST(sh_rating_changes(places, ratings, 2, 32, 0, changes), SH_ERR_RANGE);
  CHECK(strstr(sh_last_error(), "not a finite number") != NULL);
  ratings[1] = -inf;
  ST(sh_rating_changes(places, ratings, 2, 32, 0, changes), SH_ERR_RANGE);
  CHECK(changes[0] == 0 && changes[1] == 0); /* untouched */
  ratings[1] = 1500;
  {
    sh_game *g = NULL;
    int i;
    ST(sh_game_from_record(NULL, "classic-2 W W:resign", &g), SH_OK);
    STH(sh_game_rating_changes(g, ratings, 2, nan, 0, changes), SH_ERR_RANGE, sh_game_error, g);
    STH(sh_game_rating_changes(g, ratings, 2, -1, 0, changes), SH_ERR_RANGE, sh_game_error, g);
    ratings[0] = inf;
    STH(sh_game_rating_changes(g, ratings, 2, 32, 0, changes), SH_ERR_RANGE, sh_game_error, g);
    ratings[0] = 1500;
    ST(sh_game_rating_changes(g, ratings, 2, 32, 0, changes), SH_OK);
    CHECK(changes[0] == -16 && changes[1] == 16);
    sh_game_free(g);
    g = NULL;
    /* not over: a state error, even with a good K */
    ST(sh_game_from_record(NULL, "classic-2 W", &g), SH_OK);
    STH(sh_game_rating_changes(g, ratings, 2, 32, 0, changes), SH_ERR_STATE, sh_game_error, g);
    sh_game_free(g);
    for (i = 0; i < 2; ++i) CHECK(changes[i] == (i ? 16 : -16));
  }

  /* teams on a two-seat table: one team, the game would end at once */
  ST(sh_rules_clone(r, &t), SH_OK);
  ST(sh_rules_set_options(t, "id = teams-2; teams = yes"), SH_OK);
  STH(sh_rules_validate(t), SH_ERR_OPTION, sh_rules_error, t);
  CHECK(strstr(sh_last_error(), "teams need four or six seats") != NULL);
  sh_rules_free(t);
  t = NULL;

  /* option text: what the option syntax cannot carry is refused, so
   * describe() only reports rules the table has */
  ST(sh_rules_clone(r, &t), SH_OK);
  STH(sh_rules_set_option(t, "names", "a,b,c,d,e,f\nzones = free"), SH_ERR_OPTION, sh_rules_error, t);
  STH(sh_rules_set_option(t, "names", "a,b,c,d,e,f; zones = free"), SH_ERR_OPTION, sh_rules_error, t);
  STH(sh_rules_set_option(t, "description", "x; zones = free"), SH_ERR_OPTION, sh_rules_error, t);
  STH(sh_rules_set_option(t, "description", "bell\a"), SH_ERR_OPTION, sh_rules_error, t);
  STH(sh_rules_set_option(t, "id", "a;b"), SH_ERR_OPTION, sh_rules_error, t);
  STH(sh_rules_set_option(t, "id", "0123456789012345678901234567890123"), SH_ERR_OPTION, sh_rules_error, t);
  ST(sh_rules_get_option(t, "zones", buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, "closed") == 0);
  ST(sh_rules_set_option(t, "names", "Weiss, Rot,Blau,Schwarz,Gelb,Gruen"), SH_OK);
  /* a custom table cannot keep or take a preset's id ... */
  ST(sh_rules_set_option(t, "zones", "free"), SH_OK);
  STH(sh_rules_validate(t), SH_ERR_OPTION, sh_rules_error, t);
  CHECK(strstr(sh_last_error(), "a custom table needs an id of its own") != NULL);
  STH(sh_position_new(t, &q), SH_ERR_OPTION, sh_rules_error, t);
  CHECK(q == NULL);
  {
    sh_game *g = NULL;
    STH(sh_game_new(t, -1, &g), SH_ERR_OPTION, sh_rules_error, t);
    CHECK(g == NULL);
  }
  /* ... so a record of a custom table cannot replay under a preset's
   * rules: it names its own table in a tag line, which builds it, and
   * without the tag its id is no preset's */
  ST(sh_rules_set_option(t, "id", "free-2"), SH_OK);
  ST(sh_rules_validate(t), SH_OK);
  {
    sh_game *g = NULL, *back = NULL;
    const char *untagged;
    ST(sh_game_new(t, -1, &g), SH_OK);
    ST(sh_game_record(g, 0, buf, sizeof buf, NULL), SH_OK);
    CHECK(strncmp(buf, "[rules classic-2;id=free-2;", 27) == 0);
    untagged = strchr(buf, '\n') + 1;
    CHECK(strncmp(untagged, "free-2 W", 8) == 0);
    ST(sh_game_from_record(NULL, untagged, &back), SH_ERR_PRESET);
    CHECK(back == NULL);
    ST(sh_game_from_record(NULL, buf, &back), SH_OK);
    sh_game_free(back);
    sh_game_free(g);
  }
  sh_rules_free(t);

  /* divide of a seat that must pass: its pass, as perft counts it */
  {
    sh_move mv[2];
    uint64_t nodes[2] = {0, 0}, total = 0;
    size_t n = 0;
    ST(sh_position_parse("classic-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K: 0", &q), SH_OK);
    ST(sh_divide(q, 2, NULL, NULL, 0, &n), SH_OK);
    CHECK(n == 1);
    ST(sh_divide(q, 2, mv, nodes, 2, &n), SH_OK);
    ST(sh_perft(q, 2, &total), SH_OK);
    CHECK(n == 1 && mv[0].from == SH_NO_CELL && mv[0].to == SH_NO_CELL && nodes[0] == 14 && total == 14);
    STH(sh_divide(q, 0, mv, nodes, 2, &n), SH_ERR_RANGE, sh_position_error, q);
    CHECK(strstr(sh_last_error(), "1..32") != NULL);
    sh_position_free(q);
    q = NULL;
  }

  sh_position_free(p);
  sh_rules_free(r);
  sh_rules_free(jp);
}

int main(void) {
  test_ceilings();
  test_hostile();
  return checks_done();
}
