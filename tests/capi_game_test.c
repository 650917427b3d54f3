/* capi_game_test.c — the C ABI's games and players: turns, events, seats,
 * records, undo, clocks, resignations and the players' moves; every misuse
 * gives the right status and a readable message and changes nothing
 * (capi_check.h). Plain C99. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

static void test_game(void) {
  sh_rules *r = NULL;
  sh_game *g = NULL, *g2 = NULL, *g3 = NULL;
  sh_position *p = NULL;
  sh_player *pl = NULL, *pl2 = NULL;
  sh_move m, mv[2000];
  sh_event ev[64];
  sh_seat_info info;
  size_t cnt, need, i;
  int seat, owner, over, end, draw, turns, round, actions, undone, places[6], elim;
  char before[1024], buf[1024];
  char *record;
  double ratings[2] = {1500, 1500}, changes[2];
  int pl_places[2] = {1, 2};

  ST(sh_rules_new("classic-2", &r), SH_OK);
  ST(sh_game_new(r, SH_NO_SEAT, &g), SH_OK);
  STH(sh_game_new(r, 1, &g2), SH_ERR_SEAT, sh_rules_error, r); /* red does not play */
  STH(sh_game_new(r, 9, &g2), SH_ERR_SEAT, sh_rules_error, r);
  ST(sh_game_new(NULL, 0, &g2), SH_ERR_NULL);
  STH(sh_game_new(r, 0, NULL), SH_ERR_NULL, sh_rules_error, r);
  CHECK(g2 == NULL);
  ST(sh_game_new(r, 3, &g2), SH_OK);
  ST(sh_game_to_move(g2, &seat, &owner), SH_OK);
  CHECK(seat == 3 && owner == 3);
  sh_game_free(g2);
  g2 = NULL;

  ST(sh_game_to_move(g, &seat, NULL), SH_OK);
  CHECK(seat == 0);
  ST(sh_game_to_move(NULL, &seat, NULL), SH_ERR_NULL);
  STH(sh_game_to_move(g, NULL, NULL), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_state(g, &over, &end, &draw), SH_OK);
  CHECK(over == 0 && end == SH_END_NONE && draw == 0);
  ST(sh_game_state(NULL, &over, &end, &draw), SH_ERR_NULL);
  ST(sh_game_counters(g, &turns, &round, &actions), SH_OK);
  CHECK(turns == 0 && round == 0 && actions == 0);
  ST(sh_game_counters(NULL, &turns, NULL, NULL), SH_ERR_NULL);
  ST(sh_game_legal_moves(g, mv, 2000, &cnt), SH_OK);
  CHECK(cnt == 14);
  STH(sh_game_legal_moves(g, mv, 3, &cnt), SH_ERR_BUFFER, sh_game_error, g);
  ST(sh_game_legal_moves(NULL, mv, 3, &cnt), SH_ERR_NULL);
  ST(sh_game_seat(g, 0, &info, sizeof info), SH_OK);
  CHECK(info.status == SH_SEAT_PLAYING && info.place == 0 && info.moves_made == 0);
  ST(sh_game_seat(g, 1, &info, sizeof info), SH_OK);
  CHECK(info.status == SH_SEAT_NOT_PLAYED);
  STH(sh_game_seat(g, 6, &info, sizeof info), SH_ERR_SEAT, sh_game_error, g);
  STH(sh_game_seat(g, 0, NULL, sizeof info), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_seat(NULL, 0, &info, sizeof info), SH_ERR_NULL);

  /* misuse leaves the game unchanged */
  ST(sh_game_record(g, 0, before, sizeof before, NULL), SH_OK);
  STH(sh_game_check(g, 0, 60), SH_ERR_MOVE, sh_game_error, g);
  STH(sh_game_check(g, 0, 121), SH_ERR_CELL, sh_game_error, g);
  ST(sh_game_check(NULL, 0, 1), SH_ERR_NULL);
  ST(sh_game_check(g, mv[0].from, mv[0].to), SH_OK);
  STH(sh_game_apply(g, 0, 60, 0), SH_ERR_MOVE, sh_game_error, g);
  STH(sh_game_apply(g, 0, -4, 0), SH_ERR_CELL, sh_game_error, g);
  STH(sh_game_apply(g, mv[0].from, mv[0].to, -1), SH_ERR_RANGE, sh_game_error, g);
  ST(sh_game_apply(NULL, 0, 1, 0), SH_ERR_NULL);
  STH(sh_game_apply_text(g, "m1-m5", 0), SH_ERR_MOVE, sh_game_error, g);
  STH(sh_game_apply_text(g, "garbage", 0), SH_ERR_MOVE, sh_game_error, g);
  STH(sh_game_apply_text(g, NULL, 0), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_apply_text(NULL, "k3-i5", 0), SH_ERR_NULL);
  {
    /* text read as the game reads it; *out written only on SH_OK */
    sh_move pm = {-7, -7};
    STH(sh_game_parse_move(g, "m1-m5", &pm), SH_ERR_MOVE, sh_game_error, g);
    STH(sh_game_parse_move(g, "e17-e16", &pm), SH_ERR_MOVE, sh_game_error, g); /* K's marble */
    STH(sh_game_parse_move(g, NULL, &pm), SH_ERR_NULL, sh_game_error, g);
    STH(sh_game_parse_move(g, "k3-i5", NULL), SH_ERR_NULL, sh_game_error, g);
    ST(sh_game_parse_move(NULL, "k3-i5", &pm), SH_ERR_NULL);
    CHECK(pm.from == -7 && pm.to == -7);
    int k3 = -1, i5 = -1;
    sh_cell_from_name("k3", &k3);
    sh_cell_from_name("i5", &i5);
    ST(sh_game_parse_move(g, "k3-i5", &pm), SH_OK);
    CHECK(pm.from == k3 && pm.to == i5);
  }
  STH(sh_game_undo(g, 1, &undone), SH_ERR_STATE, sh_game_error, g);
  STH(sh_game_undo(g, 0, &undone), SH_ERR_RANGE, sh_game_error, g);
  ST(sh_game_undo(NULL, 1, &undone), SH_ERR_NULL);
  STH(sh_game_resign(g, 1), SH_ERR_SEAT, sh_game_error, g);
  STH(sh_game_resign(g, -1), SH_ERR_SEAT, sh_game_error, g);
  ST(sh_game_resign(NULL, 0), SH_ERR_NULL);
  ST(sh_game_flag(NULL), SH_ERR_NULL);
  STH(sh_game_eliminates(g, 0, 60, &elim), SH_ERR_MOVE, sh_game_error, g);
  STH(sh_game_eliminates(g, mv[0].from, mv[0].to, NULL), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_eliminates(NULL, 0, 1, &elim), SH_ERR_NULL);
  ST(sh_game_eliminates(g, mv[0].from, mv[0].to, &elim), SH_OK);
  CHECK(elim == 0);
  {
    int why = -1;
    STH(sh_game_puts_out(g, 0, 60, &why), SH_ERR_MOVE, sh_game_error, g);
    STH(sh_game_puts_out(g, 121, 60, &why), SH_ERR_CELL, sh_game_error, g);
    STH(sh_game_puts_out(g, mv[0].from, mv[0].to, NULL), SH_ERR_NULL, sh_game_error, g);
    ST(sh_game_puts_out(NULL, 0, 1, &why), SH_ERR_NULL);
    CHECK(why == -1);
    ST(sh_game_puts_out(g, mv[0].from, mv[0].to, &why), SH_OK);
    CHECK(why == SH_OUT_NONE);
  }
  ST(sh_game_record(g, 0, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(before, buf) == 0);
  STH(sh_game_record(g, 0, buf, 3, &need), SH_ERR_BUFFER, sh_game_error, g);
  STH(sh_game_record(g, -1, buf, sizeof buf, &need), SH_ERR_RANGE, sh_game_error, g);
  ST(sh_game_record(NULL, 0, buf, sizeof buf, &need), SH_ERR_NULL);

  /* clocks */
  ST(sh_game_set_clock(g, 60000, 1000), SH_OK);
  STH(sh_game_set_clock(g, 0, 1000), SH_ERR_RANGE, sh_game_error, g);
  ST(sh_game_set_clock(NULL, 1, 1), SH_ERR_NULL);
  ST(sh_game_apply_text(g, "k3-i5", 500), SH_OK);
  ST(sh_game_seat(g, 0, &info, sizeof info), SH_OK);
  CHECK(info.reserve_ms == 60500 && info.moves_made == 1);
  STH(sh_game_set_clock(g, 60000, 1000), SH_ERR_STATE, sh_game_error, g);
  ST(sh_game_events(g, 0, ev, sizeof(sh_event), 64, &cnt), SH_OK);
  CHECK(cnt == 1 && ev[0].kind == SH_EVENT_MOVE && ev[0].seat == 0 && ev[0].by_flag == 0);
  ST(sh_game_events(g, 1, ev, sizeof(sh_event), 64, &cnt), SH_OK);
  CHECK(cnt == 0);
  STH(sh_game_events(g, 5, ev, sizeof(sh_event), 64, &cnt), SH_ERR_RANGE, sh_game_error, g);
  STH(sh_game_events(g, 0, ev, sizeof(sh_event), 0, &cnt), SH_ERR_BUFFER, sh_game_error, g);
  ST(sh_game_events(NULL, 0, ev, sizeof(sh_event), 64, &cnt), SH_ERR_NULL);
  ST(sh_game_event_text(g, 0, buf, sizeof buf, NULL), SH_OK);
  CHECK(strncmp(buf, "move W", 6) == 0);
  STH(sh_game_event_text(g, 1, buf, sizeof buf, NULL), SH_ERR_RANGE, sh_game_error, g);
  STH(sh_game_event_text(g, 0, buf, 2, &need), SH_ERR_BUFFER, sh_game_error, g);
  ST(sh_game_event_text(NULL, 0, buf, sizeof buf, NULL), SH_ERR_NULL);
  /* a flag falls: elapsed beyond the reserve; classic: the flag is a resignation */
  ST(sh_game_clone(g, &g2), SH_OK);
  ST(sh_game_flag(g2), SH_OK);
  ST(sh_game_state(g2, &over, &end, NULL), SH_OK);
  CHECK(over == 1);
  ST(sh_game_places(g2, places), SH_OK);
  CHECK(places[0] == 1 && places[3] == 2);
  STH(sh_game_flag(g2), SH_ERR_STATE, sh_game_error, g2);
  STH(sh_game_apply(g2, 0, 1, 0), SH_ERR_STATE, sh_game_error, g2);
  STH(sh_game_resign(g2, 0), SH_ERR_STATE, sh_game_error, g2);
  {
    sh_move pm;
    STH(sh_game_parse_move(g2, "k3-i5", &pm), SH_ERR_STATE, sh_game_error, g2);
  }
  ST(sh_game_undo(g2, 1, &undone), SH_OK);
  CHECK(undone == 1);
  ST(sh_game_state(g2, &over, NULL, NULL), SH_OK);
  CHECK(over == 0);
  sh_game_free(g2);
  g2 = NULL;
  ST(sh_game_places(NULL, places), SH_ERR_NULL);
  STH(sh_game_places(g, NULL), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_clone(NULL, &g2), SH_ERR_NULL);
  STH(sh_game_clone(g, NULL), SH_ERR_NULL, sh_game_error, g);

  /* resign */
  ST(sh_game_clone(g, &g2), SH_OK);
  ST(sh_game_resign(g2, 0), SH_OK);
  ST(sh_game_places(g2, places), SH_OK);
  CHECK(places[0] == 2 && places[3] == 1);
  sh_game_free(g2);
  g2 = NULL;

  /* position of a game, game of a position */
  ST(sh_game_position(g, &p), SH_OK);
  ST(sh_position_to_move(p, &seat), SH_OK);
  CHECK(seat == 3);
  ST(sh_game_position(NULL, &p), SH_ERR_NULL);
  STH(sh_game_position(g, NULL), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_from_position(p, &g2), SH_OK);
  ST(sh_game_to_move(g2, &seat, NULL), SH_OK);
  CHECK(seat == 3);
  sh_game_free(g2);
  g2 = NULL;
  ST(sh_game_from_position(NULL, &g2), SH_ERR_NULL);
  STH(sh_game_from_position(p, NULL), SH_ERR_NULL, sh_position_error, p);
  {
    /* A played seat with no pieces: refused, the seat named, nothing made. */
    sh_position *empty = NULL;
    ST(sh_position_parse("classic-2 W W:m1 K: 0", &empty), SH_OK);
    STH(sh_game_from_position(empty, &g2), SH_ERR_OPTION, sh_position_error, empty);
    CHECK(strstr(sh_position_error(empty), "seat K has no pieces") != NULL);
    CHECK(g2 == NULL);
    sh_position_free(empty);
  }
  {
    int gd, td, ig;
    ST(sh_position_distance(p, 0, &gd, &td, &ig), SH_OK);
    CHECK(gd > 0 && td > 0 && ig == 0);
    ST(sh_position_distance(p, 3, NULL, NULL, NULL), SH_OK);
    STH(sh_position_distance(p, 1, &gd, &td, &ig), SH_ERR_SEAT, sh_position_error, p);
    STH(sh_position_distance(p, 7, &gd, &td, &ig), SH_ERR_SEAT, sh_position_error, p);
    ST(sh_position_distance(NULL, 0, &gd, &td, &ig), SH_ERR_NULL);
  }
  sh_position_free(p);

  /* players: a full game, normal against hard */
  ST(sh_player_new("normal", 1, &pl), SH_OK);
  ST(sh_player_new("hard", 2, &pl2), SH_OK);
  {
    sh_player *none = NULL;
    ST(sh_player_new("genius", 2, &none), SH_ERR_OPTION);
    CHECK(none == NULL);
  }
  {
    /* budgets (rule book §9's players): the default is (0, 0); ranges are checked and a
     * refused budget changes nothing; expert's default search is 20 000 nodes */
    sh_player *ex = NULL;
    int64_t nodes = -1, ms = -1;
    int depth = -1;
    sh_move em;
    ST(sh_player_new("expert", 4, &ex), SH_OK);
    ST(sh_player_budget(ex, &nodes, &ms), SH_OK);
    CHECK(nodes == 0 && ms == 0);
    ST(sh_player_last_stats(ex, &nodes, &depth), SH_OK);
    CHECK(nodes == 0 && depth == 0);
    ST(sh_player_choose(ex, g, &em), SH_OK);
    ST(sh_player_last_stats(ex, &nodes, &depth), SH_OK);
    CHECK(nodes > 0 && nodes <= 20000 && depth >= 1);
    ST(sh_player_set_budget(ex, 700, 0), SH_OK);
    ST(sh_player_choose(ex, g, &em), SH_OK);
    ST(sh_player_last_stats(ex, &nodes, NULL), SH_OK);
    CHECK(nodes <= 700);
    STH(sh_player_set_budget(ex, -1, 0), SH_ERR_RANGE, sh_player_error, ex);
    CHECK(strcmp(sh_player_error(ex), "budget nodes -1 out of range 0..1000000000") == 0);
    STH(sh_player_set_budget(ex, 0, SH_MAX_BUDGET_MS + 1), SH_ERR_RANGE, sh_player_error, ex);
    ST(sh_player_budget(ex, &nodes, &ms), SH_OK);
    CHECK(nodes == 700 && ms == 0);
    ST(sh_player_budget(ex, NULL, NULL), SH_OK);
    ST(sh_player_set_budget(NULL, 1, 1), SH_ERR_NULL);
    ST(sh_player_budget(NULL, &nodes, &ms), SH_ERR_NULL);
    ST(sh_player_last_stats(NULL, &nodes, &depth), SH_ERR_NULL);
    sh_player_free(ex);
  }
  ST(sh_player_new(NULL, 2, &pl2), SH_ERR_NULL);
  ST(sh_player_new("easy", 2, NULL), SH_ERR_NULL);
  STH(sh_player_choose(pl, NULL, &m), SH_ERR_NULL, sh_player_error, pl);
  STH(sh_player_choose(pl, g, NULL), SH_ERR_NULL, sh_player_error, pl);
  ST(sh_player_choose(NULL, g, &m), SH_ERR_NULL);
  CHECK(strcmp(sh_player_error(NULL), "") != 0);
  for (i = 0; i < 2000; ++i) {
    ST(sh_game_state(g, &over, NULL, NULL), SH_OK);
    if (over) break;
    ST(sh_game_to_move(g, &seat, NULL), SH_OK);
    ST(sh_player_choose(seat == 0 ? pl : pl2, g, &m), SH_OK);
    ST(sh_game_apply(g, m.from, m.to, 100), SH_OK);
  }
  ST(sh_game_state(g, &over, &end, &draw), SH_OK);
  CHECK(over == 1 && end != SH_END_NONE);
  STH(sh_player_choose(pl, g, &m), SH_ERR_STATE, sh_player_error, pl);
  ST(sh_game_places(g, places), SH_OK);
  CHECK(places[0] >= 1 && places[3] >= 1 && places[1] == 0);
  ST(sh_game_events(g, 0, NULL, sizeof(sh_event), 0, &cnt), SH_OK);
  CHECK(cnt > 10);
  ST(sh_game_rating_changes(g, ratings, 2, 32, 0, changes), SH_OK);
  CHECK(changes[0] == -changes[1]);
  STH(sh_game_rating_changes(g, ratings, 3, 32, 0, changes), SH_ERR_RANGE, sh_game_error, g);
  STH(sh_game_rating_changes(g, NULL, 2, 32, 0, changes), SH_ERR_NULL, sh_game_error, g);
  ST(sh_game_rating_changes(NULL, ratings, 2, 32, 0, changes), SH_ERR_NULL);
  /* by seat: what sh_game_places wrote goes straight into sh_rating_changes,
   * six ratings by seat, six changes by seat (0 where nobody sat) */
  {
    double r6[6] = {1500, 9999, 9999, 1500, 9999, 9999}, c6[6], g6[6];
    double compact[2];
    int i;
    ST(sh_rating_changes(places, r6, 6, 32, 0, c6), SH_OK);
    ST(sh_game_rating_changes(g, r6, 6, 32, 0, g6), SH_OK);
    ST(sh_game_rating_changes(g, ratings, 2, 32, 0, compact), SH_OK);
    CHECK(c6[1] == 0 && c6[2] == 0 && c6[4] == 0 && c6[5] == 0);
    CHECK(c6[0] == compact[0] && c6[3] == compact[1]);
    CHECK(c6[0] == (places[0] < places[3] ? 16 : places[0] > places[3] ? -16 : 0));
    for (i = 0; i < 6; ++i) CHECK(c6[i] == g6[i]);
    STH(sh_game_rating_changes(g, r6, 5, 32, 0, g6), SH_ERR_RANGE, sh_game_error, g);
    CHECK(strstr(sh_game_error(g), "6 by seat") != NULL);
  }

  /* the record replays to the same game */
  ST(sh_game_record(g, 10, NULL, 0, &need), SH_OK);
  record = (char *)malloc(need);
  ST(sh_game_record(g, 10, record, need, &need), SH_OK);
  ST(sh_game_from_record(NULL, record, &g3), SH_OK);
  ST(sh_game_places(g3, places), SH_OK);
  {
    int p2[6];
    sh_game_places(g, p2);
    CHECK(memcmp(places, p2, sizeof p2) == 0);
  }
  ST(sh_game_from_record(r, record, &g2), SH_OK);
  sh_game_free(g2);
  g2 = NULL;
  free(record);
  /* a custom table's record names it in a tag line: replayed with no rules */
  {
    sh_rules *fr = NULL;
    sh_game *fg = NULL, *back = NULL;
    char rec2[256], rec3[256];
    size_t n2 = 0;
    ST(sh_rules_new("classic-2", &fr), SH_OK);
    ST(sh_rules_set_options(fr, "id=free-2;zones=free;goal-lock=no"), SH_OK);
    ST(sh_game_new(fr, SH_NO_SEAT, &fg), SH_OK);
    ST(sh_game_apply_text(fg, "k3-k5", 0), SH_OK);
    ST(sh_game_record(fg, 10, rec2, sizeof rec2, &n2), SH_OK);
    CHECK(strcmp(rec2, "[rules classic-2;id=free-2;zones=free;goal-lock=no]\nfree-2 W\nk3-k5\n") == 0);
    ST(sh_game_from_record(NULL, rec2, &back), SH_OK);
    ST(sh_game_record(back, 10, rec3, sizeof rec3, &n2), SH_OK);
    CHECK(strcmp(rec2, rec3) == 0);
    sh_game_free(back);
    back = NULL;
    ST(sh_game_from_record(NULL, "[rules nowhere-2;id=x]\nx W", &back), SH_ERR_PRESET);
    ST(sh_game_from_record(NULL, "[rules classic-2;id=x;zones=maybe]\nx W", &back), SH_ERR_PARSE);
    CHECK(strstr(sh_last_error(), "record tag") != NULL);
    sh_game_free(fg);
    sh_rules_free(fr);
  }
  ST(sh_game_from_record(NULL, "classic-2 W m1-m5", &g2), SH_ERR_PARSE);
  CHECK(g2 == NULL);
  ST(sh_game_from_record(NULL, "nowhere-9 W", &g2), SH_ERR_PRESET);
  ST(sh_game_from_record(NULL, NULL, &g2), SH_ERR_NULL);
  ST(sh_game_from_record(NULL, "classic-2 W", NULL), SH_ERR_NULL);
  /* with a rules handle, its error slot says why too */
  STH(sh_game_from_record(r, NULL, &g2), SH_ERR_NULL, sh_rules_error, r);
  CHECK(strstr(sh_rules_error(r), "record") != NULL);
  STH(sh_game_from_record(r, "classic-2 W", NULL), SH_ERR_NULL, sh_rules_error, r);

  /* undo all the way back */
  ST(sh_game_counters(g, NULL, NULL, &actions), SH_OK);
  ST(sh_game_undo(g, 100000, &undone), SH_OK);
  CHECK(undone == actions);
  ST(sh_game_counters(g, &turns, NULL, &actions), SH_OK);
  CHECK(turns == 0 && actions == 0);

  /* ratings by places */
  ST(sh_rating_changes(pl_places, ratings, 2, 32, 0, changes), SH_OK);
  CHECK(changes[0] == 16 && changes[1] == -16);
  pl_places[1] = 0;
  ST(sh_rating_changes(pl_places, ratings, 2, 32, 0, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(pl_places, ratings, 1, 32, 0, changes), SH_ERR_RANGE);
  ST(sh_rating_changes(NULL, ratings, 2, 32, 0, changes), SH_ERR_NULL);
  ST(sh_rating_changes(pl_places, ratings, 2, 32, 0, NULL), SH_ERR_NULL);

  /* playouts under the game rules */
  {
    int pp[3 * 6], tt[3], tt2[3];
    ST(sh_game_playouts(g, 3, 400, 9, pp, tt), SH_OK);
    ST(sh_game_playouts(g, 3, 400, 9, NULL, tt2), SH_OK);
    CHECK(memcmp(tt, tt2, sizeof tt) == 0);
    for (i = 0; i < 3; ++i) CHECK(tt[i] >= 1 && tt[i] <= 400);
    STH(sh_game_playouts(g, 3, -1, 9, pp, tt), SH_ERR_RANGE, sh_game_error, g);
    ST(sh_game_playouts(NULL, 3, 10, 9, pp, tt), SH_ERR_NULL);
  }

  sh_player_free(pl);
  sh_player_free(pl2);
  sh_player_free(NULL);
  sh_game_free(g);
  sh_game_free(g3);
  sh_game_free(NULL);
  sh_rules_free(r);
}

/* sh_game_puts_out on the deadline move and after it: classic-2 with the
 * exit deadline at W's first move (every first move leaves movable marbles
 * at home), and at its second move on a board where a marble can come home. */
static void test_puts_out(void) {
  sh_rules *r = NULL;
  sh_game *g = NULL;
  sh_position *p = NULL;
  sh_move mv[SH_MAX_MOVES];
  size_t n = 0, i;
  int why = -1, elim = -1, i5 = -1, j4 = -1;
  ST(sh_rules_new("classic-2", &r), SH_OK);
  ST(sh_rules_set_options(r, "id=classic-2-deadline-1;deadline=1"), SH_OK);
  ST(sh_game_new(r, SH_NO_SEAT, &g), SH_OK);
  ST(sh_game_legal_moves(g, mv, SH_MAX_MOVES, &n), SH_OK);
  CHECK(n == 14);
  for (i = 0; i < n; ++i) {
    ST(sh_game_puts_out(g, mv[i].from, mv[i].to, &why), SH_OK);
    CHECK(why == SH_OUT_DEADLINE);
    ST(sh_game_eliminates(g, mv[i].from, mv[i].to, &elim), SH_OK);
    CHECK(elim == 0);
  }
  sh_game_free(g);
  /* W's i5 can step back into its home (j4) once its deadline has passed. */
  ST(sh_position_parse_rules(
         r, "classic-2-deadline-1 W W:m1,i5,e9,f9,g9,h9,i9,j9,k9,l9 K:l2,m2,k3,m3,e12,e13,f13,g13,h13,i13 0",
         &p),
     SH_OK);
  ST(sh_game_from_position(p, &g), SH_OK);
  ST(sh_game_apply_text(g, "e9-e10", 0), SH_OK);
  ST(sh_game_apply_text(g, "e12-e11", 0), SH_OK);
  sh_cell_from_name("i5", &i5);
  sh_cell_from_name("j4", &j4);
  ST(sh_game_puts_out(g, i5, j4, &why), SH_OK);
  CHECK(why == SH_OUT_RETURN_HOME);
  ST(sh_game_apply(g, i5, j4, 0), SH_OK);
  STH(sh_game_puts_out(g, i5, j4, &why), SH_ERR_STATE, sh_game_error, g); /* over */
  sh_game_free(g);
  sh_position_free(p);
  sh_rules_free(r);
}

int main(void) {
  test_game();
  test_puts_out();
  return checks_done();
}
