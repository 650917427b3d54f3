/* capi_names_test.c — every row of the table of names (docs/guides/names.md), called
 * through the C ABI in table order (capi_test.c and its siblings cover
 * every misuse). Also the enum name functions and SH_MAX_MOVES.
 * Plain C99. */
#include <stdio.h>
#include <string.h>

#include "capi_check.h"
#include "sternhalma.h"

static int cell(const char *name) {
  int c = -1;
  OK(sh_cell_from_name(name, &c));
  return c;
}

static void cells(void) {
  char buf[16], letter = 0;
  int c, q, r, nb[6], p, d, out[SH_NUM_CELLS], seat;
  double x, y;
  size_t n;
  CHECK(strcmp(sh_version(), "0.3.0") >= 0);
  CHECK(strcmp(sh_status_name(SH_ERR_MOVE), "SH_ERR_MOVE") == 0);
  CHECK(sh_cell_from_name("z99", &c) == SH_ERR_CELL && strlen(sh_last_error()) > 0);
  OK(sh_cell_name(cell("k3"), buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "k3") == 0);
  OK(sh_cell_axial(60, &q, &r));
  CHECK(q == 0 && r == 0);
  OK(sh_cell_at(0, 0, &c));
  CHECK(c == 60);
  OK(sh_cell_neighbours(60, nb));
  CHECK(nb[0] != SH_NO_CELL && nb[5] != SH_NO_CELL);
  OK(sh_cell_point(120, &p));
  CHECK(p == 3);
  OK(sh_cell_xy(60, &x, &y));
  CHECK(x == 0.0 && y == 0.0);
  OK(sh_cell_rotate(0, 3, &c));
  CHECK(c == 120);
  OK(sh_cell_reflect(60, &c));
  CHECK(c == 60);
  OK(sh_cell_distance(0, 120, &d));
  CHECK(d == 16);
  OK(sh_camp_cells(0, 15, out, SH_NUM_CELLS, &n));
  CHECK(n == 15);
  OK(sh_tip_cell(3, &c));
  CHECK(c == 120);
  OK(sh_foreign_cells(0, out, SH_NUM_CELLS, &n));
  CHECK(n == 40);
  OK(sh_seat_letter(3, &letter));
  CHECK(letter == 'K');
  OK(sh_seat_from_letter('K', &seat));
  CHECK(seat == 3);
}

static void rules_and_positions(void) {
  char buf[2048];
  size_t n, i, paths;
  unsigned mask;
  int seat, round, king, out[SH_NUM_CELLS], legal, goal, tip, in_goal, winners[2], plies[2];
  uint64_t hash, nodes, dnodes[SH_MAX_MOVES];
  unsigned char packed[SH_PACKED_SIZE];
  uint32_t counts[1];
  size_t offsets[2];
  const char *texts[1] = {"classic-2"};
  sh_move moves[SH_MAX_MOVES], m, dmoves[SH_MAX_MOVES];
  sh_rules *r = NULL, *r2 = NULL;
  sh_position *p = NULL, *p2 = NULL, *p3 = NULL;

  CHECK(sh_preset_count() >= 21);
  OK(sh_preset_id(0, buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "classic-2") == 0);
  OK(sh_rules_new("table-3", &r));
  OK(sh_rules_id(r, buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "table-3") == 0);
  OK(sh_rules_seats(r, &mask));
  CHECK(mask == 0x15u);
  OK(sh_rules_seat_name(r, 0, buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "white") == 0);
  OK(sh_rules_set_option(r, "zones", "free"));
  OK(sh_rules_get_option(r, "zones", buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "free") == 0);
  OK(sh_rules_set_options(r, "id=table-3-closed;zones=closed;goal-lock=no"));
  OK(sh_rules_validate(r));
  OK(sh_rules_derive_id(r)); /* its own id is kept */
  OK(sh_rules_validate(r));
  OK(sh_rules_describe(r, buf, sizeof buf, NULL));
  CHECK(strstr(buf, "goal-lock = no") != NULL);
  OK(sh_rules_clone(r, &r2));
  sh_rules_free(r);
  sh_rules_free(r2);

  OK(sh_rules_new("classic-2", &r));
  OK(sh_position_new(r, &p));
  OK(sh_position_parse("classic-2", &p2));
  OK(sh_position_to_text(p, buf, sizeof buf, NULL));
  CHECK(strncmp(buf, "classic-2 W W:", 14) == 0);
  OK(sh_position_parse_rules(r, buf, &p3));
  sh_position_free(p3);
  OK(sh_position_render(p, buf, sizeof buf, NULL));
  CHECK(strstr(buf, "W to move") != NULL);
  OK(sh_position_to_move(p, &seat));
  OK(sh_position_round(p, &round));
  OK(sh_position_hash(p, &hash));
  CHECK(seat == 0 && round == 0 && hash != 0);
  OK(sh_position_owner(p, 0, &seat, &king));
  CHECK(seat == 0 && king == 0);
  OK(sh_position_pieces(p, 3, out, SH_NUM_CELLS, &n));
  CHECK(n == 10);
  OK(sh_position_pack(p, packed));
  OK(sh_position_unpack(r, packed, &p3));
  sh_position_free(p3);
  OK(sh_position_legal_moves(p, moves, SH_MAX_MOVES, &n));
  CHECK(n == 14);
  OK(sh_position_count_moves(p, &n));
  CHECK(n == 14);
  OK(sh_position_destinations(p, cell("k3"), out, SH_NUM_CELLS, &n));
  CHECK(n == 2);
  OK(sh_position_is_legal(p, cell("k3"), cell("k5"), &legal));
  CHECK(legal == 1);
  OK(sh_position_closed_cells(p, 0, out, SH_NUM_CELLS, &n));
  CHECK(n == 40);
  OK(sh_position_canonical_path(p, cell("k3"), cell("i5"), out, SH_NUM_CELLS, &n));
  CHECK(n == 2);
  OK(sh_position_all_paths(p, cell("k3"), cell("i5"), 5, out, SH_NUM_CELLS, &n, &paths, NULL));
  CHECK(paths == 1);
  OK(sh_position_parse_move(p, "k3-i5", &m));
  OK(sh_position_format_move(p, m.from, m.to, buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "k3-i5") == 0);
  OK(sh_perft(p, 2, &nodes));
  CHECK(nodes == 196);
  OK(sh_divide(p, 2, dmoves, dnodes, SH_MAX_MOVES, &n));
  for (nodes = 0, i = 0; i < n; ++i) nodes += dnodes[i];
  CHECK(n == 14 && nodes == 196);
  OK(sh_perft_threads(p, 2, 2, &nodes));
  CHECK(nodes == 196);
  OK(sh_position_distance(p, 0, &goal, &tip, &in_goal));
  CHECK(goal > 0 && tip > 0 && in_goal == 0);
  OK(sh_position_playouts(p, 2, 10, 1, winners, plies));
  CHECK(plies[0] >= 1 && plies[0] <= 10);
  OK(sh_batch_count_moves(r, packed, 1, counts));
  CHECK(counts[0] == 14);
  OK(sh_batch_legal_moves(r, packed, 1, offsets, moves, SH_MAX_MOVES, &n));
  CHECK(n == 14 && offsets[1] == 14);
  OK(sh_batch_count_moves_text(texts, 1, counts, NULL));
  CHECK(counts[0] == 14);
  OK(sh_position_play(p, m.from, m.to));
  OK(sh_position_clone(p, &p3));
  OK(sh_position_to_move(p3, &seat));
  CHECK(seat == 3);
  OK(sh_position_rules(p3, &r2));
  sh_rules_free(r2);
  sh_position_free(p3);
  sh_position_free(p2);
  sh_position_free(p);
  sh_rules_free(r);
}

static void games(void) {
  sh_rules *r = NULL;
  sh_game *g = NULL, *g2 = NULL, *g3 = NULL;
  sh_position *p = NULL;
  sh_player *pl = NULL, *pl2 = NULL;
  sh_move moves[SH_MAX_MOVES], a, b;
  sh_seat_info info;
  sh_event ev[4];
  char buf[512];
  size_t n;
  int seat, of, over, end, draw, turns, round, actions, places[6], elim, undone, pl6[12],
      tu[2], k;
  double ratings[2] = {1500, 1500}, changes[2];
  int rplaces[2] = {1, 2};

  OK(sh_rules_new("classic-2", &r));
  OK(sh_game_new(r, SH_NO_SEAT, &g));
  OK(sh_game_apply_text(g, "k3-k5", 0));
  OK(sh_game_record(g, 10, buf, sizeof buf, NULL));
  OK(sh_game_from_record(NULL, buf, &g2));
  sh_game_free(g2);
  OK(sh_game_position(g, &p));
  OK(sh_game_from_position(p, &g2));
  sh_game_free(g2);
  sh_position_free(p);
  OK(sh_game_to_move(g, &seat, &of));
  CHECK(seat == 3 && of == 3);
  OK(sh_game_state(g, &over, &end, &draw));
  CHECK(over == 0 && end == SH_END_NONE && draw == 0);
  OK(sh_game_counters(g, &turns, &round, &actions));
  CHECK(turns == 1 && actions == 1);
  OK(sh_game_seat(g, 0, &info, sizeof info));
  CHECK(info.status == SH_SEAT_PLAYING && info.moves_made == 1);
  OK(sh_game_places(g, places));
  CHECK(places[0] == 0);
  OK(sh_game_legal_moves(g, moves, SH_MAX_MOVES, &n));
  CHECK(n == 14);
  OK(sh_game_check(g, moves[0].from, moves[0].to));
  OK(sh_game_parse_move(g, "e14-e13", &a));
  CHECK(a.from == cell("e14") && a.to == cell("e13"));
  OK(sh_game_eliminates(g, moves[0].from, moves[0].to, &elim));
  CHECK(elim == 0);
  {
    int why = -1;
    OK(sh_game_puts_out(g, moves[0].from, moves[0].to, &why));
    CHECK(why == SH_OUT_NONE);
  }
  OK(sh_game_apply(g, moves[0].from, moves[0].to, 0));
  OK(sh_game_undo(g, 1, &undone));
  CHECK(undone == 1);
  OK(sh_game_events(g, 0, ev, sizeof ev[0], 4, &n));
  CHECK(n == 1 && ev[0].kind == SH_EVENT_MOVE);
  OK(sh_game_event_text(g, 0, buf, sizeof buf, NULL));
  CHECK(strcmp(buf, "move W k3-k5") == 0);
  OK(sh_game_playouts(g, 2, 1000, 1, pl6, tu));
  CHECK(tu[0] > 0 && tu[0] <= 70); /* the exit deadline: random players never leave home */
  OK(sh_rating_changes(rplaces, ratings, 2, 32, 0, changes));
  CHECK(changes[0] == 16.0 && changes[1] == -16.0);
  OK(sh_game_clone(g, &g2));
  OK(sh_game_resign(g2, 3));
  OK(sh_game_state(g2, &over, &end, &draw));
  CHECK(over == 1 && end == SH_END_RESIGN);
  CHECK(strcmp(sh_end_reason_name(end), "resign") == 0);
  OK(sh_game_rating_changes(g2, ratings, 2, 32, 0, changes));
  CHECK(changes[0] == 16.0);
  sh_game_free(g2);
  OK(sh_game_new(r, SH_NO_SEAT, &g3));
  OK(sh_game_set_clock(g3, 1000, 10));
  OK(sh_game_flag(g3));
  OK(sh_game_events(g3, 0, ev, sizeof ev[0], 4, &n));
  CHECK(n >= 1 && ev[0].kind == SH_EVENT_FLAG);
  sh_game_free(g3);

  OK(sh_player_new("hard", 3, &pl));
  OK(sh_player_choose(pl, g, &a));
  OK(sh_player_clone(pl, &pl2));
  for (k = 0; k < 5; ++k) {
    OK(sh_player_choose(pl, g, &a));
    OK(sh_player_choose(pl2, g, &b));
    CHECK(a.from == b.from && a.to == b.to);
  }
  CHECK(sh_player_clone(NULL, &pl2) == SH_ERR_NULL);
  CHECK(sh_player_clone(pl, NULL) == SH_ERR_NULL);
  {
    int64_t nodes = 0, ms = -1;
    int depth = 0;
    OK(sh_player_set_budget(pl, 800, 0));
    OK(sh_player_budget(pl, &nodes, &ms));
    CHECK(nodes == 800 && ms == 0);
    OK(sh_player_choose(pl, g, &a));
    OK(sh_player_last_stats(pl, &nodes, &depth));
    CHECK(nodes > 0 && nodes <= 800 && depth >= 1);
  }
  {
    /* Expert's search threads: 1 for a new player; 1..SH_MAX_SEARCH_THREADS
     * taken, anything else refused with the count unchanged; a clone keeps it;
     * two threads still choose a legal move within the main thread's budget. */
    sh_player *ex = NULL, *ex2 = NULL;
    sh_move legal[SH_MAX_MOVES];
    size_t nl = 0, i;
    int threads = 0, depth = 0, found = 0;
    int64_t nodes = 0;
    OK(sh_player_new("expert", 7, &ex));
    OK(sh_player_threads(ex, &threads));
    CHECK(threads == 1);
    OK(sh_player_set_threads(ex, 2));
    CHECK(sh_player_set_threads(ex, 0) == SH_ERR_RANGE);
    CHECK(strstr(sh_player_error(ex), "threads must be in 1..16, got 0") != NULL);
    CHECK(sh_player_set_threads(ex, SH_MAX_SEARCH_THREADS + 1) == SH_ERR_RANGE);
    CHECK(sh_player_set_threads(NULL, 2) == SH_ERR_NULL);
    CHECK(sh_player_threads(ex, NULL) == SH_ERR_NULL);
    OK(sh_player_threads(ex, &threads));
    CHECK(threads == 2);
    OK(sh_player_clone(ex, &ex2));
    OK(sh_player_threads(ex2, &threads));
    CHECK(threads == 2);
    OK(sh_player_set_threads(ex2, SH_MAX_SEARCH_THREADS));
    OK(sh_player_threads(ex, &threads));
    CHECK(threads == 2);
    OK(sh_player_set_budget(ex, 3000, 0));
    OK(sh_player_choose(ex, g, &a));
    OK(sh_game_legal_moves(g, legal, SH_MAX_MOVES, &nl));
    for (i = 0; i < nl; ++i) found |= legal[i].from == a.from && legal[i].to == a.to;
    CHECK(found);
    OK(sh_player_last_stats(ex, &nodes, &depth));
    CHECK(nodes > 0 && nodes <= 3000 && depth >= 1);
    sh_player_free(ex2);
    sh_player_free(ex);
  }
  sh_player_free(pl2);
  sh_player_free(pl);
  sh_game_free(g);
  sh_rules_free(r);
}

/* The match statistics rows. */
static void match_stats(void) {
  sh_match_stats *ms = NULL;
  sh_player_stats st;
  sh_interval e, w;
  sh_sprt_test t;
  sh_sprt_result res, direct;
  const int win[2] = {1, 2}, draw[2] = {1, 1};
  const int64_t single[5] = {0, 0, 1, 0, 0}, won[5] = {0, 0, 0, 0, 500};
  int64_t games = 0, counts[5], wins, draws, losses;
  double score = 0;
  int players = 0, two = 0;

  OK(sh_match_stats_new(2, &ms));
  OK(sh_match_stats_add(ms, 1, win, 2, NULL, 0));
  OK(sh_match_stats_add(ms, 0, draw, 2, NULL, 0));
  OK(sh_match_stats_players(ms, &players));
  OK(sh_match_stats_games(ms, &games));
  OK(sh_match_stats_two_units(ms, &two));
  CHECK(players == 2 && games == 2 && two == 1);
  OK(sh_match_stats_player(ms, 0, &st, sizeof st));
  CHECK(st.games == 2 && st.wins == 1 && st.draws == 1 && st.losses == 0 && st.place.value == 1);
  OK(sh_match_stats_pairwise(ms, 0, 1, &games, &score));
  CHECK(games == 2 && score == 1.5);
  OK(sh_match_stats_score(ms, &e));
  CHECK(e.value == 0.75);
  OK(sh_match_stats_elo(ms, &e));
  OK(sh_elo_from_wdl(1, 1, 0, &w));
  CHECK(e.value == w.value && e.low == w.low && e.high == w.high);
  OK(sh_match_stats_wdl(ms, &wins, &draws, &losses));
  CHECK(wins == 1 && draws == 1 && losses == 0);
  OK(sh_match_stats_pentanomial(ms, counts));
  CHECK(counts[0] == 0 && counts[3] == 1);
  OK(sh_sprt_test_init(&t, sizeof t));
  t.elo1 = 10;
  OK(sh_sprt_check(&t));
  OK(sh_match_stats_sprt(ms, &t, &res, sizeof res));
  CHECK(res.decision == SH_SPRT_CONTINUE);
  OK(sh_sprt(&t, counts, &direct, sizeof direct));
  CHECK(direct.llr == res.llr);
  OK(sh_sprt(&t, won, &res, sizeof res));
  CHECK(res.decision == SH_SPRT_ACCEPT_H1);
  OK(sh_elo_from_pentanomial(single, &e));
  CHECK(e.value == 0);
  sh_match_stats_free(ms);
}

/* The RL rows: an env of 2 games of classic-2, its buffers filled with
 * values no call writes, so a buffer left unwritten shows. */
static void rl(void) {
  static float obs[2 * SH_ENV_NUM_PLANES * SH_NUM_CELLS], seen[SH_ENV_NUM_PLANES * SH_NUM_CELLS];
  static uint8_t mask[2 * SH_ENV_NUM_ACTIONS];
  float rewards[2 * 2], ret[2] = {9, 9}, means[2] = {9, 9};
  uint8_t term[2], trunc[2];
  int32_t to_play[2] = {9, 9}, actions[2], legal[SH_MAX_MOVES], a = -7;
  int rot[12], refl[12], ok, turns = 0, k3 = cell("k3"), k5 = cell("k5");
  size_t n, k, set, moves;
  sh_rules *r = NULL;
  sh_env *e = NULL;
  sh_position *p = NULL;
  sh_env_options options;
  sh_env_spec spec;
  sh_env_buffers b;

  OK(sh_rules_new("classic-2", &r));
  OK(sh_env_options_init(&options, sizeof options));
  OK(sh_env_new(r, &options, 2, &e));
  memset(&spec, 0, sizeof spec);
  spec.size = sizeof spec;
  OK(sh_env_spec_get(e, &spec));
  CHECK(spec.obs_bytes == sizeof seen);
  b = env_buffers(obs, mask, rewards, term, trunc, to_play);
  memset(mask, 9, sizeof mask);
  OK(sh_env_reset(e, 1, &b));
  CHECK(to_play[0] == 0);
  for (set = 0, k = 0; k < SH_ENV_NUM_ACTIONS; ++k) set += mask[k];
  CHECK(set == 14);
  CHECK(mask[k3 * 121 + k5] == 1); /* the action of k3-k5 is from * 121 + to */
  OK(sh_env_sample_legal(e, actions, 2));
  CHECK(actions[0] >= 0 && mask[actions[0]] == 1);
  OK(sh_env_step(e, actions, 2, &b));
  CHECK(to_play[0] == 1); /* player 1 (seat K) moves next */
  OK(sh_env_status(e, 0, NULL, &turns, NULL, NULL));
  CHECK(turns == 1);
  /* Every legal action is from * 121 + to of a legal move of the game's
   * position, and there are as many as the position has moves. */
  OK(sh_env_legal_actions(e, 0, legal, SH_MAX_MOVES, &n));
  OK(sh_env_position(e, 0, &p));
  OK(sh_position_count_moves(p, &moves));
  CHECK(n == moves);
  for (k = 0; k < n; ++k) {
    OK(sh_position_is_legal(p, legal[k] / 121, legal[k] % 121, &ok));
    CHECK(ok == 1);
  }
  sh_position_free(p);
  /* The step wrote game 0's observation from player 1's view. */
  memset(seen, 0, sizeof seen);
  OK(sh_env_observe(e, 0, 1, seen, sizeof seen));
  CHECK(memcmp(seen, obs, sizeof seen) == 0);
  OK(sh_env_returns(e, 0, ret, 2));
  CHECK(ret[0] == 0.0f && ret[1] == 0.0f);
  OK(sh_env_engine_action(e, 0, "easy", 1, &a));
  for (ok = 0, k = 0; k < n; ++k) ok |= legal[k] == a;
  CHECK(ok);
  OK(sh_env_playouts(e, 0, 2, 1.0, 10, 1, means, 2));
  CHECK(means[0] != 9.0f);
  CHECK(means[0] + means[1] > -1e-6f && means[0] + means[1] < 1e-6f); /* two players: zero-sum */
  /* classic-2: rotations 0 and 3, each with and without the reflection. */
  OK(sh_env_symmetries(e, rot, refl, 12, &n));
  CHECK(n == 4 && rot[0] == 0 && refl[0] == 0);
  for (ok = 0, k = 0; k < n; ++k) ok |= rot[k] == 3 && refl[k] == 0;
  CHECK(ok);
  sh_env_free(e);
  sh_rules_free(r);
}

static void names_and_bounds(void) {
  CHECK(SH_MAX_MOVES == 15 * (SH_NUM_CELLS - 15));
  CHECK(strcmp(sh_seat_status_name(SH_SEAT_NOT_PLAYED), "not-played") == 0);
  CHECK(strcmp(sh_seat_status_name(SH_SEAT_PLAYING), "playing") == 0);
  CHECK(strcmp(sh_seat_status_name(SH_SEAT_ARRIVED), "arrived") == 0);
  CHECK(strcmp(sh_seat_status_name(SH_SEAT_OUT), "out") == 0);
  CHECK(strcmp(sh_end_reason_name(SH_END_NONE), "none") == 0);
  CHECK(strcmp(sh_end_reason_name(SH_END_ALL_PLACED), "all-placed") == 0);
  CHECK(strcmp(sh_end_reason_name(SH_END_NO_PROGRESS), "no-progress") == 0);
  CHECK(strcmp(sh_out_reason_name(SH_OUT_DEADLINE), "deadline") == 0);
  CHECK(strcmp(sh_out_reason_name(SH_OUT_RETURN_HOME), "returned-home") == 0);
  CHECK(strcmp(sh_event_kind_name(SH_EVENT_MOVE), "move") == 0);
  CHECK(strcmp(sh_event_kind_name(SH_EVENT_ARRIVAL), "arrive") == 0);
  CHECK(strcmp(sh_event_kind_name(SH_EVENT_END), "end") == 0);
  /* Outside the enum: a static "unknown", never NULL. */
  CHECK(strcmp(sh_end_reason_name(-1), "unknown") == 0);
  CHECK(strcmp(sh_end_reason_name(SH_END_RESIGN + 1), "unknown") == 0);
  CHECK(strcmp(sh_out_reason_name(99), "unknown") == 0);
  CHECK(strcmp(sh_event_kind_name(8), "unknown") == 0);
  CHECK(strcmp(sh_seat_status_name(4), "unknown") == 0);
}

int main(void) {
  cells();
  rules_and_positions();
  games();
  match_stats();
  rl();
  names_and_bounds();
  return checks_done();
}
