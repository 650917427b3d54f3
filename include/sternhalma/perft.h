// perft.h — counting move sequences, the movegen's proof of correctness.
//
// SPEC §10: the number of move sequences of length n, each (from, to) once,
// seats moving in turn order, no game rules. Our choices where the SPEC is
// silent (positions from mid-game): a played seat with no pieces on the board
// is skipped, as the game skips eliminated seats; a seat with pieces but no
// legal move passes, which is one sequence (a pass is a turn in SPEC §4).
// The last ply is bulk-counted, never generated.
#ifndef STERNHALMA_PERFT_H_
#define STERNHALMA_PERFT_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "sternhalma/movegen.h"
#include "sternhalma/position.h"

namespace sternhalma {

// The seat after the one to move, skipping played seats with no pieces.
inline Seat next_seat_with_pieces(const Position& pos) {
  const Rules& r = pos.rules();
  Seat s = pos.to_move();
  for (int i = 0; i < kMaxSeats; ++i) {
    s = r.next_seat(s);
    if (pos.pieces(s).any()) return s;
  }
  return r.next_seat(pos.to_move());
}

namespace perft_detail {
inline uint64_t walk(Position& pos, int depth) {
  if (depth == 0) return 1;
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  if (depth == 1) {
    const int n = count_moves(pos, mover);
    return n ? static_cast<uint64_t>(n) : 1;
  }
  MoveList list;
  generate(pos, mover, list);
  uint64_t total = 0;
  pos.set_to_move(next);
  if (list.empty()) {
    total = walk(pos, depth - 1);
  } else {
    for (const Move m : list) {
      pos.move_piece(m.from, m.to);
      total += walk(pos, depth - 1);
      pos.move_piece(m.to, m.from);
    }
  }
  pos.set_to_move(mover);
  return total;
}
}  // namespace perft_detail

inline uint64_t perft(Position pos, int depth) { return perft_detail::walk(pos, depth); }

// perft(depth - 1) after each first move, sorted by (from, to). Empty when
// the seat to move must pass.
inline std::vector<std::pair<Move, uint64_t>> divide(Position pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth < 1) return out;
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  for (const Move m : legal_moves(pos, mover)) {
    pos.move_piece(m.from, m.to);
    pos.set_to_move(next);
    out.emplace_back(m, perft_detail::walk(pos, depth - 1));
    pos.set_to_move(mover);
    pos.move_piece(m.to, m.from);
  }
  return out;
}

}  // namespace sternhalma

#endif  // STERNHALMA_PERFT_H_
