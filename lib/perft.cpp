// perft.cpp — perft and divide (perft.h) over the public generator.
#include "sternhalma/perft.h"

#include <cassert>

#include "sternhalma/movegen.h"

namespace sternhalma {
namespace {

uint64_t walk(Position& pos, int depth) {
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

}  // namespace

uint64_t perft(Position pos, int depth) {
  assert(depth >= 0);
  return walk(pos, depth);
}

std::vector<std::pair<Move, uint64_t>> divide(Position pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth < 1) return out;
  const Seat mover = pos.to_move(), next = next_seat_with_pieces(pos);
  for (const Move m : legal_moves(pos, mover)) {
    pos.move_piece(m.from, m.to);
    pos.set_to_move(next);
    out.emplace_back(m, walk(pos, depth - 1));
    pos.set_to_move(mover);
    pos.move_piece(m.to, m.from);
  }
  return out;
}

}  // namespace sternhalma
