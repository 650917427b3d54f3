// capi_rating.cpp — the C ABI's ratings (rule book §6): the library's
// rating_changes, from places or from a finished game.
#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>

#include "capi_internal.h"
#include "sternhalma/rating.h"

using namespace sternhalma;
using namespace sh_capi;

// k_prime <= 0 asks for the default 2K/N; NaN and +inf go to the library,
// which rejects them.
static std::optional<double> rating_k_prime(double k_prime) {
  return k_prime > 0 || std::isnan(k_prime) ? std::optional<double>(k_prime) : std::nullopt;
}

SH_API sh_status sh_rating_changes(const int* places, const double* ratings, size_t n, double k,
                                   double k_prime, double* changes) {
  return guard(nullptr, [&] {
    NEED(places);
    NEED(ratings);
    NEED(changes);
    auto r = rating_changes(std::span<const int>(places, n), std::span<const double>(ratings, n), k,
                            rating_k_prime(k_prime));
    if (!r.ok()) return status_of(nullptr, r.status(), SH_ERR_RANGE);
    std::copy(r->begin(), r->end(), changes);
    return SH_OK;
  });
}

SH_API sh_status sh_game_rating_changes(const sh_game* game, const double* ratings, size_t n,
                                        double k, double k_prime, double* changes) {
  return guard(slot_of(game), [&] {
    NEED(game);
    NEED_H(game, ratings);
    NEED_H(game, changes);
    const size_t seats = static_cast<size_t>(game->game.rules().num_seats());
    if (n != seats && n != static_cast<size_t>(SH_MAX_SEATS))
      return fail(&game->error, SH_ERR_RANGE,
                  "ratings: " + std::to_string(n) + " given, the table has " + std::to_string(seats) +
                      " seats (give 6 by seat, or one per played seat)");
    auto r = rating_changes(game->game, std::span<const double>(ratings, n), k,
                            rating_k_prime(k_prime));
    if (!r.ok()) return status_of(&game->error, r.status(), SH_ERR_RANGE);
    std::copy(r->begin(), r->end(), changes);
    return SH_OK;
  });
}

