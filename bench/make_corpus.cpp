// make_corpus — writes the mid-game positions the benchmarks run over.
//
//   ./build/bench/make_corpus classic-2 240 > bench/corpus/classic-2.txt
//
// Seeded playouts (seed = position number): three moves in four advance as
// far as they can toward the goal's tip, the fourth is any legal move, so the
// boards fill the centre with ladders as real games do; each playout stops
// after a random 16..70 turns per seat, before anybody is home. One position
// per playout, in SPEC §8 text.
#include <cstdio>
#include <cstdlib>
#include <random>

#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/presets.h"

using namespace sternhalma;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_corpus <preset> <count>\n");
    return 2;
  }
  const Rules* rules = find_preset(argv[1]);
  if (!rules) {
    std::fprintf(stderr, "make_corpus: unknown preset '%s'\n", argv[1]);
    return 2;
  }
  const int count = std::atoi(argv[2]);
  for (int seed = 1; seed <= count; ++seed) {
    std::mt19937 rng(static_cast<uint32_t>(seed));
    Position p = Position::start(*rules);
    const int turns = rules->num_seats() * (16 + static_cast<int>(rng() % 55));
    for (int t = 0; t < turns; ++t) {
      const Seat s = p.to_move();
      const auto list = legal_moves(p, s);
      if (!list.empty()) {
        Move m = list[rng() % list.size()];
        if (rng() % 4 != 0) {
          const Cell tip = tip_cell(opposite_point(s));
          int best = -100, ties = 0;
          for (const Move c : list) {
            const int gain = hex_distance(c.from, tip) - hex_distance(c.to, tip);
            if (gain > best) best = gain, m = c, ties = 1;
            else if (gain == best && rng() % ++ties == 0) m = c;
          }
        }
        p.move_piece(m.from, m.to);
      }
      p.set_to_move(rules->next_seat(s));
      if (s == rules->first_seat) p.set_round(p.round() + 1);
    }
    std::printf("%s\n", p.to_string().c_str());
  }
  return 0;
}
