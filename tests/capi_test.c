/* capi_test.c — the C ABI's library, cell and rules calls, and every misuse:
 * NULL handle, NULL or short buffer, bad cell, bad preset id or option. Each
 * misuse must give the right status, a readable message (on the thread and
 * on the handle) and leave the state unchanged (capi_check.h). Positions,
 * games and the ceilings have their own programs: capi_position_test.c,
 * capi_game_test.c, capi_limits_test.c. Plain C99. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

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

int main(void) {
  test_library();
  test_cells();
  test_rules();
  return checks_done();
}
