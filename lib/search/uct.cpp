// uct.cpp — the expert's search where four or more seats race through each
// other (internal/uct.h says what and why): UCT over the seats' best moves,
// max^n backups, short greedy playouts.
#include "sternhalma/internal/uct.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cmath>
#include <memory>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/internal/evaluate.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"
#include "sternhalma/random.h"

namespace sternhalma::internal {

bool runs_uct(const Rules& r) { return !r.teams && r.num_seats() >= 4; }

namespace {

using Clock = std::chrono::steady_clock;

// ln(x) for x >= 1 from basic arithmetic only (halvings, then the series
// of 2 atanh((m - 1) / (m + 1)) for m in [1, 2)), so that UCT's choices, and
// with them the move a node budget gives, are the same on every machine
// (a library's log need not round alike everywhere).
double ln_exact(double x) {
  constexpr double kLn2 = 0.69314718055994530942;
  int e = 0;
  while (x >= 2) x /= 2, ++e;
  const double z = (x - 1) / (x + 1), z2 = z * z;  // z <= 1/3
  double term = z, sum = 0;
  for (int k = 1; k < 40; k += 2) sum += term / k, term *= z2;
  return e * kLn2 + 2 * sum;
}

// The index in [0, count) with the most visits, the first of equals (the
// edges are in order of gain, so a tie goes to the most gaining move), or
// -1 when none has a visit. The choice of one tree and of several summed.
template <class VisitsOf>
int most_visited_of(int count, VisitsOf visits_of) {
  int best = -1, most = 0;
  for (int i = 0; i < count; ++i)
    if (const int v = visits_of(i); v > most) most = v, best = i;
  return best;
}

struct Edge {
  Move move;
  int child = -1;  // node index, -1 until first taken
};

struct Node {
  int first = 0;   // its edges: edges_[first, first + count)
  int count = 0;
  int taken = 0;   // edges taken so far, in order (best gain first)
  Seat mover = -1; // the seat to move here; -1: nobody (the iteration ends)
  int visits = 0;
  std::array<int64_t, kMaxSeats> reward{};  // sums, in chance parts per seat
};

class Uct {
 public:
  Uct(const Game& g, const Limits& limits, uint64_t seed)
      : root_(g.position()), st_(make_setting(g)), limits_(limits), rng_(seed) {
    for (Seat s = 0; s < kMaxSeats; ++s)
      if (st_.unit[s] >= 0 && st_.moves[s]) racing_ |= 1u << s, ++num_racing_;
    if (limits_.time_ms > 0) deadline_ = Clock::now() + std::chrono::milliseconds(limits_.time_ms);
  }

  UctResult run(Seat me, std::span<const Move> root_moves);
  // The root's edge i's move (after run()).
  Move root_move(int i) const { return edges_[static_cast<size_t>(nodes_of_tree_[0].first + i)].move; }
  // The iterations run() completed.
  int iterations() const { return iterations_; }
  // The visits of the root's edge i (0 before run()).
  int root_visits(int i) const {
    if (nodes_of_tree_.empty()) return 0;
    const int c = edges_[static_cast<size_t>(nodes_of_tree_[0].first + i)].child;
    return c < 0 ? 0 : nodes_of_tree_[static_cast<size_t>(c)].visits;
  }

 private:
  // Counts one board; false, counting nothing, once the budget is spent.
  bool count() {
    if (stopped_) return false;
    if (limits_.nodes > 0 && nodes_ >= limits_.nodes) return stopped_ = true, false;
    ++nodes_;
    if ((nodes_ & (kTimeCheckNodes - 1)) == 0) {
      if (limits_.time_ms > 0 && Clock::now() >= deadline_) stopped_ = true;
      if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    }
    return !stopped_;
  }

  // The next seat after s in turn order that is still racing; -1 when none is.
  static Seat next_racing(Seat s, uint32_t racing) {
    for (int i = 1; i <= kMaxSeats; ++i)
      if (racing >> ((s + i) % kMaxSeats) & 1) return (s + i) % kMaxSeats;
    return -1;
  }
  // The same, passing over seats without a move on pos (they pass).
  static Seat next_mover(const Position& pos, Seat s, uint32_t racing) {
    for (Seat t = next_racing(s, racing); t >= 0; t = next_racing(t, racing)) {
      MoveList list;
      generate(pos, t, list);
      if (list.size() > 0) return t;
      racing &= ~(1u << t);
    }
    return -1;
  }

  // A new node for `mover` on pos, its edges the `width` moves gaining most
  // towards its goal's tip (stable: ties keep the order given).
  int add_node(const Position& pos, Seat mover, std::span<const Move> given, int width) {
    Node n;
    n.mover = mover;
    n.first = static_cast<int>(edges_.size());
    if (mover >= 0) {
      MoveList list;
      if (given.empty()) {
        generate(pos, mover, list);
        given = std::span<const Move>(list.begin(), list.size());
      }
      scratch_.assign(given.begin(), given.end());
      std::stable_sort(scratch_.begin(), scratch_.end(), [mover](Move a, Move b) {
        return tip_gain(mover, a) > tip_gain(mover, b);
      });
      n.count = std::min(width, static_cast<int>(scratch_.size()));
      for (int i = 0; i < n.count; ++i) edges_.push_back({scratch_[static_cast<size_t>(i)], -1});
    }
    nodes_of_tree_.push_back(n);
    return static_cast<int>(nodes_of_tree_.size()) - 1;
  }

  // The playout's move for s: most towards the tip (ties at random), one
  // time in kUctRandomIn a random one that loses no ground; Move{} (a pass)
  // when s has none.
  Move playout_move(const Position& pos, Seat s) {
    MoveList list;
    generate(pos, s, list);
    if (list.size() == 0) return Move{};
    if (rng_.below(kUctRandomIn) == 0) {
      uint32_t n = 0;
      Move pick = *list.begin();
      for (const Move m : list)
        if (tip_gain(s, m) >= 0 && rng_.below(++n) == 0) pick = m;
      return pick;
    }
    int best = INT32_MIN;
    uint32_t ties = 0;
    Move pick = *list.begin();
    for (const Move m : list) {
      const int g = tip_gain(s, m);
      if (g > best) best = g, pick = m, ties = 1;
      else if (g == best && rng_.below(++ties) == 0) pick = m;
    }
    return pick;
  }

  // Each racing seat's reward on pos: the sum, over the others racing at
  // the root, of its chance of finishing before them (evaluate.h).
  std::array<int64_t, kMaxSeats> rewards(const Position& pos, const Setting& st) const {
    std::array<int, kMaxSeats> worth{};
    for (Seat s = 0; s < kMaxSeats; ++s)
      if (racing_ >> s & 1) worth[s] = race_worth(pos, s, st);
    std::array<int64_t, kMaxSeats> r{};
    for (Seat s = 0; s < kMaxSeats; ++s) {
      if (!(racing_ >> s & 1)) continue;
      for (Seat t = 0; t < kMaxSeats; ++t)
        if (t != s && (racing_ >> t & 1)) r[s] += chance_ahead(worth[s] - worth[t]);
    }
    return r;
  }

  // UCT: the edge of node n whose child has the best mean reward for the
  // mover plus kUctExploration * sqrt(ln(visits) / child visits), after
  // every edge was taken once.
  int select(const Node& n) const {
    if (n.taken < n.count) return n.taken;
    const double whole = static_cast<double>(kChanceWhole) * std::max(1, num_racing_ - 1);
    const double log_n = ln_exact(n.visits);
    int best = 0;
    double best_v = -1;
    for (int i = 0; i < n.count; ++i) {
      const Node& c = nodes_of_tree_[static_cast<size_t>(edges_[static_cast<size_t>(n.first + i)].child)];
      const double v = static_cast<double>(c.reward[static_cast<size_t>(n.mover)]) / (whole * c.visits) +
                       kUctExploration * std::sqrt(log_n / c.visits);
      if (v > best_v) best_v = v, best = i;
    }
    return best;
  }

  bool iterate();

  // The edge of node k whose child has the most visits, or -1.
  int most_visited(int k) const {
    const Node& n = nodes_of_tree_[static_cast<size_t>(k)];
    return most_visited_of(n.count, [&](int i) {
      const int c = edges_[static_cast<size_t>(n.first + i)].child;
      return c < 0 ? 0 : nodes_of_tree_[static_cast<size_t>(c)].visits;
    });
  }

  const Position root_;
  const Setting st_;
  const Limits limits_;
  Rng rng_;
  uint32_t racing_ = 0;  // seats racing at the root
  int num_racing_ = 0;
  int iterations_ = 0;
  int64_t nodes_ = 0;
  bool stopped_ = false;
  Clock::time_point deadline_{};
  std::vector<Node> nodes_of_tree_;
  std::vector<Edge> edges_;
  std::vector<Move> scratch_;
  std::vector<int> path_;
};

// One iteration: down the tree, one node added, a playout, the rewards
// backed up. False when the budget ended it (nothing is backed up).
bool Uct::iterate() {
  Position pos = root_;
  Setting st = st_;  // moves made advance with the line (the exit deadline)
  uint32_t racing = racing_;
  path_.assign(1, 0);
  int cur = 0;
  bool over = false;
  for (;;) {
    const Node& n = nodes_of_tree_[static_cast<size_t>(cur)];
    if (n.mover < 0 || n.count == 0) {
      over = true;
      break;
    }
    const int i = select(n);
    const Seat mover = n.mover;
    const Edge e = edges_[static_cast<size_t>(n.first + i)];
    if (!count()) return false;
    pos.move_piece(e.move.from, e.move.to);
    ++st.moves_made[mover];
    const bool arrived = goal_reached(pos, mover);
    if (arrived) racing &= ~(1u << mover);
    if (e.child < 0) {
      if (nodes_of_tree_.size() >= static_cast<size_t>(kUctMaxTree)) return stopped_ = true, false;
      nodes_of_tree_[static_cast<size_t>(cur)].taken++;
      const Seat next = arrived ? -1 : next_mover(pos, mover, racing);
      const int child = add_node(pos, next, {}, kUctWidth);
      edges_[static_cast<size_t>(nodes_of_tree_[static_cast<size_t>(cur)].first + i)].child = child;
      path_.push_back(child);
      over = arrived || next < 0;
      break;
    }
    cur = e.child;
    path_.push_back(cur);
    if (arrived) {
      over = true;
      break;
    }
  }
  if (!over) {
    Seat s = nodes_of_tree_[static_cast<size_t>(path_.back())].mover;
    for (int ply = 0; ply < kUctPlayoutRounds * num_racing_; ++ply) {
      const Move m = playout_move(pos, s);
      if (m != Move{}) {
        if (!count()) return false;
        pos.move_piece(m.from, m.to);
        ++st.moves_made[s];
        if (goal_reached(pos, s)) break;
      }
      s = next_racing(s, racing);
    }
  }
  const std::array<int64_t, kMaxSeats> r = rewards(pos, st);
  for (const int k : path_) {
    Node& n = nodes_of_tree_[static_cast<size_t>(k)];
    ++n.visits;
    for (size_t s = 0; s < kMaxSeats; ++s) n.reward[s] += r[s];
  }
  return true;
}

UctResult Uct::run(Seat me, std::span<const Move> root_moves) {
  add_node(root_, me, root_moves, kUctRootWidth);
  UctResult res;
  while (!stopped_ && iterate()) ++res.iterations;
  iterations_ = res.iterations;
  for (int i = 0; i < nodes_of_tree_[0].count; ++i) res.visits[static_cast<size_t>(i)] = root_visits(i);
  res.nodes = nodes_;
  // The most visited root move, and the most visited line's length.
  const int top = most_visited(0);
  res.move = root_move(std::max(0, top));
  for (int k = 0, i = top; i >= 0; i = most_visited(k), ++res.depth)
    k = edges_[static_cast<size_t>(nodes_of_tree_[static_cast<size_t>(k)].first + i)].child;
  return res;
}

}  // namespace

UctResult uct(const Game& game, std::span<const Move> root_moves, const Limits& limits,
              uint64_t seed, int threads) {
  assert(runs_uct(game.rules()));
  if (root_moves.empty()) return {};  // every iteration starts with a root move
  threads = std::clamp(threads, 1, kMaxThreads);
  const Seat me = game.marbles_of();
  Uct lead(game, limits, seed);
  if (threads == 1) return lead.run(me, root_moves);
  // Root parallel: each helper grows a tree of its own, from a seed of its
  // own, within the same limits, reading the game and the root moves (which
  // nobody writes meanwhile). Every tree's root has the same edges in the
  // same order (add_node's stable order of root_moves), so their visits add.
  // A helper that cannot start, or runs out of memory, is left out.
  Rng seeds(seed);
  std::vector<std::unique_ptr<Uct>> helpers;
  std::vector<std::thread> pool;
  std::vector<char> done(static_cast<size_t>(threads - 1), 0);
  for (int i = 1; i < threads; ++i) {
    try {
      helpers.push_back(std::make_unique<Uct>(game, limits, seeds.next()));
      Uct* h = helpers.back().get();
      char* ok = &done[static_cast<size_t>(i - 1)];
      pool.emplace_back([h, ok, me, root_moves] {
        try {
          h->run(me, root_moves);
          *ok = 1;
        } catch (...) {  // no exception leaves a thread: the tree is left out
        }
      });
    } catch (const std::system_error&) {
      break;  // no thread to be had: search with fewer
    } catch (const std::bad_alloc&) {
      break;
    }
  }
  UctResult res;
  try {
    res = lead.run(me, root_moves);
  } catch (...) {
    for (std::thread& t : pool) t.join();
    throw;
  }
  for (std::thread& t : pool) t.join();
  // The root move most visited over all the trees.
  const int width = std::min(kUctRootWidth, static_cast<int>(root_moves.size()));
  for (int i = 0; i < width; ++i)
    for (size_t k = 0; k < pool.size(); ++k)
      if (done[k]) res.visits[static_cast<size_t>(i)] += helpers[k]->root_visits(i);
  const int best = most_visited_of(width, [&](int i) { return res.visits[static_cast<size_t>(i)]; });
  if (best >= 0) res.move = lead.root_move(best);
  for (size_t k = 0; k < pool.size(); ++k)
    if (done[k]) res.iterations += helpers[k]->iterations();
  return res;
}

}  // namespace sternhalma::internal
