// best_reply.cpp — the expert's tree search (internal/search.h says what and
// why): best-reply alpha-beta with iterative deepening and a transposition
// table.
#include <algorithm>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/internal/evaluate.h"
#include "sternhalma/internal/search.h"
#include "sternhalma/movegen.h"
#include "sternhalma/player.h"

namespace sternhalma::internal {

namespace {

using internal::kWin;
using Clock = std::chrono::steady_clock;

constexpr int kInf = INT_MAX / 2;
// Scores this close to kWin are finishes "in n plies": stored in the table
// relative to the node, not the root.
constexpr int kWinBound = kWin - 4 * kMaxDepth;
// Mixed into the hash at MIN layers: the same board with the other side to
// move is another node.
constexpr uint64_t kMinLayerKey = 0x9d39247e33776d41ULL;

enum Bound : uint8_t { kNoBound, kExact, kLower, kUpper };

// One table entry: the key, then score (32 bits), depth, bound, move.
struct Entry {
  int score = 0;
  int depth = -1;
  Bound bound = kNoBound;
  Move move{0, 0};
};

struct Child {
  Move move;
  int gain;  // steps towards the mover's goal tip
};

// Root splitting: the root moves of one iteration are shared out, each
// searched by one thread (with one thread, all of them in order: then the bar
// is alpha, and nothing needs a second search). The main search takes the first (the last
// iteration's best) at once; the helpers take the next ones meanwhile, against
// the last iteration's score less kAspiration as a bar until the first move's
// score is known, and against the best exact score so far after. A move
// searched against a bar returns its exact score when it beats the bar, or a
// bound no higher than the bar; the main search then re-searches the few
// whose bound does not settle them. Every finished move also leaves its
// subtree in the shared table for the next iteration.
constexpr int kAspiration = kStep / 2;
constexpr int64_t kNoBest = INT64_MIN;

// (score, index) in one word, so that one atomic maximum keeps the best score
// and, among equal scores, the first move (the one a single thread keeps).
static_assert(kMaxMoves < 65536, "a root move's index fits in 16 bits");
constexpr int64_t pack_best(int score, int i) { return int64_t{score} * 65536 + (65535 - i); }
constexpr int best_score(int64_t b) { return static_cast<int>(b >> 16); }  // floor: C++20 shifts
constexpr int best_index(int64_t b) { return 65535 - static_cast<int>(b & 0xffff); }
static_assert(best_score(pack_best(-7, 3)) == -7 && best_index(pack_best(-7, 3)) == 3);
static_assert(pack_best(5, 0) > pack_best(5, 1) && pack_best(6, 9) > pack_best(5, 0));

enum SlotKind : uint8_t { kAborted, kExactScore, kUpperBound };
struct Slot {
  int score = 0;
  SlotKind kind = kAborted;
};

struct RootShare {
  std::mutex mu;
  std::condition_variable cv;
  int generation = 0;        // under mu: the iteration to help with (0: none yet)
  bool over = false;         // under mu: the search has ended
  int depth = 0;             // under mu, fixed for the generation
  int estimate = -kInf;      // under mu: the bar before the first move's score
  std::vector<Move> order;   // under mu: the iteration's moves, the last best first
  std::vector<Slot> slots;   // one per move, written by its taker before `finished`
  std::atomic<bool> halt{false};         // the main search has stopped: all stop
  std::atomic<uint64_t> next{0};         // generation << 32 | the next move to take
  std::atomic<int> finished{0};          // moves done (searched or abandoned)
  std::atomic<bool> first_done{false};   // the first move is done: `best` is a true bar
  std::atomic<int64_t> best{kNoBest};    // pack_best of the best exact score so far

  // The next move of generation `gen` for a thread to take, or -1.
  int take(int gen, int n) {
    uint64_t v = next.load(std::memory_order_relaxed);
    for (;;) {
      if (static_cast<int>(v >> 32) != gen || static_cast<int>(v & 0xffffffff) >= n) return -1;
      if (next.compare_exchange_weak(v, v + 1, std::memory_order_relaxed)) return static_cast<int>(v & 0xffffffff);
    }
  }
  // The bar move i is searched against: the best exact score so far, one
  // lower when that belongs to a later move (so that i wins a tie, as it
  // would on one thread), and no lower than the estimate until the first
  // move's score is known.
  int bar(int i, int est) const {
    const int64_t b = best.load(std::memory_order_acquire);
    int v = -kInf;
    if (b != kNoBest) v = best_score(b) - (best_index(b) > i ? 1 : 0);
    if (!first_done.load(std::memory_order_acquire)) v = std::max(v, est);
    return v;
  }
  void offer(int score, int i) {
    const int64_t p = pack_best(score, i);
    int64_t b = best.load(std::memory_order_relaxed);
    while (p > b && !best.compare_exchange_weak(b, p, std::memory_order_acq_rel)) {
    }
  }
  void finish(int i, Slot slot) {
    slots[static_cast<size_t>(i)] = slot;
    finished.fetch_add(1, std::memory_order_release);
    finished.notify_all();
  }
};

class Search {
 public:
  Search(const Game& g, const Limits& limits, Table& table, const std::atomic<bool>* halt = nullptr)
      : pos_(g.position()), st_(internal::make_setting(g)), limits_(limits), tt_(table.words()), halt_(halt) {
    me_ = g.to_move();
    const Rules& r = g.rules();
    partner_moves_ = r.teams && r.partner_moves;
    for (Seat s = 0; s < kMaxSeats; ++s) {
      if (!r.plays(s) || !g.has_turn(s) || st_.unit[s] == st_.root_unit) continue;
      const Seat owner = owner_of(s);
      if (st_.unit[owner] < 0 || st_.unit[owner] == st_.root_unit) continue;
      opp_[n_opp_++] = s;
    }
    for (Seat s = 0; s < kMaxSeats; ++s)
      if (st_.unit[s] >= 0 && st_.unit[s] != st_.root_unit) opp_unit_ = st_.unit[s];
    two_units_ = st_.num_units == 2;
    if (limits_.time_ms > 0) deadline_ = Clock::now() + std::chrono::milliseconds(limits_.time_ms);
  }

  // The main search: iterative deepening, each iteration's root moves shared
  // out through `share` (alone when no helper serves it, which searches the
  // moves in order against the best so far: plain alpha-beta at the root).
  Result run(std::span<const Move> root_moves, RootShare& share);
  // A helper's loop: it takes moves of each iteration the main search
  // publishes until the search is over.
  void serve(RootShare& share);

 private:
  int node(int depth, int alpha, int beta, bool max_turn, int ply);
  int root_move(Move m, int depth, int alpha) {
    pos_.move_piece(m.from, m.to);
    const int v = node(depth - 1, alpha, kInf, /*max_turn=*/false, 1);
    pos_.move_piece(m.to, m.from);
    return v;
  }
  // The root moves, those gaining most towards the goal's tip first (stable:
  // equal gains keep the caller's order, which breaks ties), and the last
  // iteration's depth.
  std::vector<Move> root_order(std::span<const Move> root_moves) const;
  int last_depth() const { return limits_.depth > 0 ? std::min(limits_.depth, kMaxDepth) : kMaxDepth; }
  // Searches move i of `share`'s iteration against its bar and records it.
  void split_move(RootShare& share, int i, Move m, int depth, int estimate);
  void children(bool max_turn, Move tt_move, bool prune, std::vector<Child>& out) const;
  void add_moves(Seat owner, int width, bool prune, std::vector<Child>& out) const;
  // Whose marbles seat s moves on the board searched: its own, or its
  // partner's once it has reached its goal where partners move for each
  // other (SPEC §5; the game's Game::marbles_of at the root).
  Seat owner_of(Seat s) const {
    return partner_moves_ && goal_reached(pos_, s) ? opposite_point(s) : s;
  }
  bool stop() {
    if (stopped_) return true;
    if (limits_.nodes > 0 && nodes_ >= limits_.nodes) stopped_ = true;
    if ((nodes_ & (kTimeCheckNodes - 1)) == 0) {
      if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
      if (halt_ != nullptr && halt_->load(std::memory_order_relaxed)) stopped_ = true;
      if (limits_.time_ms > 0 && Clock::now() >= deadline_) stopped_ = true;
    }
    return stopped_;
  }
  bool probe(uint64_t key, Entry& e, int ply) const {
    const size_t i = 2 * (key & (kTableEntries - 1));
    const uint64_t d = tt_[i + 1].load(std::memory_order_relaxed);
    if ((tt_[i].load(std::memory_order_relaxed) ^ d) != key) return false;
    e.score = static_cast<int32_t>(static_cast<uint32_t>(d));
    if (e.score > kWinBound) e.score -= ply;
    if (e.score < -kWinBound) e.score += ply;
    e.depth = static_cast<int>((d >> 32) & 0xff);
    e.bound = static_cast<Bound>((d >> 40) & 0xff);
    e.move = {static_cast<uint8_t>(d >> 48), static_cast<uint8_t>(d >> 56)};
    return true;
  }
  void store(uint64_t key, int score, int depth, Bound bound, Move m, int ply) {
    if (score > kWinBound) score += ply;
    if (score < -kWinBound) score -= ply;
    const size_t i = 2 * (key & (kTableEntries - 1));
    const uint64_t d = static_cast<uint32_t>(score) | uint64_t{static_cast<uint8_t>(depth)} << 32 |
                       uint64_t{bound} << 40 | uint64_t{m.from} << 48 | uint64_t{m.to} << 56;
    tt_[i].store(key ^ d, std::memory_order_relaxed);
    tt_[i + 1].store(d, std::memory_order_relaxed);
  }

  Position pos_;
  internal::Setting st_;
  Limits limits_;
  std::atomic<uint64_t>* tt_;
  const std::atomic<bool>* halt_;  // the main search has finished (helpers)
  Seat me_ = 0;  // the seat to move at the root (owner_of: whose marbles it moves)
  bool partner_moves_ = false;
  std::array<Seat, kMaxSeats> opp_{};
  int n_opp_ = 0;
  int opp_unit_ = -1;
  bool two_units_ = false;
  int64_t nodes_ = 0;
  bool stopped_ = false;
  Clock::time_point deadline_{};
  std::array<std::vector<Child>, kMaxDepth + 2> buf_;
};

void Search::add_moves(Seat owner, int width, bool prune, std::vector<Child>& out) const {
  MoveList list;
  generate(pos_, owner, list);
  const size_t first = out.size();
  for (const Move m : list) out.push_back({m, tip_gain(owner, m)});
  // Distance gained first (stable: ties keep the generator's order).
  std::stable_sort(out.begin() + static_cast<long>(first), out.end(),
                   [](const Child& a, const Child& b) { return a.gain > b.gain; });
  if (!prune) return;
  size_t keep = first;
  while (keep < out.size() && keep - first < static_cast<size_t>(width) && out[keep].gain >= 0) ++keep;
  // Nothing that holds ground: keep the least bad few.
  if (keep == first) keep = std::min(out.size(), first + static_cast<size_t>(width));
  out.resize(keep);
}

void Search::children(bool max_turn, Move tt_move, bool prune, std::vector<Child>& out) const {
  out.clear();
  if (max_turn) {
    add_moves(owner_of(me_), kWidth, prune, out);
  } else {
    const int width = n_opp_ == 1 ? kWidth : kOpponentWidth;
    for (int i = 0; i < n_opp_; ++i) add_moves(owner_of(opp_[i]), width, prune, out);
    if (n_opp_ > 1)
      std::stable_sort(out.begin(), out.end(),
                       [](const Child& a, const Child& b) { return a.gain > b.gain; });
  }
  // The table's move first.
  for (size_t i = 0; i < out.size(); ++i)
    if (out[i].move == tt_move) {
      std::rotate(out.begin(), out.begin() + static_cast<long>(i), out.begin() + static_cast<long>(i) + 1);
      break;
    }
}

int Search::node(int depth, int alpha, int beta, bool max_turn, int ply) {
  ++nodes_;
  if (stop()) return 0;
  // Arrival (rule 3) ends the line: the root unit's is the best it can do
  // for itself at any table (it takes the best place still free, the sooner
  // the surer); the opponent's is a loss only when it is the only one.
  if (internal::unit_home(pos_, st_, st_.root_unit)) return kWin - ply;
  if (two_units_ && internal::unit_home(pos_, st_, opp_unit_)) return -(kWin - ply);
  if (depth <= 0 || ply >= kMaxDepth) return internal::evaluate(pos_, st_, max_turn);

  const uint64_t key = pos_.hash() ^ (max_turn ? 0 : kMinLayerKey);
  Entry e;
  Move tt_move{0, 0};
  if (probe(key, e, ply)) {
    tt_move = e.move;
    if (e.depth >= depth) {
      if (e.bound == kExact) return e.score;
      if (e.bound == kLower && e.score >= beta) return e.score;
      if (e.bound == kUpper && e.score <= alpha) return e.score;
    }
  }
  std::vector<Child>& kids = buf_[static_cast<size_t>(ply)];
  children(max_turn, tt_move, /*prune=*/true, kids);
  if (kids.empty()) return node(depth - 1, alpha, beta, !max_turn, ply + 1);  // a pass

  const int alpha0 = alpha, beta0 = beta;
  int best = max_turn ? -kInf : kInf;
  Move best_move = kids[0].move;
  for (size_t i = 0; i < kids.size(); ++i) {
    const Move m = kids[i].move;
    pos_.move_piece(m.from, m.to);
    const int v = node(depth - 1, alpha, beta, !max_turn, ply + 1);
    pos_.move_piece(m.to, m.from);
    if (stopped_) return 0;
    if (max_turn ? v > best : v < best) best = v, best_move = m;
    if (max_turn) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) break;
  }
  Bound bound = kExact;
  if (best <= alpha0) bound = kUpper;
  else if (best >= beta0) bound = kLower;
  store(key, best, depth, bound, best_move, ply);
  return best;
}

std::vector<Move> Search::root_order(std::span<const Move> root_moves) const {
  std::vector<Child> sorted;
  for (const Move m : root_moves) sorted.push_back({m, tip_gain(owner_of(me_), m)});
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Child& a, const Child& b) { return a.gain > b.gain; });
  std::vector<Move> order;
  for (const Child& c : sorted) order.push_back(c.move);
  return order;
}

void Search::split_move(RootShare& share, int i, Move m, int depth, int estimate) {
  if (stopped_ || share.halt.load(std::memory_order_relaxed)) return share.finish(i, {});
  const int bar = share.bar(i, estimate);
  const int v = root_move(m, depth, bar);
  if (stopped_) return share.finish(i, {});
  // The first move's score, or a bound below a better move's: from now on
  // the best exact score is a true bar.
  if (v > bar) share.offer(v, i);
  if (i == 0) share.first_done.store(true, std::memory_order_release);
  share.finish(i, {v, v > bar ? kExactScore : kUpperBound});
}

void Search::serve(RootShare& share) {
  int seen = 0;
  for (;;) {
    int gen, depth, estimate;
    std::vector<Move> order;
    {
      std::unique_lock lock(share.mu);
      share.cv.wait(lock, [&] { return share.over || share.generation != seen; });
      if (share.over) return;
      seen = gen = share.generation;
      depth = share.depth;
      estimate = share.estimate;
      order = share.order;
    }
    const int n = static_cast<int>(order.size());
    for (int i; (i = share.take(gen, n)) >= 0;) split_move(share, i, order[static_cast<size_t>(i)], depth, estimate);
  }
}

Result Search::run(std::span<const Move> root_moves, RootShare& share) {
  std::vector<Move> order = root_order(root_moves);
  Result res;
  if (order.empty()) return res;
  const int n = static_cast<int>(order.size());
  res.move = order[0];
  for (int depth = 1; depth <= last_depth(); ++depth) {
    const int gen = depth;
    {
      std::lock_guard lock(share.mu);
      share.generation = gen;
      share.depth = depth;
      share.estimate = depth == 1 ? -kInf : res.score - kAspiration;
      share.order = order;
      share.slots.assign(order.size(), Slot{});
      share.finished.store(0, std::memory_order_relaxed);
      share.first_done.store(false, std::memory_order_relaxed);
      share.best.store(kNoBest, std::memory_order_relaxed);
      share.next.store(uint64_t{static_cast<uint32_t>(gen)} << 32 | 1, std::memory_order_relaxed);
    }
    share.cv.notify_all();
    // The first move here, at once; then whatever is left to take.
    split_move(share, 0, order[0], depth, -kInf);
    for (int i; (i = share.take(gen, n)) >= 0;) split_move(share, i, order[static_cast<size_t>(i)], depth, -kInf);
    if (stopped_) share.halt.store(true, std::memory_order_relaxed);
    for (int f; (f = share.finished.load(std::memory_order_acquire)) < n;)
      share.finished.wait(f, std::memory_order_acquire);
    // Bounds that do not settle their move against the best: search again.
    int64_t best = share.best.load(std::memory_order_acquire);
    if (!stopped_ && best != kNoBest) {
      for (int i = 0; i < n && !stopped_; ++i) {
        const Slot& slot = share.slots[static_cast<size_t>(i)];
        if (slot.kind != kUpperBound) continue;
        const int s = best_score(best), b = best_index(best);
        if (slot.score < s || (slot.score == s && i > b)) continue;
        const int bar = s - (b > i ? 1 : 0);
        const int v = root_move(order[static_cast<size_t>(i)], depth, bar);
        if (!stopped_ && v > bar) best = std::max(best, pack_best(v, i));
      }
    }
    // A stopped iteration still counts when the first move finished: the
    // best exact score is then at least its score, and any move that beat it
    // is better.
    const bool complete = !stopped_;
    if (best != kNoBest && share.slots[0].kind != kAborted) {
      const int b = best_index(best);
      res.move = order[static_cast<size_t>(b)];
      res.score = best_score(best);
      std::rotate(order.begin(), order.begin() + b, order.begin() + b + 1);
    }
    if (!complete) break;
    res.depth = depth;
    if (n == 1 || res.score > kWinBound || res.score < -kWinBound) break;
  }
  res.nodes = nodes_;
  return res;
}

}  // namespace

void Table::clear() {
  if (!words_) words_ = std::make_unique<std::atomic<uint64_t>[]>(2 * kTableEntries);
  for (size_t i = 0; i < 2 * kTableEntries; ++i) words_[i].store(0, std::memory_order_relaxed);
}

Result best_reply(const Game& game, std::span<const Move> root_moves, const Limits& limits,
                  Table& table, int threads) {
  table.clear();
  threads = std::clamp(threads, 1, kMaxThreads);
  RootShare share;
  if (threads == 1) {
    Search s(game, limits, table);
    return s.run(root_moves, share);
  }
  // The helpers share the table and the root (RootShare), and read the
  // game, which nobody writes meanwhile; they stop when the main search does.
  Limits helper_limits = limits;
  helper_limits.nodes = 0;  // the main search's budget (and depth) ends them all
  helper_limits.depth = 0;
  std::vector<std::unique_ptr<Search>> helpers;
  for (int i = 1; i < threads; ++i)
    helpers.push_back(std::make_unique<Search>(game, helper_limits, table, &share.halt));
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) {
    try {
      Search* h = helpers[static_cast<size_t>(i - 1)].get();
      pool.emplace_back([h, &share] { h->serve(share); });
    } catch (const std::system_error&) {
      break;  // no thread to be had: search with fewer
    }
  }
  Search lead(game, limits, table);
  const Result r = lead.run(root_moves, share);
  share.halt.store(true, std::memory_order_relaxed);
  {
    std::lock_guard lock(share.mu);
    share.over = true;
  }
  share.cv.notify_all();
  for (std::thread& t : pool) t.join();
  return r;
}

}  // namespace sternhalma::internal
