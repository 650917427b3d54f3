#include "sternhalma/player.h"

#include <algorithm>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/movegen.h"
#include "sternhalma/random.h"

namespace sternhalma {

namespace {

// The moves worth considering: every legal move of the marbles the seat to
// move moves, less the eliminating ones when others exist.
std::vector<Move> candidates(const Game& g) {
  MoveList list;
  generate(g.position(), g.marbles_of(), list);
  std::vector<Move> all(list.begin(), list.end()), safe;
  std::sort(all.begin(), all.end());
  for (const Move m : all)
    if (!g.eliminates(m)) safe.push_back(m);
  return safe.empty() ? all : safe;
}

int tip_gain(Seat s, Move m) { return tip_steps(s, m.from) - tip_steps(s, m.to); }

// The best tip gain of `owner`'s next move on `pos`, looking `depth` moves
// ahead (depth >= 1), each later move discounted.
double lookahead(Position& pos, Seat owner, int depth) {
  MoveList list;
  generate(pos, owner, list);
  if (list.empty()) return 0;
  if (depth <= 1) {
    int best = -100;
    for (const Move m : list) best = std::max(best, tip_gain(owner, m));
    return best;
  }
  // Beam: the 6 best immediate gains.
  std::vector<std::pair<int, Move>> v;
  for (const Move m : list) v.push_back({tip_gain(owner, m), m});
  std::partial_sort(v.begin(), v.begin() + std::min<size_t>(6, v.size()), v.end(),
                    [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  double best = -100;
  for (size_t i = 0; i < std::min<size_t>(6, v.size()); ++i) {
    const Move m = v[i].second;
    pos.move_piece(m.from, m.to);
    best = std::max(best, v[i].first + 0.8 * lookahead(pos, owner, depth - 1));
    pos.move_piece(m.to, m.from);
  }
  return best;
}

}  // namespace

std::optional<Level> parse_level(std::string_view name) {
  if (name == "easy") return Level::kEasy;
  if (name == "normal") return Level::kNormal;
  if (name == "hard") return Level::kHard;
  return std::nullopt;
}

std::string_view level_name(Level level) {
  switch (level) {
    case Level::kEasy: return "easy";
    case Level::kNormal: return "normal";
    case Level::kHard: return "hard";
  }
  return "?";
}

Player::Player(Level level, uint64_t seed) : level_(level), state_(seed) {}

uint64_t Player::next() { return splitmix64(state_); }
uint64_t Player::below(uint64_t n) { return n ? next() % n : 0; }

Move Player::choose(const Game& g) {
  const std::vector<Move> moves = candidates(g);
  if (moves.empty()) return Move{};
  const Seat owner = g.marbles_of();
  std::vector<Move> pick;
  // The exit deadline (rule 7): when the own moves left barely cover the
  // marbles still at home, every level plays a marble out of home first.
  const Rules& r = g.rules();
  if (r.deadline > 0 && owner == g.to_move() && g.moves_made(owner) < r.deadline) {
    const Bits& home = home_cells(owner, r.marbles);
    const int at_home = (g.position().pieces(owner) & home).count();
    if (at_home > 0 && r.deadline - g.moves_made(owner) <= 2 * at_home + 4) {
      std::vector<Move> out, inside;
      for (const Move m : moves)
        if (home.test(m.from)) (home.test(m.to) ? inside : out).push_back(m);
      // Leave home if possible, else make room inside it (towards the exit).
      std::vector<Move>& use = out.empty() ? inside : out;
      if (!use.empty()) {
        int best = -100;
        for (const Move m : use) best = std::max(best, tip_gain(owner, m));
        if (best > 0 || !out.empty()) {
          for (const Move m : use)
            if (tip_gain(owner, m) == best) pick.push_back(m);
          return pick[below(pick.size())];
        }
      }
    }
  }
  if (level_ == Level::kEasy) {
    // Any advancing move (towards the goal tip), else any sideways one, else any.
    for (int want : {1, 0}) {
      for (const Move m : moves)
        if (want ? tip_gain(owner, m) > 0 : tip_gain(owner, m) == 0) pick.push_back(m);
      if (!pick.empty()) break;
    }
    if (pick.empty()) pick = moves;
    return pick[below(pick.size())];
  }
  // Normal and hard: the default (assignment) distance gained, then for hard
  // what the next own moves could gain.
  Position pos = g.position();
  const int d0 = goal_distance(pos, owner);
  std::vector<double> score(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    pos.move_piece(m.from, m.to);
    score[i] = (d0 - goal_distance(pos, owner)) + 0.01 * tip_gain(owner, m);
    pos.move_piece(m.to, m.from);
  }
  if (level_ == Level::kHard) {
    // Two own moves ahead for every move, three for the most promising.
    std::vector<double> deep(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      pos.move_piece(m.from, m.to);
      deep[i] = score[i] + 0.9 * lookahead(pos, owner, 1);
      pos.move_piece(m.to, m.from);
    }
    std::vector<size_t> order(moves.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return deep[a] > deep[b]; });
    for (size_t k = 0; k < std::min<size_t>(8, order.size()); ++k) {
      const size_t i = order[k];
      const Move m = moves[i];
      pos.move_piece(m.from, m.to);
      deep[i] = score[i] + 0.9 * lookahead(pos, owner, 2);
      pos.move_piece(m.to, m.from);
    }
    // Never a move that loses ground now for a promise: keep the immediate
    // gain as a small part of the score so that ladders get climbed.
    score = deep;
  }
  const double best = *std::max_element(score.begin(), score.end());
  for (size_t i = 0; i < moves.size(); ++i)
    if (score[i] >= best - 1e-9) pick.push_back(moves[i]);
  return pick[below(pick.size())];
}

}  // namespace sternhalma
