// replay FILE: reads a game record (SPEC §8), prints one line per event, then
// one `place <n> <letter>` line per seat, ordered by place then W R B K Y G.
// FILE "-" reads standard input.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "commands.h"
#include "sternhalma/game.h"
#include "sternhalma/record.h"

namespace sternhalma::cli {

void print_places(const Game& g);  // play.cpp

int cmd_replay(const Args& args) {
  if (args.size() != 1) return usage_error("replay: expected one FILE (or - for stdin)");
  std::stringstream buf;
  if (args[0] == "-") {
    buf << std::cin.rdbuf();
  } else {
    std::ifstream in(args[0]);
    if (!in) {
      std::fprintf(stderr, "sternhalma: replay: cannot read %s\n", args[0].c_str());
      return 1;
    }
    buf << in.rdbuf();
  }
  absl::StatusOr<Game> g = read_record(buf.str());
  if (!g.ok()) {
    std::fprintf(stderr, "sternhalma: replay: %s: %s\n", args[0].c_str(),
                 std::string(g.status().message()).c_str());
    return 1;
  }
  for (const Event& e : g->events()) std::printf("%s\n", g->event_text(e).c_str());
  print_places(*g);
  return 0;
}

}  // namespace sternhalma::cli
