// The tactics suite (tests/data/tactics/): positions of every table family
// where the mover can arrive in one move, must stop the opponent's arrival,
// or must take a marble out of home before the exit deadline. Each line
// lists every move that does it; the test first derives that set from the
// game's rules, then asks the players: hard and expert at their default
// budgets pass every position, normal those whose rule is one ply (arrival,
// the deadline), and expert's search by itself (no shortcut at the root)
// finds the arrivals and the blocks.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "sternhalma/game.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/options.h"
#include "sternhalma/player.h"
#include "sternhalma/presets.h"
#include "sternhalma/zones.h"

using namespace sternhalma;

namespace {

struct Tactic {
  std::string table, line;
  std::vector<std::string> moves;  // from-to, sorted
};

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::vector<Tactic> load(const std::string& kind) {
  std::ifstream in(std::string(TACTICS_DIR) + "/" + kind + ".txt");
  REQUIRE_MESSAGE(in.good(), "cannot read tactics file ", kind);
  std::vector<Tactic> out;
  for (std::string text; std::getline(in, text);) {
    if (text.empty() || text[0] == '#') continue;
    const std::vector<std::string> f = absl::StrSplit(text, '|');
    REQUIRE_MESSAGE(f.size() == 3, "not 'table | position | moves': ", text);
    Tactic t{trimmed(f[0]), trimmed(f[1]), absl::StrSplit(trimmed(f[2]), ' ', absl::SkipEmpty())};
    REQUIRE(std::is_sorted(t.moves.begin(), t.moves.end()));
    out.push_back(std::move(t));
  }
  return out;
}

// The table of a line: a preset, then options ("classic-2;id=x;deadline=2").
Rules table_of(const std::string& spec) {
  const size_t semi = spec.find(';');
  const Rules* base = find_preset(spec.substr(0, semi));
  REQUIRE_MESSAGE(base != nullptr, "unknown preset in ", spec);
  Rules r = *base;
  if (semi != std::string::npos) {
    const absl::Status st = set_options(r, spec.substr(semi + 1));
    REQUIRE_MESSAGE(st.ok(), st.message());
  }
  return r;
}

Game game_of(const Tactic& t, const Rules& r) {
  absl::StatusOr<Position> p = Position::parse(t.line, r);
  REQUIRE_MESSAGE(p.ok(), p.status().message());
  absl::StatusOr<Game> g = Game::from_position(r, *p);
  REQUIRE_MESSAGE(g.ok(), g.status().message());
  REQUIRE_FALSE(g->is_over());
  return *std::move(g);
}

std::string text_of(Move m) { return std::string(cell_name(m.from)) + "-" + std::string(cell_name(m.to)); }

bool arrives(const Game& g, Move m) {
  const Seat owner = g.marbles_of();
  Game h = g;
  REQUIRE(h.apply(m).ok());
  return h.status(owner) == SeatStatus::kArrived;
}

bool can_arrive(const Game& g) {
  for (const Move m : g.legal_moves())
    if (g.puts_out(m) == OutReason::kNone && arrives(g, m)) return true;
  return false;
}

// Every move that does what the kind asks, by the game's rules alone.
std::vector<std::string> solutions(const std::string& kind, const Game& g) {
  std::vector<std::string> out;
  const Seat owner = g.marbles_of();
  const Bits& home = home_cells(owner, g.rules().marbles);
  for (const Move m : g.legal_moves()) {
    if (g.puts_out(m) != OutReason::kNone) continue;
    bool ok = false;
    if (kind == "arrive") {
      ok = arrives(g, m);
    } else if (kind == "block") {
      Game h = g;
      REQUIRE(h.apply(m).ok());
      ok = !h.is_over() && !can_arrive(h);
    } else {
      ok = home.test(m.from) && !home.test(m.to);
    }
    if (ok) out.push_back(text_of(m));
  }
  std::sort(out.begin(), out.end());
  return out;
}

void run(const std::string& kind, bool normal_too) {
  const std::vector<Tactic> tactics = load(kind);
  REQUIRE(tactics.size() >= 10);
  std::set<std::string> tables;
  for (const Tactic& t : tactics) {
    CAPTURE(t.line);
    const Rules r = table_of(t.table);
    const Game g = game_of(t, r);
    tables.insert(r.id);
    // The line's moves are exactly the rule's, and the choice is real.
    CHECK(absl::StrJoin(solutions(kind, g), " ") == absl::StrJoin(t.moves, " "));
    REQUIRE(!t.moves.empty());
    REQUIRE(t.moves.size() < g.legal_moves().size());
    if (kind == "block") {
      CHECK_FALSE(can_arrive(g));
      Position pass = g.position();
      pass.set_to_move(r.next_seat(g.to_move()));
      CHECK(can_arrive(*Game::from_position(r, pass)));  // a real threat
    }
    if (kind == "deadline") {
      const Seat s = g.marbles_of();
      CHECK((g.position().pieces(s) & home_cells(s, r.marbles)).count() == r.deadline);
    }
    auto solves = [&](Move m) { return std::binary_search(t.moves.begin(), t.moves.end(), text_of(m)); };
    std::vector<Level> levels = {Level::kHard, Level::kExpert};
    if (normal_too) levels.push_back(Level::kNormal);
    for (Level lv : levels) {
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        CAPTURE(level_name(lv));
        CAPTURE(seed);
        Player p(lv, seed);
        CHECK(solves(p.choose(g)));
      }
    }
    if (kind != "deadline") {
      internal::Table table;
      std::vector<Move> legal;
      for (const Move m : g.legal_moves())
        if (g.puts_out(m) == OutReason::kNone) legal.push_back(m);
      const internal::Result res = internal::best_reply(g, legal, {20'000, 0, nullptr}, table);
      CHECK(solves(res.move));
    }
  }
  MESSAGE(kind, ": ", tactics.size(), " positions on ", tables.size(), " tables");
}

}  // namespace

TEST_CASE("tactics: arrive in one move, on every table family") {
  run("arrive", /*normal_too=*/true);
  // Every family: 2, 3, 4, 6 seats, teams, long jumps, the king, 15 marbles.
  std::set<std::string> ids;
  for (const Tactic& t : load("arrive")) ids.insert(table_of(t.table).id);
  for (const char* id : {"classic-2", "classic-3", "classic-4", "classic-6", "pairs-2x2", "three-pairs",
                         "long-jumps-2", "long-jumps-6", "japanese-2", "japanese-3", "fifteen-2", "race-2"})
    CHECK(ids.count(id) == 1);
}

TEST_CASE("tactics: stop the opponent's arrival on two seats") { run("block", /*normal_too=*/false); }

TEST_CASE("tactics: take a marble out of home before the exit deadline") {
  run("deadline", /*normal_too=*/true);
}
