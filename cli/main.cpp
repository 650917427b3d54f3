// sternhalma — the command-line face of the library.
#include <cstdio>
#include <cstring>
#include <string>

#include "commands.h"

namespace sternhalma::cli {
namespace {

struct Command {
  const char* name;
  int (*run)(const Args&);
  const char* usage;
};

constexpr Command kCommands[] = {
    {"perft", cmd_perft, "perft <preset|position> <depth>   count move sequences (--threads N)"},
    {"divide", cmd_divide, "divide <preset|position> <depth>  perft per first move"},
    {"moves", cmd_moves, "moves <preset|position>          legal moves, one path per line"},
    {"show", cmd_show, "show <preset|position>           draw the star"},
    {"play", cmd_play, "play [options]                   computer players play a game"},
    {"replay", cmd_replay, "replay FILE                      a game record's events and places"},
    {"match", cmd_match, "match --preset ID --players L1,L2[,...] [--games N] [--seed S]\n"
                         "        [--budget-ms M] [--budget-nodes K] [--threads T] [--record DIR] [--json]\n"
                         "                                   players (easy normal hard expert) play N games"},
    {"presets", cmd_presets, "presets [--rules ID]             the tables, or one table's rules"},
};

void print_usage(FILE* f) {
  std::fprintf(f, "usage: sternhalma <command> [arguments]\n");
  for (const Command& c : kCommands) std::fprintf(f, "  sternhalma %s\n", c.usage);
  std::fprintf(f,
               "perft, divide, moves and show take --set \"name=value;...\" to change rules\n"
               "of the preset (names: sternhalma presets --rules <id>)\n");
}

}  // namespace

int usage_error(const std::string& what) {
  std::fprintf(stderr, "sternhalma: %s\n", what.c_str());
  print_usage(stderr);
  return 2;
}

}  // namespace sternhalma::cli

int main(int argc, char** argv) {
  using namespace sternhalma::cli;
  if (argc < 2) return usage_error("no command");
  if (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
    print_usage(stdout);
    return 0;
  }
  const Args args(argv + 2, argv + argc);
  for (const Command& c : kCommands)
    if (!std::strcmp(argv[1], c.name)) return c.run(args);
  return usage_error(std::string("unknown command '") + argv[1] + "'");
}
