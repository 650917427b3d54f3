// play: two greedy computer players play classic-2 (the README's demo). A
// first version on move generation alone; the game layer takes it over.
#include <cstdio>

#include "board_text.h"
#include "commands.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"

namespace sternhalma::cli {
namespace {

int tip_distance(const Position& pos, Seat s) {
  int d = 0;
  const Cell tip = tip_cell(opposite_point(s));
  pos.pieces(s).for_each([&](Cell c) { d += hex_distance(c, tip); });
  return d;
}

bool arrived(const Position& pos, Seat s) {
  const Bits& goal = goal_cells(pos.rules(), s);
  return (pos.occupied() & goal) == goal && (pos.pieces(s) & goal).any();
}

}  // namespace

int cmd_play(const Args& args) {
  if (!args.empty()) return usage_error("play takes no arguments yet");
  const Rules& rules = *find_preset("classic-2");
  Position pos = Position::start(rules);
  std::printf("%s\n", render_board(pos).c_str());
  for (int turn = 1; turn <= 150; ++turn) {
    const Seat s = pos.to_move();
    Move best{};
    int best_gain = -1000;
    for (const Move m : legal_moves(pos)) {
      const Cell tip = tip_cell(opposite_point(s));
      const int gain = hex_distance(m.from, tip) - hex_distance(m.to, tip);
      if (gain > best_gain) best_gain = gain, best = m;
    }
    if (best_gain == -1000) break;
    pos.move_piece(best.from, best.to);
    pos.set_to_move(rules.next_seat(s));
    if (arrived(pos, s)) {
      std::printf("%s\n%c arrives after %d turns\n", render_board(pos).c_str(), seat_letter(s),
                  turn);
      return 0;
    }
    if (turn % 40 == 0)
      std::printf("after %d turns: W %d, K %d steps from the tips\n%s\n", turn,
                  tip_distance(pos, 0), tip_distance(pos, 3), render_board(pos).c_str());
  }
  std::printf("%s\nno arrival\n", render_board(pos).c_str());
  return 0;
}

}  // namespace sternhalma::cli
