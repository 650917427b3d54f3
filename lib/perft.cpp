// perft.cpp — perft and divide (perft.h) over the public generator.
#include "sternhalma/perft.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <new>
#include <type_traits>
#include <utility>
#include <system_error>
#include <thread>

#include "absl/strings/str_cat.h"
#include "sternhalma/internal/after_moves.h"
#include "sternhalma/movegen.h"

namespace sternhalma {

using internal::AfterMoves;

namespace {

// A T (AfterMoves, its Memo) made only on some paths. Not std::optional:
// GCC 12 zeroes an optional's whole storage when it is declared (9 KB for
// AfterMoves, at every node).
template <class T>
class Maybe {
 public:
  Maybe() = default;
  Maybe(const Maybe&) = delete;
  Maybe& operator=(const Maybe&) = delete;
  template <class... A>
  T& emplace(A&&... a) {
    assert(!made_);
    made_ = true;
    return *::new (static_cast<void*>(buf_)) T(std::forward<A>(a)...);
  }
  T* get() { return made_ ? std::launder(reinterpret_cast<T*>(buf_)) : nullptr; }
  const T* get() const { return made_ ? std::launder(reinterpret_cast<const T*>(buf_)) : nullptr; }

 private:
  static_assert(std::is_trivially_destructible_v<T>);
  alignas(T) unsigned char buf_[sizeof(T)];
  bool made_ = false;
};

// perft's last three plies under long jumps (internal/after_moves.h): the
// floods of this node's mover and of the seat after the next, in the
// position before `last`, to be followed through it.
struct Before {
  const AfterMoves* mover = nullptr;
  const AfterMoves* counted = nullptr;
  Move last;
  AfterMoves::Memo* memo = nullptr;  // the counted seat's, made before `last`
};

uint64_t walk(Position& pos, int depth, const Before& before = {});
const auto kWalk = [](Position& pos, int depth, const Before& before) { return walk(pos, depth, before); };

// Each move of `list` played (a pass when there is none) and the plies below
// counted by descend (walk, unless a ceiling is kept); below(m) is what the
// child gets of this node's floods.
template <class F, class D = decltype(kWalk)>
uint64_t each_move(Position& pos, Seat mover, Seat next, const MoveList& list, int depth, F&& below,
                   const D& descend = kWalk) {
  uint64_t total = 0;
  pos.set_to_move(next);
  if (list.empty()) {
    total = descend(pos, depth - 1, Before{});
  } else {
    for (const Move m : list) {
      pos.move_piece(m.from, m.to);
      total += descend(pos, depth - 1, below(m));
      pos.move_piece(m.to, m.from);
    }
  }
  pos.set_to_move(mover);
  return total;
}
const auto kNothingBelow = [](Move) { return Before{}; };

// The last two plies: the mover's moves (read off its floods followed from
// the node above, when it has them), and the next seat's counted after each
// without playing it (internal/after_moves.h). Here and in last_three, not in
// walk, so that only these frames hold AfterMoves (9 KB each), not every
// frame of a deep perft.
[[gnu::noinline]] uint64_t last_two(Position& pos, Seat mover, Seat next, const Before& before) {
  MoveList list;
  Maybe<AfterMoves> mine;
  if (before.mover && before.mover->seat() == mover)
    mine.emplace(*before.mover, pos, before.last).moves(list);
  else
    generate(pos, mover, list);
  if (list.empty() || !AfterMoves::applies(pos, mover, next)) return each_move(pos, mover, next, list, 2, kNothingBelow);
  const bool follow = before.counted && before.counted->seat() == next;
  const AfterMoves after = follow ? AfterMoves(*before.counted, pos, before.last) : AfterMoves(pos, next, mine.get());
  AfterMoves::Memo* memo = follow ? before.memo : nullptr;
  uint64_t total = 0;
  for (const Move m : list) {
    const int n = after.count(m, memo);
    total += n ? static_cast<uint64_t>(n) : 1;
  }
  return total;
}

// Three plies from the end under long jumps: the floods of `next` (the
// children's mover) and of the seat after it (whose moves the children
// count), made once here and followed through each move, and the counted
// seat's chain ends after each move of `next`, kept for the children that
// can take them (AfterMoves::Memo). Not the floods of this node's mover (two
// seats): its own move changes most of them.
[[gnu::noinline]] uint64_t last_three(Position& pos, Seat mover, Seat next, const MoveList& list) {
  Maybe<AfterMoves> next_floods, counted_floods;
  next_floods.emplace(pos, next);
  pos.set_to_move(next);
  const Seat counted = next_seat_with_pieces(pos);
  pos.set_to_move(mover);
  Maybe<AfterMoves::Memo> memo;
  if (counted != mover && AfterMoves::applies(pos, next, counted)) {
    counted_floods.emplace(pos, counted, next_floods.get());  // the same line words
    memo.emplace();
  }
  return each_move(pos, mover, next, list, 3, [&](Move m) {
    if (memo.get()) memo.get()->after(m);
    return Before{next_floods.get(), counted_floods.get(), m, memo.get()};
  });
}

uint64_t walk(Position& pos, int depth, const Before& before) {
  if (depth == 0) return 1;
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  if (depth == 1) {
    const int n = count_moves(pos, mover);
    return n ? static_cast<uint64_t>(n) : 1;
  }
  if (depth == 2) return last_two(pos, mover, next, before);
  MoveList list;
  generate(pos, mover, list);
  if (depth == 3 && !list.empty() && AfterMoves::follows(pos)) return last_three(pos, mover, next, list);
  return each_move(pos, mover, next, list, depth, kNothingBelow);
}

// The front ends' ceiling on the leaves of one call (kMaxPerftLeaves), shared
// by its threads. It is kept between subtrees of kBudgetPlies plies, each
// counted by walk, so the walk itself pays nothing: the count can pass the
// ceiling by one such subtree before the call stops.
class Budget {
 public:
  explicit Budget(uint64_t max_leaves) : max_(max_leaves) {}
  void add(uint64_t n) { total_.fetch_add(n, std::memory_order_relaxed); }
  bool over() const { return total_.load(std::memory_order_relaxed) > max_; }

 private:
  std::atomic<uint64_t> total_{0};
  const uint64_t max_;
};
constexpr int kBudgetPlies = 4;

uint64_t walk_within(Position& pos, int depth, Budget& budget) {
  if (budget.over()) return 0;  // the call has failed: stop soon
  if (depth <= kBudgetPlies) {
    const uint64_t n = walk(pos, depth);
    budget.add(n);
    return n;
  }
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  MoveList list;
  generate(pos, mover, list);
  return each_move(pos, mover, next, list, depth, kNothingBelow,
                   [&](Position& p, int d, const Before&) { return walk_within(p, d, budget); });
}

// The positions after every sequence of `plies` moves (a pass is one), with
// the turn order of walk.
void frontier(Position& pos, int plies, std::vector<Position>& out) {
  if (plies == 0) {
    out.push_back(pos);
    return;
  }
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  MoveList list;
  generate(pos, mover, list);
  pos.set_to_move(next);
  if (list.empty()) frontier(pos, plies - 1, out);
  for (const Move m : list) {
    pos.move_piece(m.from, m.to);
    frontier(pos, plies - 1, out);
    pos.move_piece(m.to, m.from);
  }
  pos.set_to_move(mover);
}

// divide's first ply, each subtree counted by `subtree` (walk, unless a
// ceiling is kept).
template <class S>
std::vector<std::pair<Move, uint64_t>> divide_by(Position& pos, int depth, S&& subtree) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth < 1) return out;
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  const std::vector<Move> moves = legal_moves(pos, mover);
  if (moves.empty()) {  // a pass, as perft counts it
    pos.set_to_move(next);
    out.emplace_back(Move{}, subtree(pos, depth - 1));
    return out;
  }
  for (const Move m : moves) {
    pos.move_piece(m.from, m.to);
    pos.set_to_move(next);
    out.emplace_back(m, subtree(pos, depth - 1));
    pos.set_to_move(mover);
    pos.move_piece(m.to, m.from);
  }
  return out;
}

absl::Status too_many_leaves(const char* what, int depth, uint64_t max_leaves) {
  return absl::ResourceExhaustedError(absl::StrCat(
      what, ": depth ", depth, " passes the ceiling of ", max_leaves,
      " move sequences in one call (each ply multiplies them by about 15 to 30); count a smaller "
      "depth, or divide and count each first move's subtree apart"));
}

// perft on up to `threads` threads, keeping `budget` when there is one.
uint64_t count(Position pos, int depth, int threads, Budget* budget) {
  const auto subtree = [budget](Position& p, int d) {
    return budget ? walk_within(p, d, *budget) : walk(p, d);
  };
  threads = std::clamp(threads, 1, kMaxPerftThreads);
  if (threads == 1 || depth < 2) return subtree(pos, depth);
  // Enough subtrees that no thread waits long for the last one.
  std::vector<Position> work;
  int plies = 1;
  frontier(pos, plies, work);
  if (depth >= 3 && work.size() < 16 * static_cast<size_t>(threads)) {
    work.clear();
    frontier(pos, ++plies, work);
  }
  threads = static_cast<int>(std::min<size_t>(threads, work.size()));
  std::atomic<size_t> taken{0};
  std::vector<uint64_t> part(static_cast<size_t>(threads), 0);
  // Each thread walks a copy on its own stack: walking work[i] in place would
  // have two threads writing neighbouring positions in one cache line on every
  // move (measured: 2 threads took 2x the CPU time for the same wall time).
  auto run = [&](int t) {
    uint64_t sum = 0;
    for (size_t i; (i = taken.fetch_add(1, std::memory_order_relaxed)) < work.size();) {
      Position local = work[i];
      sum += subtree(local, depth - plies);
    }
    part[static_cast<size_t>(t)] = sum;
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(run, t);
    } catch (const std::system_error&) {  // no more threads: the others share the work
      break;
    }
  }
  run(0);
  for (std::thread& th : pool) th.join();
  uint64_t total = 0;
  for (const uint64_t n : part) total += n;
  return total;
}

}  // namespace

uint64_t perft(Position pos, int depth, int threads) {
  assert(depth >= 0 && depth <= kMaxPerftDepth && threads >= 1);
  return count(pos, depth, threads, nullptr);
}

uint64_t perft(Position pos, int depth) {
  assert(depth >= 0 && depth <= kMaxPerftDepth);
  return walk(pos, depth);
}

absl::StatusOr<uint64_t> perft_within(Position pos, int depth, int threads, uint64_t max_leaves) {
  if (absl::Status st = check_perft_depth(depth, false); !st.ok()) return st;
  if (threads < 1 || threads > kMaxPerftThreads)
    return absl::OutOfRangeError(
        absl::StrCat("perft: threads ", threads, " is not in 1..", kMaxPerftThreads));
  Budget budget(max_leaves);
  const uint64_t n = count(pos, depth, threads, &budget);
  if (budget.over() || n > max_leaves) return too_many_leaves("perft", depth, max_leaves);
  return n;
}

absl::StatusOr<std::vector<std::pair<Move, uint64_t>>> divide_within(Position pos, int depth,
                                                                      uint64_t max_leaves) {
  if (absl::Status st = check_perft_depth(depth, true); !st.ok()) return st;
  Budget budget(max_leaves);
  std::vector<std::pair<Move, uint64_t>> out = divide_by(pos, depth, [&](Position& p, int d) {
    return walk_within(p, d, budget);
  });
  if (budget.over()) return too_many_leaves("divide", depth, max_leaves);
  return out;
}

absl::Status check_perft_depth(int depth, bool divide) {
  const int lo = divide ? 1 : 0;
  if (depth >= lo && depth <= kMaxPerftDepth) return absl::OkStatus();
  return absl::OutOfRangeError(absl::StrCat(divide ? "divide: " : "perft: ", "depth ", depth, " is not in ", lo,
                                            "..", kMaxPerftDepth,
                                            divide ? " (divide splits by the first move, so it needs one ply)" : ""));
}

absl::Status play(Position& pos, Move m) {
  const Rules& r = pos.rules();
  const Seat mover = pos.to_move();
  if (!is_legal(pos, mover, m))
    return absl::InvalidArgumentError(absl::StrCat(
        "play: ", m.from < kNumCells ? cell_name(m.from) : absl::StrCat(int{m.from}), "-",
        m.to < kNumCells ? cell_name(m.to) : absl::StrCat(int{m.to}), " is not a legal move of ",
        std::string(1, seat_letter(mover)), " in '", pos.to_string(), "'"));
  // Seats in turn order counted from the first: the turn passes the first
  // seat when the next seat does not come after the mover.
  const auto order = [&](Seat s) { return (s - r.first_seat + kMaxSeats) % kMaxSeats; };
  pos.move_piece(m.from, m.to);
  const Seat next = next_seat_with_pieces(pos);
  const bool new_round = order(next) <= order(mover);
  if (new_round && pos.round() >= kMaxRound) {
    pos.move_piece(m.to, m.from);
    return absl::ResourceExhaustedError(
        absl::StrCat("play: the round would pass ", kMaxRound, ", the most a position carries"));
  }
  if (new_round) pos.set_round(pos.round() + 1);
  pos.set_to_move(next);
  return absl::OkStatus();
}

std::vector<std::pair<Move, uint64_t>> divide(Position pos, int depth) {
  return divide_by(pos, depth, [](Position& p, int d) { return walk(p, d); });
}

}  // namespace sternhalma
