/* capi_test.c — every function of the C ABI, and every misuse: NULL handle,
 * NULL or short buffer, bad cell, illegal move, bad preset id. Each misuse
 * must give the right status, a readable message (on the thread and on the
 * handle) and leave the state unchanged. Plain C99. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sternhalma.h"

static int checks, failures;

#define CHECK(cond)                                                     \
  do {                                                                  \
    ++checks;                                                           \
    if (!(cond)) {                                                      \
      ++failures;                                                       \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                   \
  } while (0)

/* The call returns `want`; on an error the thread message is readable. */
#define ST(call, want)                                                        \
  do {                                                                        \
    sh_status got_ = (call);                                                  \
    ++checks;                                                                 \
    if (got_ != (want)) {                                                     \
      ++failures;                                                             \
      fprintf(stderr, "%s:%d: %s -> %s, want %s (%s)\n", __FILE__, __LINE__, #call, \
              sh_status_name(got_), sh_status_name(want), sh_last_error());   \
    } else if ((want) != SH_OK) {                                             \
      check_message(__LINE__, sh_last_error());                               \
    }                                                                         \
  } while (0)

/* As ST, and the handle's own message is the same text. */
#define STH(call, want, errfn, h)                                 \
  do {                                                            \
    ST(call, want);                                               \
    if ((want) != SH_OK) CHECK(strcmp(errfn(h), sh_last_error()) == 0); \
  } while (0)

static void check_message(int line, const char *m) {
  size_t i, n = strlen(m);
  ++checks;
  if (n < 8) {
    ++failures;
    fprintf(stderr, "line %d: message too short: '%s'\n", line, m);
    return;
  }
  for (i = 0; i < n; ++i)
    if ((unsigned char)m[i] < 32) {
      ++failures;
      fprintf(stderr, "line %d: unreadable message\n", line);
      return;
    }
}

static char *text_of(const sh_position *p) {
  static char buf[4][1024];
  static int k;
  k = (k + 1) % 4;
  if (sh_position_to_text(p, buf[k], sizeof buf[k], NULL) != SH_OK) buf[k][0] = 0;
  return buf[k];
}

static void test_library(void) {
  char v[32];
  sprintf(v, "%d.%d.%d", SH_VERSION_MAJOR, SH_VERSION_MINOR, SH_VERSION_PATCH);
  CHECK(strcmp(sh_version(), v) == 0);
  CHECK(sh_version_number() == SH_VERSION_MAJOR * 10000u + SH_VERSION_MINOR * 100u + SH_VERSION_PATCH);
  CHECK(strcmp(sh_status_name(SH_OK), "SH_OK") == 0);
  CHECK(strcmp(sh_status_name(SH_ERR_INTERNAL), "SH_ERR_INTERNAL") == 0);
  CHECK(strcmp(sh_status_name((sh_status)99), "SH_UNKNOWN") == 0);
  CHECK(sh_last_error() != NULL);
}

static void test_cells(void) {
  int c = -5, q, r, n6[6], p, k;
  char name[8];
  size_t need = 0, cnt = 0;
  double x, y;
  int cells[121];
  char letter;

  ST(sh_cell_from_name("m1", &c), SH_OK);
  CHECK(c == 0);
  ST(sh_cell_from_name("i9", &c), SH_OK);
  CHECK(c == 60);
  ST(sh_cell_from_name("e17", &c), SH_OK);
  CHECK(c == 120);
  c = 7;
  ST(sh_cell_from_name("z9", &c), SH_ERR_CELL);
  CHECK(c == 7); /* output untouched */
  CHECK(strstr(sh_last_error(), "z9") != NULL);
  ST(sh_cell_from_name("a1", &c), SH_ERR_CELL);
  ST(sh_cell_from_name(NULL, &c), SH_ERR_NULL);
  ST(sh_cell_from_name("m1", NULL), SH_ERR_NULL);

  ST(sh_cell_name(60, NULL, 0, &need), SH_OK);
  CHECK(need == 3);
  ST(sh_cell_name(60, name, sizeof name, &need), SH_OK);
  CHECK(strcmp(name, "i9") == 0);
  strcpy(name, "xx");
  ST(sh_cell_name(120, name, 3, &need), SH_ERR_BUFFER);
  CHECK(need == 4 && strcmp(name, "xx") == 0);
  ST(sh_cell_name(120, NULL, 5, &need), SH_ERR_NULL);
  ST(sh_cell_name(121, name, sizeof name, NULL), SH_ERR_CELL);
  ST(sh_cell_name(-1, name, sizeof name, NULL), SH_ERR_CELL);

  ST(sh_cell_axial(60, &q, &r), SH_OK);
  CHECK(q == 0 && r == 0);
  ST(sh_cell_axial(0, &q, &r), SH_OK);
  CHECK(q == 4 && r == -8);
  ST(sh_cell_axial(500, &q, &r), SH_ERR_CELL);
  ST(sh_cell_axial(0, NULL, &r), SH_ERR_NULL);
  ST(sh_cell_at(0, 0, &c), SH_OK);
  CHECK(c == 60);
  ST(sh_cell_at(8, 8, &c), SH_ERR_CELL);
  ST(sh_cell_at(0, 0, NULL), SH_ERR_NULL);

  ST(sh_cell_neighbours(0, n6), SH_OK); /* m1: only up-right l2? no: up-left l2, up-right m2 */
  CHECK(n6[0] == SH_NO_CELL && n6[1] == SH_NO_CELL && n6[4] == SH_NO_CELL && n6[5] == SH_NO_CELL);
  CHECK(n6[2] == 2 && n6[3] == 1);
  ST(sh_cell_neighbours(121, n6), SH_ERR_CELL);
  ST(sh_cell_neighbours(0, NULL), SH_ERR_NULL);

  ST(sh_cell_point(0, &p), SH_OK);
  CHECK(p == 0);
  ST(sh_cell_point(60, &p), SH_OK);
  CHECK(p == -1);
  ST(sh_cell_point(120, &p), SH_OK);
  CHECK(p == 3);
  ST(sh_cell_point(-3, &p), SH_ERR_CELL);
  ST(sh_cell_point(0, NULL), SH_ERR_NULL);

  ST(sh_cell_xy(60, &x, &y), SH_OK);
  CHECK(x == 0.0 && y == 0.0);
  ST(sh_cell_xy(0, &x, &y), SH_OK);
  CHECK(x == 0.0 && y < -6.9 && y > -7.0);
  ST(sh_cell_xy(121, &x, &y), SH_ERR_CELL);
  ST(sh_cell_xy(0, &x, NULL), SH_ERR_NULL);

  ST(sh_cell_rotate(0, 3, &c), SH_OK);
  CHECK(c == 120);
  ST(sh_cell_rotate(0, -3, &c), SH_OK);
  CHECK(c == 120);
  ST(sh_cell_rotate(0, 6, &c), SH_OK);
  CHECK(c == 0);
  for (k = 0; k < 121; ++k) {
    int a, b;
    sh_cell_rotate(k, 1, &a);
    sh_cell_rotate(a, 5, &b);
    CHECK(b == k);
  }
  ST(sh_cell_rotate(200, 1, &c), SH_ERR_CELL);
  ST(sh_cell_rotate(0, 1, NULL), SH_ERR_NULL);
  ST(sh_cell_reflect(0, &c), SH_OK);
  CHECK(c == 0);
  ST(sh_cell_reflect(1, &c), SH_OK);
  CHECK(c == 2);
  ST(sh_cell_reflect(121, &c), SH_ERR_CELL);
  ST(sh_cell_reflect(0, NULL), SH_ERR_NULL);
  ST(sh_cell_distance(0, 120, &k), SH_OK);
  CHECK(k == 16);
  ST(sh_cell_distance(0, 121, &k), SH_ERR_CELL);
  ST(sh_cell_distance(0, 1, NULL), SH_ERR_NULL);

  ST(sh_camp_cells(0, 10, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 10);
  ST(sh_camp_cells(0, 15, cells, 121, &cnt), SH_OK);
  CHECK(cnt == 15 && cells[0] == 0);
  ST(sh_camp_cells(3, 10, cells, 9, &cnt), SH_ERR_BUFFER);
  CHECK(cnt == 10);
  ST(sh_camp_cells(3, 10, NULL, 9, &cnt), SH_ERR_NULL);
  ST(sh_camp_cells(6, 10, cells, 121, &cnt), SH_ERR_SEAT);
  ST(sh_camp_cells(0, 12, cells, 121, &cnt), SH_ERR_RANGE);
  ST(sh_tip_cell(3, &c), SH_OK);
  CHECK(c == 120);
  ST(sh_tip_cell(-1, &c), SH_ERR_SEAT);
  ST(sh_tip_cell(0, NULL), SH_ERR_NULL);
  ST(sh_foreign_cells(0, cells, 121, &cnt), SH_OK);
  CHECK(cnt == 40);
  ST(sh_foreign_cells(9, cells, 121, &cnt), SH_ERR_SEAT);
  ST(sh_foreign_cells(0, cells, 3, &cnt), SH_ERR_BUFFER);
  CHECK(cnt == 40);

  ST(sh_seat_letter(3, &letter), SH_OK);
  CHECK(letter == 'K');
  ST(sh_seat_letter(6, &letter), SH_ERR_SEAT);
  ST(sh_seat_letter(0, NULL), SH_ERR_NULL);
  ST(sh_seat_from_letter('G', &k), SH_OK);
  CHECK(k == 5);
  ST(sh_seat_from_letter('X', &k), SH_ERR_SEAT);
  ST(sh_seat_from_letter('W', NULL), SH_ERR_NULL);
}

static void test_rules(void) {
  size_t n = sh_preset_count(), need, i;
  char buf[2048], before[2048];
  sh_rules *r = NULL, *r2 = NULL;
  unsigned mask = 0;
  CHECK(n >= 20);
  for (i = 0; i < n; ++i) {
    sh_rules *x = NULL;
    ST(sh_preset_id(i, buf, sizeof buf, &need), SH_OK);
    ST(sh_rules_new(buf, &x), SH_OK);
    sh_rules_free(x);
  }
  ST(sh_preset_id(0, NULL, 0, &need), SH_OK);
  CHECK(need == strlen("classic-2") + 1);
  ST(sh_preset_id(0, buf, 3, &need), SH_ERR_BUFFER);
  ST(sh_preset_id(n, buf, sizeof buf, &need), SH_ERR_RANGE);

  ST(sh_rules_new("no-such-table", &r), SH_ERR_PRESET);
  CHECK(r == NULL);
  CHECK(strstr(sh_last_error(), "no-such-table") != NULL);
  ST(sh_rules_new(NULL, &r), SH_ERR_NULL);
  ST(sh_rules_new("classic-2", NULL), SH_ERR_NULL);
  ST(sh_rules_new("race-2", &r), SH_OK);
  ST(sh_rules_id(r, buf, sizeof buf, &need), SH_OK);
  CHECK(strcmp(buf, "race-2") == 0);
  STH(sh_rules_id(r, buf, 2, &need), SH_ERR_BUFFER, sh_rules_error, r);
  CHECK(need == 7);
  ST(sh_rules_id(NULL, buf, sizeof buf, &need), SH_ERR_NULL);
  ST(sh_rules_seats(r, &mask), SH_OK);
  CHECK(mask == 9u);
  ST(sh_rules_seats(NULL, &mask), SH_ERR_NULL);
  STH(sh_rules_seats(r, NULL), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_rules_seat_name(r, 3, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, "red") == 0);
  ST(sh_rules_seat_name(r, 0, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, "blue") == 0);
  STH(sh_rules_seat_name(r, 7, buf, sizeof buf, NULL), SH_ERR_SEAT, sh_rules_error, r);
  ST(sh_rules_seat_name(NULL, 0, buf, sizeof buf, NULL), SH_ERR_NULL);

  ST(sh_rules_clone(r, &r2), SH_OK);
  ST(sh_rules_clone(NULL, &r2), SH_ERR_NULL);
  STH(sh_rules_clone(r, NULL), SH_ERR_NULL, sh_rules_error, r);
  sh_rules_free(r);
  sh_rules_free(NULL);
  r = r2;

  /* options */
  ST(sh_rules_get_option(r, "jumps", buf, sizeof buf, &need), SH_OK);
  CHECK(strcmp(buf, "standard") == 0);
  ST(sh_rules_get_option(r, "first-seat", buf, sizeof buf, &need), SH_OK);
  CHECK(strcmp(buf, "3") == 0);
  STH(sh_rules_get_option(r, "colour", buf, sizeof buf, &need), SH_ERR_OPTION, sh_rules_error, r);
  CHECK(strstr(sh_rules_error(r), "colour") != NULL);
  STH(sh_rules_get_option(r, NULL, buf, sizeof buf, &need), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_rules_get_option(NULL, "jumps", buf, sizeof buf, &need), SH_ERR_NULL);
  STH(sh_rules_get_option(r, "jumps", buf, 2, &need), SH_ERR_BUFFER, sh_rules_error, r);
  CHECK(need == 9);
  ST(sh_rules_describe(r, before, sizeof before, &need), SH_OK);
  CHECK(strstr(before, "zones = free\n") != NULL);
  STH(sh_rules_describe(r, buf, 4, &need), SH_ERR_BUFFER, sh_rules_error, r);
  ST(sh_rules_describe(NULL, buf, sizeof buf, &need), SH_ERR_NULL);
  ST(sh_rules_set_option(r, "jumps", "long"), SH_OK);
  ST(sh_rules_get_option(r, "jumps", buf, sizeof buf, &need), SH_OK);
  CHECK(strcmp(buf, "long") == 0);
  ST(sh_rules_set_option(r, "jumps", "standard"), SH_OK);
  STH(sh_rules_set_option(r, "jumps", "sideways"), SH_ERR_OPTION, sh_rules_error, r);
  STH(sh_rules_set_option(r, "nonsense", "1"), SH_ERR_OPTION, sh_rules_error, r);
  ST(sh_rules_validate(r), SH_OK);
  ST(sh_rules_validate(NULL), SH_ERR_NULL);
  STH(sh_rules_set_options(r, "zones = closed; bogus = 1"), SH_ERR_OPTION, sh_rules_error, r);
  STH(sh_rules_set_options(r, NULL), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_rules_set_options(NULL, "zones = free"), SH_ERR_NULL);
  STH(sh_rules_set_option(r, NULL, "1"), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_rules_set_option(r, "limit", NULL), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_rules_set_option(NULL, "limit", "1"), SH_ERR_NULL);
  ST(sh_rules_describe(r, buf, sizeof buf, &need), SH_OK);
  CHECK(strcmp(buf, before) == 0); /* failed sets changed nothing */
  {
    sh_position *pos = NULL;
    ST(sh_rules_set_options(r, "id = race-15\nmarbles = 15\nlimit = 99 rounds"), SH_OK);
    ST(sh_rules_get_option(r, "limit", buf, sizeof buf, &need), SH_OK);
    CHECK(strcmp(buf, "99 rounds") == 0);
    ST(sh_rules_set_option(r, "first-seat", "1"), SH_OK); /* red does not play */
    STH(sh_rules_validate(r), SH_ERR_OPTION, sh_rules_error, r);
    STH(sh_position_new(r, &pos), SH_ERR_OPTION, sh_rules_error, r);
    CHECK(pos == NULL);
    ST(sh_rules_set_option(r, "first-seat", "K"), SH_OK);
    ST(sh_position_new(r, &pos), SH_OK);
    sh_position_free(pos);
  }
  sh_rules_free(r);
}

static void test_positions(void) {
  sh_rules *r = NULL, *r2 = NULL;
  sh_position *p = NULL, *q = NULL;
  char buf[2048], before[1024];
  size_t need, cnt;
  int seat, king, round, cells[121];
  uint64_t h1, h2;
  unsigned char pk[SH_PACKED_SIZE], pk2[SH_PACKED_SIZE];
  const char *start =
      "classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0";

  ST(sh_rules_new("classic-2", &r), SH_OK);
  ST(sh_position_new(r, &p), SH_OK);
  ST(sh_position_new(NULL, &p), SH_ERR_NULL);
  STH(sh_position_new(r, NULL), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_position_to_text(p, NULL, 0, &need), SH_OK);
  CHECK(need == strlen(start) + 1);
  ST(sh_position_to_text(p, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, start) == 0);
  STH(sh_position_to_text(p, buf, 10, &need), SH_ERR_BUFFER, sh_position_error, p);
  STH(sh_position_to_text(p, NULL, 10, &need), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_to_text(NULL, buf, sizeof buf, &need), SH_ERR_NULL);
  CHECK(strcmp(sh_position_error(NULL), "") != 0);
  CHECK(strcmp(sh_rules_error(NULL), "") != 0);

  ST(sh_position_render(p, NULL, 0, &need), SH_OK);
  CHECK(need > 17 * 10);
  ST(sh_position_render(p, buf, sizeof buf, NULL), SH_OK);
  CHECK(strstr(buf, "W to move") != NULL);
  STH(sh_position_render(p, buf, 5, &need), SH_ERR_BUFFER, sh_position_error, p);
  ST(sh_position_render(NULL, buf, sizeof buf, &need), SH_ERR_NULL);

  ST(sh_position_parse(start, &q), SH_OK);
  ST(sh_position_hash(p, &h1), SH_OK);
  ST(sh_position_hash(q, &h2), SH_OK);
  CHECK(h1 == h2);
  ST(sh_position_hash(NULL, &h1), SH_ERR_NULL);
  STH(sh_position_hash(p, NULL), SH_ERR_NULL, sh_position_error, p);
  sh_position_free(q);
  q = NULL;
  ST(sh_position_parse("classic-3", &q), SH_OK);
  ST(sh_position_to_move(q, &seat), SH_OK);
  CHECK(seat == 0);
  sh_position_free(q);
  q = NULL;
  ST(sh_position_parse("bogus-9 W 0", &q), SH_ERR_PRESET);
  CHECK(q == NULL);
  ST(sh_position_parse("classic-2 W W:m1,zz9 K:e17 0", &q), SH_ERR_PARSE);
  CHECK(strstr(sh_last_error(), "zz9") != NULL && q == NULL);
  ST(sh_position_parse("classic-2 R W:m1 K:e17 0", &q), SH_ERR_PARSE);
  ST(sh_position_parse("", &q), SH_ERR_PARSE);
  {
    /* A text past the parsers' ceiling (64 KiB) is refused before any work. */
    char *big = (char *)malloc(65538);
    CHECK(big != NULL);
    memset(big, ' ', 65537);
    memcpy(big, "classic-2", 9);
    big[65537] = '\0';
    ST(sh_position_parse(big, &q), SH_ERR_PARSE);
    CHECK(strcmp(sh_last_error(), "position: 65537 bytes, more than the 65536 a text may have") == 0);
    CHECK(q == NULL);
    free(big);
  }
  ST(sh_position_parse(NULL, &q), SH_ERR_NULL);
  ST(sh_position_parse("classic-2", NULL), SH_ERR_NULL);

  ST(sh_position_parse_rules(r, "classic-2 K W:m1 K:e17 3", &q), SH_OK);
  ST(sh_position_to_move(q, &seat), SH_OK);
  CHECK(seat == 3);
  ST(sh_position_round(q, &round), SH_OK);
  CHECK(round == 3);
  ST(sh_position_round(NULL, &round), SH_ERR_NULL);
  STH(sh_position_round(q, NULL), SH_ERR_NULL, sh_position_error, q);
  ST(sh_position_to_move(NULL, &seat), SH_ERR_NULL);
  STH(sh_position_to_move(q, NULL), SH_ERR_NULL, sh_position_error, q);
  sh_position_free(q);
  q = NULL;
  STH(sh_position_parse_rules(r, "table-2 W W:m1 K:e17 0", &q), SH_ERR_PARSE, sh_rules_error, r);
  ST(sh_position_parse_rules(NULL, "classic-2", &q), SH_ERR_NULL);
  STH(sh_position_parse_rules(r, NULL, &q), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_position_parse_rules(r, "classic-2", NULL), SH_ERR_NULL, sh_rules_error, r);
  /* a custom table */
  ST(sh_rules_clone(r, &r2), SH_OK);
  ST(sh_rules_set_option(r2, "id", "my-table"), SH_OK);
  ST(sh_rules_set_option(r2, "zones", "free"), SH_OK);
  ST(sh_position_parse_rules(r2, "my-table W W:m1 K:e17 0", &q), SH_OK);
  ST(sh_position_to_text(q, buf, sizeof buf, NULL), SH_OK);
  CHECK(strcmp(buf, "my-table W W:m1 K: 0") != 0 && strncmp(buf, "my-table W W:m1 K:e17 0", 30) == 0);
  {
    sh_rules *back = NULL;
    ST(sh_position_rules(q, &back), SH_OK);
    ST(sh_rules_get_option(back, "zones", buf, sizeof buf, NULL), SH_OK);
    CHECK(strcmp(buf, "free") == 0);
    sh_rules_free(back);
    ST(sh_position_rules(NULL, &back), SH_ERR_NULL);
    STH(sh_position_rules(q, NULL), SH_ERR_NULL, sh_position_error, q);
  }
  sh_position_free(q);
  q = NULL;

  ST(sh_position_owner(p, 0, &seat, &king), SH_OK);
  CHECK(seat == 0 && king == 0);
  ST(sh_position_owner(p, 60, &seat, NULL), SH_OK);
  CHECK(seat == SH_NO_SEAT);
  ST(sh_position_owner(p, 120, &seat, NULL), SH_OK);
  CHECK(seat == 3);
  STH(sh_position_owner(p, 121, &seat, NULL), SH_ERR_CELL, sh_position_error, p);
  STH(sh_position_owner(p, 0, NULL, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_owner(NULL, 0, &seat, NULL), SH_ERR_NULL);

  ST(sh_position_pieces(p, 3, cells, 121, &cnt), SH_OK);
  CHECK(cnt == 10 && cells[9] == 120);
  ST(sh_position_pieces(p, 1, cells, 121, &cnt), SH_OK);
  CHECK(cnt == 0);
  STH(sh_position_pieces(p, 0, cells, 4, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  CHECK(cnt == 10);
  STH(sh_position_pieces(p, 9, cells, 121, &cnt), SH_ERR_SEAT, sh_position_error, p);
  ST(sh_position_pieces(NULL, 0, cells, 121, &cnt), SH_ERR_NULL);

  ST(sh_position_clone(p, &q), SH_OK);
  ST(sh_position_clone(NULL, &q), SH_ERR_NULL);
  STH(sh_position_clone(p, NULL), SH_ERR_NULL, sh_position_error, p);
  CHECK(strcmp(text_of(p), text_of(q)) == 0);
  sh_position_free(q);
  q = NULL;

  /* packed */
  ST(sh_position_pack(p, pk), SH_OK);
  CHECK(pk[0] == 0 && pk[60] == SH_PACKED_EMPTY && pk[120] == 3 && pk[121] == 0 && pk[127] == 0);
  ST(sh_position_pack(NULL, pk), SH_ERR_NULL);
  STH(sh_position_pack(p, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_unpack(r, pk, &q), SH_OK);
  CHECK(strcmp(text_of(p), text_of(q)) == 0);
  sh_position_free(q);
  q = NULL;
  memcpy(pk2, pk, sizeof pk);
  pk2[60] = 1; /* red does not play classic-2 */
  STH(sh_position_unpack(r, pk2, &q), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(q == NULL);
  memcpy(pk2, pk, sizeof pk);
  pk2[0] = SH_PACKED_KING; /* no kings in classic */
  STH(sh_position_unpack(r, pk2, &q), SH_ERR_PARSE, sh_rules_error, r);
  memcpy(pk2, pk, sizeof pk);
  pk2[121] = 2;
  STH(sh_position_unpack(r, pk2, &q), SH_ERR_PARSE, sh_rules_error, r);
  ST(sh_position_unpack(NULL, pk, &q), SH_ERR_NULL);
  STH(sh_position_unpack(r, NULL, &q), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_position_unpack(r, pk, NULL), SH_ERR_NULL, sh_rules_error, r);

  strcpy(before, text_of(p));
  CHECK(strcmp(before, start) == 0);
  sh_rules_free(r);
  sh_rules_free(r2);
  sh_position_free(p);
  sh_position_free(NULL);
}

static void test_moves(void) {
  sh_position *p = NULL, *k = NULL;
  sh_move mv[2000], m;
  size_t cnt, need, paths, i;
  int cells[200], legal, trunc;
  char buf[256], before[1024];

  ST(sh_position_parse("classic-2", &p), SH_OK);
  ST(sh_position_legal_moves(p, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 14);
  ST(sh_position_legal_moves(p, mv, 2000, &cnt), SH_OK);
  CHECK(cnt == 14);
  for (i = 1; i < cnt; ++i)
    CHECK(mv[i - 1].from < mv[i].from || (mv[i - 1].from == mv[i].from && mv[i - 1].to < mv[i].to));
  STH(sh_position_legal_moves(p, mv, 13, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  CHECK(cnt == 14);
  STH(sh_position_legal_moves(p, NULL, 13, &cnt), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_legal_moves(NULL, mv, 2000, &cnt), SH_ERR_NULL);
  ST(sh_position_count_moves(p, &cnt), SH_OK);
  CHECK(cnt == 14);
  ST(sh_position_count_moves(NULL, &cnt), SH_ERR_NULL);
  STH(sh_position_count_moves(p, NULL), SH_ERR_NULL, sh_position_error, p);

  /* k3 (index 4): steps to j5? Check through is_legal and destinations. */
  ST(sh_position_destinations(p, 6, cells, 200, &cnt), SH_OK); /* j4 */
  CHECK(cnt == 2);
  ST(sh_position_destinations(p, 60, cells, 200, &cnt), SH_OK); /* empty cell */
  CHECK(cnt == 0);
  STH(sh_position_destinations(p, 121, cells, 200, &cnt), SH_ERR_CELL, sh_position_error, p);
  STH(sh_position_destinations(p, 6, cells, 1, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  ST(sh_position_destinations(NULL, 6, cells, 200, &cnt), SH_ERR_NULL);

  ST(sh_position_is_legal(p, mv[0].from, mv[0].to, &legal), SH_OK);
  CHECK(legal == 1);
  ST(sh_position_is_legal(p, 0, 60, &legal), SH_OK);
  CHECK(legal == 0);
  STH(sh_position_is_legal(p, 0, 130, &legal), SH_ERR_CELL, sh_position_error, p);
  STH(sh_position_is_legal(p, 0, 1, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_position_is_legal(NULL, 0, 1, &legal), SH_ERR_NULL);

  ST(sh_position_closed_cells(p, 0, cells, 200, &cnt), SH_OK);
  CHECK(cnt == 40);
  STH(sh_position_closed_cells(p, 8, cells, 200, &cnt), SH_ERR_SEAT, sh_position_error, p);
  ST(sh_position_closed_cells(NULL, 0, cells, 200, &cnt), SH_ERR_NULL);

  /* m1-m3-k5 after nothing? At the start k3-i5 is a jump over j4. */
  {
    int k3, i5, j4, m1;
    sh_cell_from_name("k3", &k3);
    sh_cell_from_name("i5", &i5);
    sh_cell_from_name("j4", &j4);
    sh_cell_from_name("m1", &m1);
    ST(sh_position_canonical_path(p, k3, i5, cells, 200, &cnt), SH_OK);
    CHECK(cnt == 2 && cells[0] == k3 && cells[1] == i5);
    STH(sh_position_canonical_path(p, k3, i5, cells, 1, &cnt), SH_ERR_BUFFER, sh_position_error, p);
    CHECK(cnt == 2);
    STH(sh_position_canonical_path(p, m1, i5, cells, 200, &cnt), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_canonical_path(p, m1, 121, cells, 200, &cnt), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_canonical_path(NULL, k3, i5, cells, 200, &cnt), SH_ERR_NULL);

    ST(sh_position_all_paths(p, k3, i5, 10, NULL, 0, &need, &paths, &trunc), SH_OK);
    CHECK(need == 3);
    ST(sh_position_all_paths(p, k3, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_OK);
    CHECK(cnt == 3 && paths == 1 && trunc == 0 && cells[2] == SH_NO_CELL);
    ST(sh_position_all_paths(p, k3, i5, 10, cells, 200, &cnt, NULL, NULL), SH_OK);
    STH(sh_position_all_paths(p, k3, i5, 10, cells, 2, &cnt, &paths, &trunc), SH_ERR_BUFFER, sh_position_error, p);
    STH(sh_position_all_paths(p, k3, i5, 0, cells, 200, &cnt, &paths, &trunc), SH_ERR_RANGE, sh_position_error, p);
    STH(sh_position_all_paths(p, m1, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_all_paths(p, -1, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_all_paths(NULL, k3, i5, 10, cells, 200, &cnt, &paths, &trunc), SH_ERR_NULL);
    /* A limit equal to the number of routes leaves nothing out. */
    ST(sh_position_all_paths(p, k3, i5, 1, cells, 200, &cnt, &paths, &trunc), SH_OK);
    CHECK(paths == 1 && trunc == 0);

    ST(sh_position_format_move(p, k3, i5, buf, sizeof buf, &need), SH_OK);
    CHECK(strcmp(buf, "k3-i5") == 0 && need == 6);
    STH(sh_position_format_move(p, k3, i5, buf, 3, &need), SH_ERR_BUFFER, sh_position_error, p);
    STH(sh_position_format_move(p, m1, i5, buf, sizeof buf, &need), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_format_move(p, m1, 999, buf, sizeof buf, &need), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_format_move(NULL, k3, i5, buf, sizeof buf, &need), SH_ERR_NULL);

    ST(sh_position_parse_move(p, "k3-i5", &m), SH_OK);
    CHECK(m.from == k3 && m.to == i5);
    m.from = m.to = -7;
    STH(sh_position_parse_move(p, "m1-m5", &m), SH_ERR_MOVE, sh_position_error, p);
    CHECK(m.from == -7);
    STH(sh_position_parse_move(p, "hello", &m), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_parse_move(p, NULL, &m), SH_ERR_NULL, sh_position_error, p);
    STH(sh_position_parse_move(p, "k3-i5", NULL), SH_ERR_NULL, sh_position_error, p);
    ST(sh_position_parse_move(NULL, "k3-i5", &m), SH_ERR_NULL);

    /* play: illegal moves change nothing */
    strcpy(before, text_of(p));
    STH(sh_position_play(p, m1, i5), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_play(p, 60, 61), SH_ERR_MOVE, sh_position_error, p);
    STH(sh_position_play(p, 0, 121), SH_ERR_CELL, sh_position_error, p);
    ST(sh_position_play(NULL, k3, i5), SH_ERR_NULL);
    CHECK(strcmp(before, text_of(p)) == 0);
    ST(sh_position_play(p, k3, i5), SH_OK);
    CHECK(strcmp(before, text_of(p)) != 0);
    {
      int seat, round;
      sh_position_to_move(p, &seat);
      sh_position_round(p, &round);
      CHECK(seat == 3 && round == 0);
      ST(sh_position_legal_moves(p, mv, 2000, &cnt), SH_OK);
      ST(sh_position_play(p, mv[0].from, mv[0].to), SH_OK);
      sh_position_to_move(p, &seat);
      sh_position_round(p, &round);
      CHECK(seat == 0 && round == 1);
    }
  }
  sh_position_free(p);

  /* a king table: packed king bit and render mark */
  ST(sh_position_parse("japanese-2", &k), SH_OK);
  {
    unsigned char pk[SH_PACKED_SIZE];
    int seat, king;
    ST(sh_position_owner(k, 0, &seat, &king), SH_OK);
    CHECK(seat == 0 && king == 1);
    ST(sh_position_pack(k, pk), SH_OK);
    CHECK(pk[0] == (0 | SH_PACKED_KING));
    ST(sh_position_render(k, before, sizeof before, NULL), SH_OK);
    CHECK(strstr(before, "W*") != NULL);
    ST(sh_position_count_moves(k, &cnt), SH_OK);
    CHECK(cnt == 20);
  }
  sh_position_free(k);
}

/* A legal table-6 position with millions of routes for each move of i9: the
 * library stops at its ceiling of 100000 routes and says so (2), in both the
 * size query and the fill call. */
static void test_all_paths_ceiling(void) {
  sh_position *p = NULL;
  int i9, k5, trunc = -1;
  size_t need = 0, cnt = 0, paths = 0;
  int *cells;
  ST(sh_position_parse("table-6 W W:j4,j5,g6,i6,j7,g8,i8,i9,d10,e10 "
                       "R:k4,l5,j6,n6,h8,j8,l8,l10,m10,j11 B:l4,h6,k6,f7,k8,f9,h9,d11,e12,f12 "
                       "K:m4,l6,m6,n7,j9,l9,g10,l11,g12,j12 Y:h5,h7,e8,f8,f10,h10,j10,d12,h12,f13 "
                       "G:n5,l7,m8,n8,i10,k10,h11,i12,h13 0", &p), SH_OK);
  sh_cell_from_name("i9", &i9);
  sh_cell_from_name("k5", &k5);
  ST(sh_position_all_paths(p, i9, k5, (size_t)-1, NULL, 0, &need, &paths, &trunc), SH_OK);
  CHECK(paths == 100000 && trunc == 2 && need > 300000);
  cells = (int *)malloc(need * sizeof *cells);
  CHECK(cells != NULL);
  if (cells) {
    paths = 0;
    trunc = -1;
    ST(sh_position_all_paths(p, i9, k5, (size_t)-1, cells, need, &cnt, &paths, &trunc), SH_OK);
    CHECK(cnt == need && paths == 100000 && trunc == 2);
    CHECK(cells[0] == i9 && cells[need - 2] == k5 && cells[need - 1] == SH_NO_CELL);
    /* Under the ceiling the caller's limit is what cuts. */
    ST(sh_position_all_paths(p, i9, k5, 50, cells, need, &cnt, &paths, &trunc), SH_OK);
    CHECK(paths == 50 && trunc == 1);
    free(cells);
  }
  sh_position_free(p);
}

static void test_perft_batch(void) {
  sh_position *p = NULL;
  sh_rules *r = NULL;
  uint64_t n, nodes[64], sum = 0;
  sh_move mv[64], all[4000];
  size_t cnt, i, off[4], bad = 99;
  uint32_t counts[3] = {0, 0, 0};
  unsigned char pk[3 * SH_PACKED_SIZE];
  int winners[4], plies[4], plies2[4];
  const char *texts[3] = {"classic-2", "fifteen-2", "japanese-2"};
  const char *badtexts[2] = {"classic-2", "classic-2 W W:q1 0"};

  ST(sh_position_parse("classic-2", &p), SH_OK);
  ST(sh_perft(p, 0, &n), SH_OK);
  CHECK(n == 1);
  ST(sh_perft(p, 3, &n), SH_OK);
  CHECK(n == 4648);
  ST(sh_perft(p, 4, &n), SH_OK);
  CHECK(n == 110224);
  STH(sh_perft(p, -1, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft(p, 99, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft(p, 2, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_perft(NULL, 2, &n), SH_ERR_NULL);
  /* On threads: the same counts; ranges checked, nodes untouched on error. */
  ST(sh_perft_threads(p, 4, 2, &n), SH_OK);
  CHECK(n == 110224);
  ST(sh_perft_threads(p, 3, 256, &n), SH_OK);
  CHECK(n == 4648);
  ST(sh_perft_threads(p, 0, 3, &n), SH_OK);
  CHECK(n == 1);
  n = 7;
  STH(sh_perft_threads(p, 3, 0, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft_threads(p, 3, 257, &n), SH_ERR_RANGE, sh_position_error, p);
  STH(sh_perft_threads(p, 33, 2, &n), SH_ERR_RANGE, sh_position_error, p);
  CHECK(n == 7);
  STH(sh_perft_threads(p, 3, 2, NULL), SH_ERR_NULL, sh_position_error, p);
  ST(sh_perft_threads(NULL, 3, 2, &n), SH_ERR_NULL);

  ST(sh_divide(p, 3, NULL, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 14);
  ST(sh_divide(p, 3, mv, nodes, 64, &cnt), SH_OK);
  for (i = 0; i < cnt; ++i) sum += nodes[i];
  CHECK(sum == 4648);
  STH(sh_divide(p, 3, mv, nodes, 5, &cnt), SH_ERR_BUFFER, sh_position_error, p);
  STH(sh_divide(p, 3, mv, NULL, 64, &cnt), SH_ERR_NULL, sh_position_error, p);
  STH(sh_divide(p, 0, mv, nodes, 64, &cnt), SH_ERR_RANGE, sh_position_error, p);
  ST(sh_divide(NULL, 3, mv, nodes, 64, &cnt), SH_ERR_NULL);

  /* batch over packed positions */
  ST(sh_rules_new("classic-2", &r), SH_OK);
  for (i = 0; i < 3; ++i) ST(sh_position_pack(p, pk + i * SH_PACKED_SIZE), SH_OK);
  pk[2 * SH_PACKED_SIZE + 121] = 3; /* black to move in the third */
  ST(sh_batch_count_moves(r, pk, 3, counts), SH_OK);
  CHECK(counts[0] == 14 && counts[1] == 14 && counts[2] == 14);
  ST(sh_batch_count_moves(r, NULL, 0, NULL), SH_OK);
  ST(sh_batch_count_moves(NULL, pk, 3, counts), SH_ERR_NULL);
  STH(sh_batch_count_moves(r, NULL, 3, counts), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_batch_count_moves(r, pk, 3, NULL), SH_ERR_NULL, sh_rules_error, r);
  pk[SH_PACKED_SIZE + 60] = 4;
  counts[0] = 77;
  STH(sh_batch_count_moves(r, pk, 3, counts), SH_ERR_PARSE, sh_rules_error, r);
  CHECK(counts[0] == 77 && strstr(sh_last_error(), "position 1") != NULL);
  pk[SH_PACKED_SIZE + 60] = SH_PACKED_EMPTY;

  ST(sh_batch_legal_moves(r, pk, 3, off, NULL, 0, &cnt), SH_OK);
  CHECK(cnt == 42);
  ST(sh_batch_legal_moves(r, pk, 3, off, all, 4000, &cnt), SH_OK);
  CHECK(off[0] == 0 && off[1] == 14 && off[3] == 42 && all[14].from == all[0].from);
  STH(sh_batch_legal_moves(r, pk, 3, off, all, 10, &cnt), SH_ERR_BUFFER, sh_rules_error, r);
  CHECK(cnt == 42);
  STH(sh_batch_legal_moves(r, pk, 3, NULL, all, 4000, &cnt), SH_ERR_NULL, sh_rules_error, r);
  STH(sh_batch_legal_moves(r, NULL, 3, off, all, 4000, &cnt), SH_ERR_NULL, sh_rules_error, r);
  ST(sh_batch_legal_moves(NULL, pk, 3, off, all, 4000, &cnt), SH_ERR_NULL);

  ST(sh_batch_count_moves_text(texts, 3, counts, &bad), SH_OK);
  CHECK(counts[0] == 14 && counts[1] == 18 && counts[2] == 20);
  ST(sh_batch_count_moves_text(badtexts, 2, counts, &bad), SH_ERR_PARSE);
  CHECK(bad == 1 && counts[0] == 14);
  ST(sh_batch_count_moves_text(NULL, 2, counts, &bad), SH_ERR_NULL);
  ST(sh_batch_count_moves_text(texts, 2, NULL, &bad), SH_ERR_NULL);
  ST(sh_batch_count_moves_text(texts, 0, NULL, NULL), SH_OK);

  ST(sh_position_playouts(p, 4, 200, 42, winners, plies), SH_OK);
  for (i = 0; i < 4; ++i) CHECK(plies[i] >= 1 && plies[i] <= 200);
  ST(sh_position_playouts(p, 4, 200, 42, NULL, plies2), SH_OK);
  CHECK(memcmp(plies, plies2, sizeof plies) == 0); /* deterministic */
  ST(sh_position_playouts(p, 4, 0, 42, winners, plies), SH_OK);
  CHECK(plies[0] == 0 && winners[0] == SH_NO_SEAT);
  STH(sh_position_playouts(p, 4, -1, 42, winners, plies), SH_ERR_RANGE, sh_position_error, p);
  ST(sh_position_playouts(NULL, 4, 10, 42, winners, plies), SH_ERR_NULL);
  sh_rules_free(r);
  sh_position_free(p);
}


/* Issue 10: clocks are bounded, playouts have ceilings, growing structs. */
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
  CHECK(info.status == SH_SEAT_OUT && info.reserve_ms == SH_MAX_CLOCK_MS);

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
    /* budgets (issue 15): the default is (0, 0); ranges are checked and a
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
  ST(sh_game_from_record(NULL, "classic-2 W m1-m5", &g2), SH_ERR_PARSE);
  CHECK(g2 == NULL);
  ST(sh_game_from_record(NULL, "nowhere-9 W", &g2), SH_ERR_PRESET);
  ST(sh_game_from_record(NULL, NULL, &g2), SH_ERR_NULL);
  ST(sh_game_from_record(NULL, "classic-2 W", NULL), SH_ERR_NULL);

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

/* Issue 10: hostile input the C ABI took as valid or answered with the
 * wrong kind of error. */
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
  /* ... so a record of a custom table cannot replay under a preset's rules */
  ST(sh_rules_set_option(t, "id", "free-2"), SH_OK);
  ST(sh_rules_validate(t), SH_OK);
  {
    sh_game *g = NULL, *back = NULL;
    ST(sh_game_new(t, -1, &g), SH_OK);
    ST(sh_game_record(g, 0, buf, sizeof buf, NULL), SH_OK);
    CHECK(strncmp(buf, "free-2 W", 8) == 0);
    ST(sh_game_from_record(NULL, buf, &back), SH_ERR_PRESET);
    CHECK(back == NULL);
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
  test_library();
  test_cells();
  test_rules();
  test_positions();
  test_moves();
  test_all_paths_ceiling();
  test_perft_batch();
  test_game();
  test_ceilings();
  test_hostile();
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
