/* capi_stats_test.c — match statistics through the C ABI: Elo from W/D/L
 * and from pentanomial counts, the SPRT, the sh_match_stats handle with
 * games out of order, three players, teams, the growing structs and every
 * misuse (capi_check.h). Expected figures are worked out by hand: W/D/L
 * 60/20/20 is a score of 0.7 with standard error sqrt(0.16 / 100) = 0.04.
 * Plain C99. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

static int near(double a, double b, double tol) { return fabs(a - b) <= tol; }

static void test_free_functions(void) {
  sh_interval e;
  sh_sprt_test t;
  sh_sprt_result r;
  unsigned char big[sizeof(sh_sprt_result) + 8];
  const int64_t penta[5] = {2, 6, 20, 12, 10}, strong[5] = {8, 24, 80, 48, 40};
  const int64_t weak[5] = {40, 48, 80, 24, 8}, bad[5] = {1, 1, -1, 1, 1};
  size_t i;

  ST(sh_elo_from_wdl(60, 20, 20, &e), SH_OK);
  CHECK(near(e.value, 147.1907, 1e-4));
  CHECK(near(e.low, 86.2250, 1e-4) && near(e.high, 218.2518, 1e-4));
  ST(sh_elo_from_wdl(0, 0, 0, &e), SH_OK);
  CHECK(e.value == 0 && e.low == 0 && e.high == 0);
  ST(sh_elo_from_wdl(10, 0, 0, &e), SH_OK); /* clamped to 0.95: 400 log10 19 */
  CHECK(near(e.value, 511.5014, 1e-4) && e.low == e.value && e.high == e.value);
  ST(sh_elo_from_wdl(-1, 0, 0, &e), SH_ERR_RANGE);
  CHECK(strstr(sh_last_error(), "count 0 is -1") != NULL);
  ST(sh_elo_from_wdl(SH_MAX_STATS_COUNT, 0, 1, &e), SH_ERR_RANGE);
  ST(sh_elo_from_wdl(1, 0, 0, NULL), SH_ERR_NULL);
  /* 50 pairs, mean 0.61, per-pair variance 0.0704: 400 log10(.61 / .39) */
  ST(sh_elo_from_pentanomial(penta, &e), SH_OK);
  CHECK(near(e.value, 77.7061, 1e-4) && near(e.low, 25.3770, 1e-4));
  ST(sh_elo_from_pentanomial(bad, &e), SH_ERR_RANGE);
  ST(sh_elo_from_pentanomial(NULL, &e), SH_ERR_NULL);

  ST(sh_sprt_test_init(&t, sizeof t), SH_OK);
  CHECK(t.size == sizeof t && t.alpha == 0.05 && t.beta == 0.05 && t.elo0 == 0 && t.elo1 == 0);
  ST(sh_sprt_check(&t), SH_ERR_RANGE); /* elo0 = elo1: the caller sets them */
  CHECK(strstr(sh_last_error(), "elo0") != NULL);
  t.elo1 = 10;
  ST(sh_sprt_check(&t), SH_OK);
  ST(sh_sprt(&t, penta, &r, sizeof r), SH_OK);
  CHECK(r.decision == SH_SPRT_CONTINUE && r.llr > 0 && r.llr < r.upper);
  CHECK(near(r.lower, log(0.05 / 0.95), 1e-12) && near(r.upper, log(0.95 / 0.05), 1e-12));
  ST(sh_sprt(&t, strong, &r, sizeof r), SH_OK);
  CHECK(r.decision == SH_SPRT_ACCEPT_H1 && r.llr >= r.upper);
  ST(sh_sprt(&t, weak, &r, sizeof r), SH_OK);
  CHECK(r.decision == SH_SPRT_ACCEPT_H0 && r.llr <= r.lower);
  /* growing structs: a newer caller's tail is zeroed, an older one refused */
  memset(big, 0xAB, sizeof big);
  ST(sh_sprt(&t, strong, (sh_sprt_result *)(void *)big, sizeof big), SH_OK);
  for (i = sizeof(sh_sprt_result); i < sizeof big; ++i) CHECK(big[i] == 0);
  ST(sh_sprt(&t, strong, &r, SH_SPRT_RESULT_SIZE_V1 - 1), SH_ERR_RANGE);
  ST(sh_sprt_test_init(&t, SH_SPRT_TEST_SIZE_V1 - 1), SH_ERR_RANGE);
  t.size = 4;
  ST(sh_sprt(&t, strong, &r, sizeof r), SH_ERR_RANGE);
  CHECK(strstr(sh_last_error(), "sh_sprt_test") != NULL);
  ST(sh_sprt_test_init(&t, sizeof t), SH_OK);
  t.elo1 = 10;
  /* each field named */
  t.alpha = 0;
  ST(sh_sprt(&t, strong, &r, sizeof r), SH_ERR_RANGE);
  CHECK(strstr(sh_last_error(), "alpha") != NULL);
  t.alpha = 0.05;
  t.beta = 1;
  ST(sh_sprt_check(&t), SH_ERR_RANGE);
  CHECK(strstr(sh_last_error(), "beta") != NULL);
  t.beta = 0.05;
  t.elo1 = SH_MAX_SPRT_ELO + 1;
  ST(sh_sprt_check(&t), SH_ERR_RANGE);
  CHECK(strstr(sh_last_error(), "elo1") != NULL);
  t.elo1 = 10;
  ST(sh_sprt(&t, bad, &r, sizeof r), SH_ERR_RANGE);
  ST(sh_sprt(NULL, strong, &r, sizeof r), SH_ERR_NULL);
  ST(sh_sprt(&t, NULL, &r, sizeof r), SH_ERR_NULL);
  ST(sh_sprt(&t, strong, NULL, sizeof r), SH_ERR_NULL);
  ST(sh_sprt_check(NULL), SH_ERR_NULL);
}

static void test_match(void) {
  sh_match_stats *m = NULL, *c = NULL;
  sh_player_stats ps;
  sh_interval e, w;
  sh_sprt_test t;
  sh_sprt_result r;
  int64_t games = -1, counts[5], wins, draws, losses;
  double score = -1;
  int players = 0, two = -1;
  const int win[2] = {1, 2}, loss[2] = {2, 1}, draw[2] = {1, 1}, bad_place[2] = {1, 3};
  unsigned char big[sizeof(sh_player_stats) + 8];
  size_t i;

  ST(sh_match_stats_new(1, &m), SH_ERR_RANGE);
  ST(sh_match_stats_new(7, &m), SH_ERR_RANGE);
  ST(sh_match_stats_new(2, NULL), SH_ERR_NULL);
  ST(sh_match_stats_new(2, &m), SH_OK);
  OK(sh_match_stats_players(m, &players));
  CHECK(players == 2);
  /* out of order: pair 1 (games 2, 3) complete first */
  OK(sh_match_stats_add(m, 3, win, 2, NULL, 0));
  OK(sh_match_stats_add(m, 0, draw, 2, NULL, 0));
  OK(sh_match_stats_add(m, 2, win, 2, NULL, 0));
  OK(sh_match_stats_pentanomial(m, counts));
  CHECK(counts[0] == 0 && counts[1] == 0 && counts[2] == 0 && counts[3] == 0 && counts[4] == 1);
  OK(sh_match_stats_add(m, 1, loss, 2, NULL, 0)); /* pair 0: 1/2 point */
  OK(sh_match_stats_pentanomial(m, counts));
  CHECK(counts[1] == 1 && counts[4] == 1);
  OK(sh_match_stats_wdl(m, &wins, &draws, &losses));
  CHECK(wins == 2 && draws == 1 && losses == 1);
  OK(sh_match_stats_wdl(m, NULL, NULL, &losses));
  OK(sh_match_stats_games(m, &games));
  CHECK(games == 4);
  OK(sh_match_stats_two_units(m, &two));
  CHECK(two == 1);
  OK(sh_match_stats_elo(m, &e));
  OK(sh_elo_from_wdl(2, 1, 1, &w));
  CHECK(e.value == w.value && e.low == w.low && e.high == w.high);
  OK(sh_match_stats_score(m, &e));
  CHECK(near(e.value, 2.5 / 4, 1e-12));
  OK(sh_match_stats_player(m, 1, &ps, sizeof ps));
  CHECK(ps.games == 4 && ps.wins == 1 && ps.draws == 1 && ps.losses == 2);
  CHECK(near(ps.place.value, 1.5, 1e-12)); /* places 1, 2, 2, 1 */
  OK(sh_match_stats_pairwise(m, 0, 1, &games, &score));
  CHECK(games == 4 && score == 2.5);
  OK(sh_match_stats_pairwise(m, 1, 0, NULL, &score));
  CHECK(score == 1.5);
  OK(sh_sprt_test_init(&t, sizeof t));
  t.elo1 = 10;
  OK(sh_match_stats_sprt(m, &t, &r, sizeof r));
  CHECK(r.decision == SH_SPRT_CONTINUE);
  OK(sh_match_stats_pentanomial(m, counts));
  {
    sh_sprt_result direct;
    OK(sh_sprt(&t, counts, &direct, sizeof direct));
    CHECK(direct.llr == r.llr);
  }

  /* misuse: each refused with the handle's message, nothing changed */
  STH(sh_match_stats_add(m, 3, win, 2, NULL, 0), SH_ERR_STATE, sh_match_stats_error, m);
  CHECK(strstr(sh_last_error(), "game 3 was added before") != NULL);
  STH(sh_match_stats_add(m, -1, win, 2, NULL, 0), SH_ERR_RANGE, sh_match_stats_error, m);
  STH(sh_match_stats_add(m, SH_MAX_MATCH_GAMES, win, 2, NULL, 0), SH_ERR_RANGE,
      sh_match_stats_error, m);
  STH(sh_match_stats_add(m, 9, win, 1, NULL, 0), SH_ERR_RANGE, sh_match_stats_error, m);
  STH(sh_match_stats_add(m, 9, bad_place, 2, NULL, 0), SH_ERR_RANGE, sh_match_stats_error, m);
  CHECK(strstr(sh_last_error(), "player 1's place 3") != NULL);
  STH(sh_match_stats_add(m, 9, win, 2, NULL, 2), SH_ERR_NULL, sh_match_stats_error, m);
  STH(sh_match_stats_add(m, 9, win, 2, win, 1), SH_ERR_RANGE, sh_match_stats_error, m);
  STH(sh_match_stats_add(m, 9, NULL, 2, NULL, 0), SH_ERR_NULL, sh_match_stats_error, m);
  ST(sh_match_stats_add(NULL, 9, win, 2, NULL, 0), SH_ERR_NULL);
  STH(sh_match_stats_player(m, 2, &ps, sizeof ps), SH_ERR_RANGE, sh_match_stats_error, m);
  STH(sh_match_stats_player(m, 0, &ps, SH_PLAYER_STATS_SIZE_V1 - 1), SH_ERR_RANGE,
      sh_match_stats_error, m);
  STH(sh_match_stats_pairwise(m, 0, -1, &games, &score), SH_ERR_RANGE, sh_match_stats_error, m);
  t.alpha = 2;
  STH(sh_match_stats_sprt(m, &t, &r, sizeof r), SH_ERR_RANGE, sh_match_stats_error, m);
  t.alpha = 0.05;
  ST(sh_match_stats_score(m, NULL), SH_ERR_NULL);
  OK(sh_match_stats_games(m, &games));
  CHECK(games == 4);
  memset(big, 0xAB, sizeof big);
  OK(sh_match_stats_player(m, 0, (sh_player_stats *)(void *)big, sizeof big));
  for (i = sizeof(sh_player_stats); i < sizeof big; ++i) CHECK(big[i] == 0);

  /* a clone goes its own way */
  OK(sh_match_stats_clone(m, &c));
  OK(sh_match_stats_add(c, 4, win, 2, NULL, 0));
  OK(sh_match_stats_games(c, &games));
  CHECK(games == 5);
  OK(sh_match_stats_games(m, &games));
  CHECK(games == 4);
  sh_match_stats_free(c);
  sh_match_stats_free(m);
  sh_match_stats_free(NULL);
  CHECK(strlen(sh_match_stats_error(NULL)) > 0);
}

static void test_players_and_teams(void) {
  sh_match_stats *m = NULL;
  sh_player_stats ps;
  sh_sprt_test t;
  sh_sprt_result r;
  int64_t games, counts[5], wins;
  double score;
  int two;
  const int three[3] = {1, 2, 3}, shared[3] = {2, 1, 1};
  const int team_places[4] = {1, 2, 1, 2}, teams[4] = {0, 1, 0, 1}, split[4] = {1, 2, 2, 1};

  OK(sh_match_stats_new(3, &m));
  OK(sh_match_stats_add(m, 0, three, 3, NULL, 0));
  OK(sh_match_stats_add(m, 1, shared, 3, NULL, 0));
  OK(sh_match_stats_two_units(m, &two));
  CHECK(two == 0);
  STH(sh_match_stats_wdl(m, &wins, NULL, NULL), SH_ERR_STATE, sh_match_stats_error, m);
  STH(sh_match_stats_pentanomial(m, counts), SH_ERR_STATE, sh_match_stats_error, m);
  OK(sh_sprt_test_init(&t, sizeof t));
  t.elo1 = 10;
  STH(sh_match_stats_sprt(m, &t, &r, sizeof r), SH_ERR_STATE, sh_match_stats_error, m);
  OK(sh_match_stats_player(m, 2, &ps, sizeof ps)); /* 3rd, then 1st shared with player 1 */
  CHECK(ps.wins == 0 && ps.draws == 1 && ps.losses == 1 && near(ps.place.value, 2, 1e-12));
  OK(sh_match_stats_pairwise(m, 1, 2, &games, &score));
  CHECK(games == 2 && score == 1.5);
  sh_match_stats_free(m);

  OK(sh_match_stats_new(4, &m));
  OK(sh_match_stats_add(m, 0, team_places, 4, teams, 4));
  OK(sh_match_stats_pairwise(m, 0, 2, &games, NULL));
  CHECK(games == 0); /* partners */
  OK(sh_match_stats_wdl(m, &wins, NULL, NULL));
  CHECK(wins == 1);
  STH(sh_match_stats_add(m, 1, split, 4, teams, 4), SH_ERR_RANGE, sh_match_stats_error, m);
  CHECK(strstr(sh_last_error(), "partners share a place") != NULL);
  sh_match_stats_free(m);
}

int main(void) {
  test_free_functions();
  test_match();
  test_players_and_teams();
  return checks_done();
}
