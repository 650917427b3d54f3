// Match statistics (include/sternhalma/match_stats.h): Elo and its interval
// from W/D/L and from pentanomial counts, the SPRT, and MatchStats over
// games added in any order, with three or more players and with teams. The
// expected figures are worked out by hand (the arithmetic in the comments)
// or by the small formulas below, written apart from lib/match_stats.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sternhalma/match_stats.h"

using namespace sternhalma;

namespace {

double elo(double s) { return 400 * std::log10(s / (1 - s)); }
double logistic(double e) { return 1 / (1 + std::pow(10, -e / 400)); }

// The SPRT's D(s) (match_stats.h) by golden-section search of the concave
// sum itself (the library bisects its slope instead), zero counts taken as
// kSprtRegularize.
double gap(const Pentanomial& counts, double s) {
  auto f = [&](double l) {
    double d = 0;
    for (size_t k = 0; k < 5; ++k) {
      const double c = counts[k] > 0 ? static_cast<double>(counts[k]) : kSprtRegularize;
      d += c * std::log(1 + l * (k / 4.0 - s));
    }
    return d;
  };
  double a = -1 / (1 - s), b = 1 / s;
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 300; ++i) {
    const double x = b - g * (b - a), y = a + g * (b - a);
    (f(x) < f(y) ? a : b) = f(x) < f(y) ? x : y;
  }
  return f((a + b) / 2);
}
double llr(const Pentanomial& c, double elo0, double elo1) {
  return gap(c, logistic(elo0)) - gap(c, logistic(elo1));
}
// fastchess's normal approximation, for comparison on large samples.
double llr_normal(const Pentanomial& c, double elo0, double elo1) {
  double n = 0, m = 0, v = 0;
  for (size_t k = 0; k < 5; ++k) n += c[k], m += c[k] * (k / 4.0);
  m /= n;
  for (size_t k = 0; k < 5; ++k) v += c[k] * (k / 4.0 - m) * (k / 4.0 - m);
  v /= n;
  const double s0 = logistic(elo0), s1 = logistic(elo1);
  return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
}

bool says(const absl::Status& s, const std::string& what) {
  return std::string(s.message()).find(what) != std::string::npos;
}

MatchStats two_players() {
  auto m = MatchStats::create(2);
  REQUIRE(m.ok());
  return *std::move(m);
}

// Adds game i with player 0 winning (w), drawing (d) or losing (l).
void add2(MatchStats& m, int64_t i, char r) {
  const std::vector<int> places = r == 'w' ? std::vector{1, 2} : r == 'd' ? std::vector{1, 1}
                                                                          : std::vector{2, 1};
  REQUIRE(m.add(i, places).ok());
}

}  // namespace

TEST_CASE("match stats: Elo and its 95 % interval from W/D/L 60/20/20") {
  // n = 100, score 0.7; per-game variance (60 .3² + 20 .2² + 20 .7²) / 100
  // = 0.16, standard error sqrt(0.16 / 100) = 0.04.
  auto e = elo_from_wdl(60, 20, 20);
  REQUIRE(e.ok());
  const double half = kZ95 * 0.04;
  CHECK(e->value == doctest::Approx(147.1907).epsilon(1e-6));
  CHECK(e->low == doctest::Approx(elo(0.7 - half)));
  CHECK(e->high == doctest::Approx(elo(0.7 + half)));
  CHECK(e->low == doctest::Approx(86.2250).epsilon(1e-6));
  CHECK(e->high == doctest::Approx(218.2518).epsilon(1e-6));
  // The mirror image: the same figures, negated and swapped.
  auto m = elo_from_wdl(20, 20, 60);
  REQUIRE(m.ok());
  CHECK(m->value == doctest::Approx(-e->value));
  CHECK(m->low == doctest::Approx(-e->high));
}

TEST_CASE("match stats: edge cases of the intervals are finite and as documented") {
  auto none = elo_from_wdl(0, 0, 0);
  REQUIRE(none.ok());
  CHECK((none->value == 0 && none->low == 0 && none->high == 0));
  // All wins of 10: the score is clamped to 1 - 1/20 = 0.95, Elo 400 log10 19.
  auto wins = elo_from_wdl(10, 0, 0);
  REQUIRE(wins.ok());
  CHECK(wins->value == doctest::Approx(511.5014).epsilon(1e-6));
  CHECK(wins->low == doctest::Approx(wins->value));
  CHECK(wins->high == doctest::Approx(wins->value));
  auto losses = elo_from_wdl(0, 0, 10);
  REQUIRE(losses.ok());
  CHECK(losses->value == doctest::Approx(-511.5014).epsilon(1e-6));
  auto draws = elo_from_wdl(0, 10, 0);
  REQUIRE(draws.ok());
  CHECK((draws->value == 0 && draws->low == 0 && draws->high == 0));
  // One game tells nothing: clamped to [1/2, 1/2].
  auto one = elo_from_wdl(1, 0, 0);
  REQUIRE(one.ok());
  CHECK(one->value == 0);
  // Pairs: all 5 pairs won 2-0 is 10 games, clamped as 10 W/D/L games are.
  auto pairs = elo_from_pentanomial({0, 0, 0, 0, 5});
  REQUIRE(pairs.ok());
  CHECK(pairs->value == doctest::Approx(wins->value));
  auto no_pairs = elo_from_pentanomial({0, 0, 0, 0, 0});
  REQUIRE(no_pairs.ok());
  CHECK((no_pairs->value == 0 && no_pairs->high == 0));
}

TEST_CASE("match stats: Elo from the pentanomial counts 2/6/20/12/10") {
  // 50 pairs worth 0, .25, .5, .75, 1 per game: mean 30.5 / 50 = 0.61;
  // variance (2 .61² + 6 .36² + 20 .11² + 12 .14² + 10 .39²) / 50 = 0.0704.
  auto e = elo_from_pentanomial({2, 6, 20, 12, 10});
  REQUIRE(e.ok());
  const double half = kZ95 * std::sqrt(0.0704 / 50);
  CHECK(e->value == doctest::Approx(77.7061).epsilon(1e-6));
  CHECK(e->low == doctest::Approx(elo(0.61 - half)));
  CHECK(e->high == doctest::Approx(elo(0.61 + half)));
  CHECK(e->low == doctest::Approx(25.3770).epsilon(1e-6));
}

TEST_CASE("match stats: bad counts are refused, naming the count") {
  auto neg = elo_from_wdl(3, -1, 2);
  CHECK(neg.status().code() == absl::StatusCode::kInvalidArgument);
  CHECK(says(neg.status(), "count 1 is -1"));
  auto big = elo_from_wdl(kMaxStatsCount, 1, 0);
  CHECK(big.status().code() == absl::StatusCode::kInvalidArgument);
  CHECK(says(big.status(), "add up to more than"));
  auto penta = elo_from_pentanomial({0, 0, -5, 0, 0});
  CHECK(says(penta.status(), "count 2 is -5"));
  CHECK(sprt({0, 10}, {0, 0, 0, kMaxStatsCount + 1, 0}).status().code() ==
        absl::StatusCode::kInvalidArgument);
}

TEST_CASE("match stats: SPRT continues, accepts H1 for the stronger, H0 for the weaker") {
  const SprtTest t{0, 10};
  auto mid = sprt(t, {2, 6, 20, 12, 10});
  REQUIRE(mid.ok());
  CHECK(mid->lower == doctest::Approx(std::log(0.05 / 0.95)));
  CHECK(mid->upper == doctest::Approx(std::log(0.95 / 0.05)));
  CHECK(mid->llr == doctest::Approx(llr({2, 6, 20, 12, 10}, 0, 10)).epsilon(1e-9));
  // The normal approximation, 50 (s1 - s0) (2 .61 - s0 - s1) / (2 .0704) =
  // 1.0505, is larger: the sample's mean lies far from s0 and s1.
  CHECK(llr_normal({2, 6, 20, 12, 10}, 0, 10) == doctest::Approx(1.0505).epsilon(1e-4));
  CHECK(mid->llr == doctest::Approx(0.9099).epsilon(1e-3));
  CHECK(mid->decision == SprtDecision::kContinue);
  const Pentanomial stronger{8, 24, 80, 48, 40};  // the same sample, 200 pairs
  auto strong = sprt(t, stronger);
  REQUIRE(strong.ok());
  CHECK(strong->llr == doctest::Approx(llr(stronger, 0, 10)).epsilon(1e-9));
  CHECK(strong->llr == doctest::Approx(4 * mid->llr));  // D grows with N
  CHECK(strong->decision == SprtDecision::kAcceptH1);
  const Pentanomial weaker{40, 48, 80, 24, 8};  // mean 0.39
  auto weak = sprt(t, weaker);
  REQUIRE(weak.ok());
  CHECK(weak->llr == doctest::Approx(llr(weaker, 0, 10)).epsilon(1e-9));
  CHECK(weak->decision == SprtDecision::kAcceptH0);
  // Near the hypotheses (mean 1015 / 2000 = 0.5075) the two agree.
  const Pentanomial near{100, 400, 950, 440, 110};
  auto close = sprt(t, near);
  REQUIRE(close.ok());
  CHECK(close->llr == doctest::Approx(llr_normal(near, 0, 10)).epsilon(0.01));
  CHECK(close->llr == doctest::Approx(llr(near, 0, 10)).epsilon(1e-9));
  // A sample whose mean is s0 exactly: D(s0) = 0, so LLR = -D(s1).
  auto even = sprt(t, {1, 1, 1, 1, 1});
  REQUIRE(even.ok());
  CHECK(even->llr == doctest::Approx(-gap({1, 1, 1, 1, 1}, logistic(10))).epsilon(1e-9));
  CHECK(even->llr < 0);
  // Narrower alpha and beta widen the bounds: 4.2 no longer decides.
  auto strict = sprt({0, 10, 0.001, 0.001}, stronger);
  REQUIRE(strict.ok());
  CHECK(strict->upper == doctest::Approx(std::log(0.999 / 0.001)));
  CHECK(strict->decision == SprtDecision::kContinue);
  auto none = sprt(t, {0, 0, 0, 0, 0});
  REQUIRE(none.ok());
  CHECK(none->llr == 0);
  CHECK(none->decision == SprtDecision::kContinue);
}

TEST_CASE("match stats: SPRT when every pair is won: finite, and a few pairs do not decide") {
  // The variance of the pairs is 0; empty buckets count kSprtRegularize.
  auto one = sprt({0, 20}, {0, 0, 0, 0, 1});
  REQUIRE(one.ok());
  CHECK(std::isfinite(one->llr));
  CHECK(one->llr == doctest::Approx(llr({0, 0, 0, 0, 1}, 0, 20)).epsilon(1e-9));
  // About ln(L(20) / L(0)) = 0.056 a pair: H1 after some fifty pairs.
  CHECK(one->llr == doctest::Approx(std::log(logistic(20) / 0.5)).epsilon(0.05));
  CHECK(one->decision == SprtDecision::kContinue);
  int64_t first = 0;
  for (int64_t k = 1; k < 200 && first == 0; ++k)
    if (llr({0, 0, 0, 0, k}, 0, 20) >= std::log(0.95 / 0.05)) first = k;
  REQUIRE(first > 10);
  CHECK(sprt({0, 20}, {0, 0, 0, 0, first - 1})->decision == SprtDecision::kContinue);
  CHECK(sprt({0, 20}, {0, 0, 0, 0, first})->decision == SprtDecision::kAcceptH1);
  CHECK(sprt({0, 20}, {first, 0, 0, 0, 0})->decision == SprtDecision::kAcceptH0);
}

TEST_CASE("match stats: check_sprt names the field that is wrong") {
  CHECK(check_sprt({0, 10}).ok());
  CHECK(check_sprt({-5, 5, 0.1, 0.2}).ok());
  struct Bad {
    SprtTest t;
    const char* field;
  };
  const double nan = std::nan("");
  for (const Bad& b : {Bad{{nan, 10}, "elo0"}, Bad{{0, INFINITY}, "elo1"},
                       Bad{{-kMaxSprtElo - 1, 0}, "elo0"}, Bad{{0, kMaxSprtElo + 1}, "elo1"},
                       Bad{{10, 10}, "elo0 10 is not below elo1 10"},
                       Bad{{10, 0}, "not below elo1"}, Bad{{0, 10, 0}, "alpha"},
                       Bad{{0, 10, 1}, "alpha"}, Bad{{0, 10, nan}, "alpha"},
                       Bad{{0, 10, 0.05, 0}, "beta"}, Bad{{0, 10, 0.05, -1}, "beta"},
                       Bad{{0, 10, 0.6, 0.5}, "alpha + beta"}}) {
    const absl::Status s = check_sprt(b.t);
    CAPTURE(b.field);
    CHECK(s.code() == absl::StatusCode::kInvalidArgument);
    CHECK(says(s, b.field));
    CHECK(sprt(b.t, {1, 2, 3, 2, 1}).status() == s);
  }
}

TEST_CASE("match stats: two players, results out of order, pairs when both are in") {
  MatchStats m = two_players();
  CHECK(m.players() == 2);
  // Pair 0 = games 0, 1; pair 1 = games 2, 3; pair 2 = games 4, 5.
  add2(m, 3, 'w');
  add2(m, 1, 'd');
  add2(m, 4, 'l');
  auto p = m.pentanomial();
  REQUIRE(p.ok());
  CHECK(*p == Pentanomial{0, 0, 0, 0, 0});  // no pair has both games yet
  add2(m, 2, 'w');                           // pair 1: 2 points
  add2(m, 0, 'l');                           // pair 0: 1/2 point
  CHECK(*m.pentanomial() == Pentanomial{0, 1, 0, 0, 1});
  add2(m, 5, 'l');  // pair 2: 0 points
  CHECK(*m.pentanomial() == Pentanomial{1, 1, 0, 0, 1});
  CHECK(m.games() == 6);
  auto wdl = m.wdl();
  REQUIRE(wdl.ok());
  CHECK((wdl->wins == 2 && wdl->draws == 1 && wdl->losses == 3));
  // Score 2.5 / 6; its interval and Elo are those of the W/D/L formula.
  const Interval s = m.score();
  CHECK(s.value == doctest::Approx(2.5 / 6));
  const double mean = 2.5 / 6;
  const double var = (2 * (1 - mean) * (1 - mean) + (0.5 - mean) * (0.5 - mean) +
                      3 * mean * mean) / 6;
  CHECK(s.high == doctest::Approx(mean + kZ95 * std::sqrt(var / 6)));
  const Interval e = m.elo();
  auto e2 = elo_from_wdl(2, 1, 3);
  REQUIRE(e2.ok());
  CHECK((e.value == e2->value && e.low == e2->low && e.high == e2->high));
  CHECK(e.value == doctest::Approx(elo(mean)));
  // Per player: player 1 sees the mirror image.
  auto p0 = m.player(0), p1 = m.player(1);
  REQUIRE((p0.ok() && p1.ok()));
  CHECK((p0->games == 6 && p0->wins == 2 && p0->draws == 1 && p0->losses == 3));
  CHECK((p1->wins == 3 && p1->draws == 1 && p1->losses == 2));
  // Places of player 0: 1, 1, 1 (the draw), 2, 2, 2.
  CHECK(p0->place.value == doctest::Approx(1.5));
  CHECK(p0->place.low == doctest::Approx(1.5 - kZ95 * std::sqrt(0.25 / 6)));
  auto pair = m.pairwise(0, 1);
  REQUIRE(pair.ok());
  CHECK((pair->games == 6 && pair->score == 2.5));
  CHECK(m.pairwise(1, 0)->score == 3.5);
  CHECK(m.pairwise(0, 0)->games == 0);
  auto test = m.sprt({0, 10});
  REQUIRE(test.ok());
  auto direct = sprt({0, 10}, *m.pentanomial());
  CHECK(test->llr == direct->llr);
}

TEST_CASE("match stats: a clearly stronger player reaches H1 game by game") {
  MatchStats m = two_players();
  // Pairs won 2-0, 3 in 4, the rest 1-1 (a win and a loss).
  int64_t decided_at = -1;
  for (int64_t k = 0; k < 400 && decided_at < 0; ++k) {
    const bool both = k % 4 != 3;
    add2(m, 2 * k + 1, both ? 'w' : 'l');  // the second game first
    add2(m, 2 * k, 'w');
    auto r = m.sprt({0, 20});
    REQUIRE(r.ok());
    if (r->decision != SprtDecision::kContinue) {
      CHECK(r->decision == SprtDecision::kAcceptH1);
      decided_at = k + 1;
    }
  }
  CHECK(decided_at > 1);
  const Pentanomial p = *m.pentanomial();
  CHECK(p[0] + p[1] + p[3] == 0);
  CHECK(p[2] + p[4] == decided_at);
}

TEST_CASE("match stats: three players, mean places and pairwise scores") {
  auto made = MatchStats::create(3);
  REQUIRE(made.ok());
  MatchStats m = *std::move(made);
  REQUIRE(m.add(0, std::vector{1, 2, 3}).ok());
  REQUIRE(m.add(1, std::vector{3, 1, 2}).ok());
  REQUIRE(m.add(2, std::vector{1, 1, 3}).ok());
  CHECK_FALSE(m.two_units());
  CHECK(m.wdl().status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(m.pentanomial().status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(m.sprt({0, 10}).status().code() == absl::StatusCode::kFailedPrecondition);
  // Player 0: a win, a loss (3rd), a draw (1st shared with player 1).
  auto p0 = m.player(0);
  REQUIRE(p0.ok());
  CHECK((p0->wins == 1 && p0->losses == 1 && p0->draws == 1));
  CHECK(p0->place.value == doctest::Approx(5.0 / 3));
  auto p2 = m.player(2);
  CHECK((p2->wins == 0 && p2->losses == 3));
  CHECK(p2->place.value == doctest::Approx(8.0 / 3));
  // 0 over 1: 1 + 0 + 1/2; 0 over 2: 1 + 0 + 1; 1 over 2: 1 + 1 + 1.
  CHECK(m.pairwise(0, 1)->score == 1.5);
  CHECK(m.pairwise(1, 0)->score == 1.5);
  CHECK(m.pairwise(0, 2)->score == 2);
  CHECK(m.pairwise(2, 1)->score == 0);
  CHECK(m.pairwise(1, 2)->games == 3);
  // Player 0's score per game: mean over the two others: 1, 0, 3/4.
  CHECK(m.score().value == doctest::Approx(1.75 / 3));
  CHECK(m.player(3).status().code() == absl::StatusCode::kOutOfRange);
  CHECK(m.pairwise(0, -1).status().code() == absl::StatusCode::kOutOfRange);
}

TEST_CASE("match stats: teams count as teams; partners are not opponents") {
  auto made = MatchStats::create(4);
  REQUIRE(made.ok());
  MatchStats m = *std::move(made);
  const std::vector teams{0, 1, 0, 1};  // players 0 and 2 against 1 and 3
  REQUIRE(m.add(1, std::vector{1, 2, 1, 2}, teams).ok());
  REQUIRE(m.add(0, std::vector{2, 1, 2, 1}, teams).ok());  // pair 0: 1-1
  REQUIRE(m.add(2, std::vector{1, 2, 1, 2}, teams).ok());
  REQUIRE(m.add(3, std::vector{1, 1, 1, 1}, teams).ok());  // pair 1: 1½
  CHECK(m.two_units());
  auto wdl = m.wdl();
  REQUIRE(wdl.ok());
  CHECK((wdl->wins == 2 && wdl->draws == 1 && wdl->losses == 1));
  CHECK(*m.pentanomial() == Pentanomial{0, 0, 1, 1, 0});
  CHECK(m.pairwise(0, 2)->games == 0);  // partners
  CHECK(m.pairwise(1, 3)->games == 0);
  CHECK(m.pairwise(0, 1)->games == 4);
  CHECK(m.pairwise(0, 3)->score == 2.5);
  auto p2 = m.player(2);  // a partner wins, draws and loses with its team
  CHECK((p2->wins == 2 && p2->draws == 1 && p2->losses == 1));
  CHECK(m.score().value == doctest::Approx(2.5 / 4));
  // The partnership may change from game to game: players 0 and 1 now.
  REQUIRE(m.add(4, std::vector{1, 1, 2, 2}, std::vector{3, 3, 1, 1}).ok());
  CHECK(m.pairwise(0, 1)->games == 4);
  CHECK(*m.pentanomial() == Pentanomial{0, 0, 1, 1, 0});
  // A game without teams has four units: the two-unit figures stop.
  REQUIRE(m.add(5, std::vector{1, 2, 3, 4}).ok());
  CHECK_FALSE(m.two_units());
  CHECK(m.wdl().status().code() == absl::StatusCode::kFailedPrecondition);
}

TEST_CASE("match stats: every bad add is refused, says what and changes nothing") {
  CHECK(MatchStats::create(1).status().code() == absl::StatusCode::kInvalidArgument);
  CHECK(says(MatchStats::create(7).status(), "players 7 is not in 2..6"));
  auto made = MatchStats::create(4);
  REQUIRE(made.ok());
  MatchStats m = *std::move(made);
  REQUIRE(m.add(6, std::vector{1, 2, 1, 2}, std::vector{0, 1, 0, 1}).ok());
  struct Bad {
    int64_t index;
    std::vector<int> places, teams;
    absl::StatusCode code;
    const char* says;
  };
  const auto inv = absl::StatusCode::kInvalidArgument;
  for (const Bad& b : std::vector<Bad>{
           {-1, {1, 2, 3, 4}, {}, absl::StatusCode::kOutOfRange, "game index -1"},
           {kMaxMatchGames, {1, 2, 3, 4}, {}, absl::StatusCode::kOutOfRange, "not in 0.."},
           {0, {1, 2, 3}, {}, inv, "3 places for 4 players"},
           {0, {1, 2, 3, 4, 1}, {}, inv, "5 places for 4 players"},
           {0, {1, 2, 0, 4}, {}, inv, "player 2's place 0 is not in 1..4"},
           {0, {1, 5, 3, 4}, {}, inv, "player 1's place 5"},
           {0, {1, 2, 1, 2}, {0, 1}, inv, "2 team ids for 4 players"},
           {0, {1, 2, 1, 2}, {0, 1, 0, 4}, inv, "player 3's team 4"},
           {0, {1, 2, 1, 2}, {0, -1, 0, 1}, inv, "player 1's team -1"},
           {0, {1, 2, 2, 1}, {0, 1, 0, 1}, inv, "partners 0 and 2 (team 0) have places 1 and 2"},
           {0, {1, 1, 1, 1}, {2, 2, 2, 2}, inv, "every player is in team 2"},
           {6, {1, 2, 3, 4}, {}, absl::StatusCode::kFailedPrecondition, "game 6 was added before"},
       }) {
    const absl::Status s = m.add(b.index, b.places, b.teams);
    CAPTURE(b.says);
    CHECK(s.code() == b.code);
    CHECK(says(s, b.says));
  }
  CHECK(m.games() == 1);
  CHECK(m.two_units());
  CHECK(m.player(0)->wins == 1);
  CHECK(*m.pentanomial() == Pentanomial{});
  // The largest index is accepted.
  CHECK(m.add(kMaxMatchGames - 1, std::vector{1, 2, 3, 4}).ok());
  CHECK(m.games() == 2);
}
