// first_moves — the library from C++ in forty lines: a start position, its
// legal moves, a move parsed from text, the routes of a jump chain.
//
//   ./build/examples/cpp/first_moves
#include <cstdio>

#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/perft.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

int main() {
  const Rules& rules = *find_preset("classic-2");
  Position pos = Position::start(rules);
  std::printf("%s\n", pos.to_string().c_str());

  std::printf("%d legal moves for %s:", count_moves(pos), rules.names[pos.to_move()].c_str());
  for (const Move m : legal_moves(pos)) std::printf(" %s", format_move(pos, m).c_str());
  std::printf("\nperft(3) = %llu\n", static_cast<unsigned long long>(perft(pos, 3)));

  // Moves are read as text and checked against the position.
  for (const char* text : {"k3-k5", "e14-e13", "k4-k6"}) {
    auto parsed = parse_move(pos, text);
    if (!parsed.ok()) {
      std::printf("%s\n", std::string(parsed.status().message()).c_str());
      continue;
    }
    pos.move_piece(parsed->move.from, parsed->move.to);
    pos.set_to_move(rules.next_seat(pos.to_move()));
    std::printf("played %s\n", format_path(parsed->path).c_str());
  }

  // A destination can be reached by several chains; one of them is canonical.
  const Position ladder = *Position::parse("table-2 W W:i9 K:j9,i10,k10,j11 0");
  const Move m{static_cast<uint8_t>(*parse_cell("i9")), static_cast<uint8_t>(*parse_cell("k11"))};
  std::printf("i9 to k11: canonical %s; all:", format_move(ladder, m).c_str());
  for (const Path& p : all_paths(ladder, m, 10)) std::printf(" %s", format_path(p).c_str());
  std::printf("\n");
  return 0;
}
