// The C header compiles as C++ under -Wall -Wextra -pedantic -Werror and
// links: a smoke call through it.
#include "sternhalma.h"

#include <cstdio>

int main() {
  sh_rules* r = nullptr;
  if (sh_rules_new("classic-2", &r) != SH_OK) return 1;
  sh_position* p = nullptr;
  if (sh_position_new(r, &p) != SH_OK) return 1;
  size_t n = 0;
  if (sh_position_count_moves(p, &n) != SH_OK || n != 14) return 1;
  sh_position_free(p);
  sh_rules_free(r);
  std::printf("ok %s\n", sh_version());
  return 0;
}
