// capi_stats.cpp — the C ABI of match statistics: converts and checks, and
// leaves every figure to include/sternhalma/match_stats.h.
#include <array>
#include <span>
#include <string>

#include "capi_internal.h"
#include "sternhalma/match_stats.h"

using namespace sternhalma;
using namespace sh_capi;

struct sh_match_stats {
  MatchStats stats;
  mutable std::string error;
};

namespace {

sh_interval to_c(const Interval& i) { return {i.value, i.low, i.high}; }

Pentanomial counts_of(const int64_t counts[5]) {
  Pentanomial p{};
  for (size_t k = 0; k < 5; ++k) p[k] = counts[k];
  return p;
}

// The caller's test: the fields its size covers, the defaults past them.
sh_status read_test(std::string* slot, const sh_sprt_test* t, SprtTest* out) {
  TRY(check_struct_size(slot, t->size, SH_SPRT_TEST_SIZE_V1, "sh_sprt_test"));
  *out = SprtTest{t->elo0, t->elo1, t->alpha, t->beta};
  return SH_OK;
}

sh_status put_sprt(std::string* slot, const absl::StatusOr<SprtResult>& r, sh_sprt_result* out,
                   size_t size, sh_status state) {
  if (!r.ok()) return status_of(slot, r.status(), state);
  const sh_sprt_result x{r->llr, r->lower, r->upper, static_cast<int>(r->decision)};
  put_struct(x, out, size);
  return SH_OK;
}

}  // namespace

SH_API sh_status sh_elo_from_wdl(int64_t wins, int64_t draws, int64_t losses, sh_interval* elo) {
  return guard(nullptr, [&] {
    NEED(elo);
    auto r = elo_from_wdl(wins, draws, losses);
    if (!r.ok()) return status_of(nullptr, r.status(), SH_ERR_RANGE);
    *elo = to_c(*r);
    return SH_OK;
  });
}

SH_API sh_status sh_elo_from_pentanomial(const int64_t counts[5], sh_interval* elo) {
  return guard(nullptr, [&] {
    NEED(counts);
    NEED(elo);
    auto r = elo_from_pentanomial(counts_of(counts));
    if (!r.ok()) return status_of(nullptr, r.status(), SH_ERR_RANGE);
    *elo = to_c(*r);
    return SH_OK;
  });
}

SH_API sh_status sh_sprt_test_init(sh_sprt_test* t, size_t size) {
  return guard(nullptr, [&] {
    NEED(t);
    TRY(check_struct_size(nullptr, size, SH_SPRT_TEST_SIZE_V1, "sh_sprt_test"));
    const SprtTest d;  // the library's defaults, read from the one place
    const sh_sprt_test x{size, d.elo0, d.elo1, d.alpha, d.beta};
    put_struct(x, t, size);
    return SH_OK;
  });
}

SH_API sh_status sh_sprt_check(const sh_sprt_test* t) {
  return guard(nullptr, [&] {
    NEED(t);
    SprtTest test;
    TRY(read_test(nullptr, t, &test));
    return status_of(nullptr, check_sprt(test), SH_ERR_RANGE);
  });
}

SH_API sh_status sh_sprt(const sh_sprt_test* t, const int64_t counts[5], sh_sprt_result* result,
                         size_t result_size) {
  return guard(nullptr, [&] {
    NEED(t);
    NEED(counts);
    NEED(result);
    SprtTest test;
    TRY(read_test(nullptr, t, &test));
    TRY(check_struct_size(nullptr, result_size, SH_SPRT_RESULT_SIZE_V1, "sh_sprt_result"));
    return put_sprt(nullptr, sprt(test, counts_of(counts)), result, result_size, SH_ERR_RANGE);
  });
}

// ---- the match ---------------------------------------------------------------

SH_HANDLE_CALLS(sh_match_stats, "match stats")

SH_API sh_status sh_match_stats_new(int players, sh_match_stats** out) {
  return guard(nullptr, [&] {
    NEED(out);
    auto m = MatchStats::create(players);
    if (!m.ok()) return status_of(nullptr, m.status(), SH_ERR_RANGE);
    *out = new sh_match_stats{*std::move(m), {}};
    return SH_OK;
  });
}

SH_API sh_status sh_match_stats_add(sh_match_stats* h, int64_t game_index, const int* places,
                                    size_t n, const int* teams, size_t n_teams) {
  return guard(slot_of(h), [&] {
    NEED(h);
    NEED_H(h, places);
    if (n_teams > 0) NEED_H(h, teams);
    // The library compares the sizes with the players (no teams: n_teams 0).
    return status_of(&h->error,
                     h->stats.add(game_index, std::span<const int>(places, n),
                                  std::span<const int>(teams, teams ? n_teams : 0)),
                     SH_ERR_RANGE);
  });
}

SH_API sh_status sh_match_stats_players(const sh_match_stats* h, int* players) {
  return get(h, "stats", players, "players", [](const sh_match_stats& s) { return s.stats.players(); });
}

SH_API sh_status sh_match_stats_games(const sh_match_stats* h, int64_t* games) {
  return get(h, "stats", games, "games", [](const sh_match_stats& s) { return s.stats.games(); });
}

SH_API sh_status sh_match_stats_two_units(const sh_match_stats* h, int* two_units) {
  return get(h, "stats", two_units, "two_units",
             [](const sh_match_stats& s) { return s.stats.two_units() ? 1 : 0; });
}

SH_API sh_status sh_match_stats_player(const sh_match_stats* h, int player, sh_player_stats* out,
                                       size_t size) {
  return guard(slot_of(h), [&] {
    NEED(h);
    NEED_H(h, out);
    TRY(check_struct_size(&h->error, size, SH_PLAYER_STATS_SIZE_V1, "sh_player_stats"));
    auto p = h->stats.player(player);
    if (!p.ok()) return status_of(&h->error, p.status(), SH_ERR_RANGE);
    const sh_player_stats x{p->games, p->wins, p->draws, p->losses, to_c(p->place)};
    put_struct(x, out, size);
    return SH_OK;
  });
}

SH_API sh_status sh_match_stats_pairwise(const sh_match_stats* h, int i, int j, int64_t* games,
                                         double* score) {
  return guard(slot_of(h), [&] {
    NEED(h);
    auto p = h->stats.pairwise(i, j);
    if (!p.ok()) return status_of(&h->error, p.status(), SH_ERR_RANGE);
    return put_optional(games, p->games, score, p->score);
  });
}

SH_API sh_status sh_match_stats_score(const sh_match_stats* h, sh_interval* score) {
  return get(h, "stats", score, "score", [](const sh_match_stats& s) { return to_c(s.stats.score()); });
}

SH_API sh_status sh_match_stats_elo(const sh_match_stats* h, sh_interval* elo) {
  return get(h, "stats", elo, "elo", [](const sh_match_stats& s) { return to_c(s.stats.elo()); });
}

SH_API sh_status sh_match_stats_wdl(const sh_match_stats* h, int64_t* wins, int64_t* draws,
                                    int64_t* losses) {
  return guard(slot_of(h), [&] {
    NEED(h);
    auto r = h->stats.wdl();
    if (!r.ok()) return status_of(&h->error, r.status(), SH_ERR_STATE);
    if (wins) *wins = r->wins;
    if (draws) *draws = r->draws;
    if (losses) *losses = r->losses;
    return SH_OK;
  });
}

SH_API sh_status sh_match_stats_pentanomial(const sh_match_stats* h, int64_t counts[5]) {
  return guard(slot_of(h), [&] {
    NEED(h);
    NEED_H(h, counts);
    auto r = h->stats.pentanomial();
    if (!r.ok()) return status_of(&h->error, r.status(), SH_ERR_STATE);
    for (size_t k = 0; k < 5; ++k) counts[k] = (*r)[k];
    return SH_OK;
  });
}

SH_API sh_status sh_match_stats_sprt(const sh_match_stats* h, const sh_sprt_test* t,
                                     sh_sprt_result* result, size_t result_size) {
  return guard(slot_of(h), [&] {
    NEED(h);
    NEED_H(h, t);
    NEED_H(h, result);
    SprtTest test;
    TRY(read_test(&h->error, t, &test));
    TRY(check_struct_size(&h->error, result_size, SH_SPRT_RESULT_SIZE_V1, "sh_sprt_result"));
    return put_sprt(&h->error, h->stats.sprt(test), result, result_size, SH_ERR_RANGE);
  });
}
