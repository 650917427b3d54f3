// sternhalma — the command-line face of the library.
//
// Whatever a command does, the program ends with a clear line on stderr and a
// nonzero status when it cannot finish: out of memory (exit 1), an unexpected
// exception (exit 1), or standard output that could not be written, such as
// a full disk or a closed pipe (exit 1, checked once at exit).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "commands.h"
#include "sternhalma/text.h"

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
    {"replay", cmd_replay, "replay FILE [--preset ID]        a game record's events and places"},
    {"match", cmd_match, "match --preset ID --players P1,P2[,...] [--engine NAME=[ccp:]COMMAND]...\n"
                         "        [--engine-option NAME:OPT=VALUE]... [--games N] [--games-range A:B] [--seed S]\n"
                         "        [--movetime MS | --tc SECONDS[+INC]] [--budget-nodes K] [--max-turns T]\n"
                         "        [--concurrency N] [--openings FILE] [--record DIR] [--jsonl FILE [--resume]]\n"
                         "        [--sprt elo0=A,elo1=B[,alpha=X,beta=Y]] [--json]\n"
                         "                                   players (easy normal hard expert, or engines) play N games"},
    {"engine", cmd_engine, "engine [--protocol shp|ccp]      the built-in players behind the engine protocol\n"
                           "                                   (docs/protocol.md), on stdin and stdout"},
    {"presets", cmd_presets, "presets [--rules ID]             the tables, or one table's rules"},
};

void print_usage(FILE* f) {
  std::fprintf(f, "usage: sternhalma <command> [arguments]\n");
  for (const Command& c : kCommands) std::fprintf(f, "  sternhalma %s\n", c.usage);
  std::fprintf(f,
               "--set \"id=NAME;name=value;...\" (repeatable) changes rules of the preset for\n"
               "perft, divide, moves, show (the position's preset), play, match and replay\n"
               "(--preset ID; play's default is classic-2); the new table needs an id of its\n"
               "own (option names: sternhalma presets --rules <id>). replay --preset ID\n"
               "reads only records of that table; its --set needs --preset\n");
}

// No command, or one the program does not have: the reason and every
// command's usage.
int command_error(const std::string& what) {
  print_error(what);
  print_usage(stderr);
  return 2;
}

int run(int argc, char** argv) {
  if (argc < 2) return command_error("no command");
  // Help is asked for as a command (help, --help) or as any argument of one
  // (sternhalma play --help, -h): the usage on stdout, exit 0.
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h") || (i == 1 && !std::strcmp(argv[i], "help"))) {
      print_usage(stdout);
      return 0;
    }
  const Args args(argv + 2, argv + argc);
  for (const Command& c : kCommands)
    if (!std::strcmp(argv[1], c.name)) {
      // A command's bad arguments (it printed why): its own usage, not all
      // nine, so the reason stays in view.
      const int code = c.run(args);
      if (code == 2) std::fprintf(stderr, "usage: sternhalma %s\n(sternhalma help: every command and --set)\n", c.usage);
      return code;
    }
  return command_error("unknown command " + text::quote(argv[1]));
}

}  // namespace

void print_error(std::string_view what) {
  // fwrite, not %s: a message is never cut short at a byte.
  std::fputs("sternhalma: ", stderr);
  std::fwrite(what.data(), 1, what.size(), stderr);
  std::fputc('\n', stderr);
}

int usage_error(const std::string& what) {
  print_error(what);
  return 2;  // run() adds the command's usage
}

}  // namespace sternhalma::cli

int main(int argc, char** argv) {
  using namespace sternhalma::cli;
  int code = 1;
  try {
    code = run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    std::fputs("sternhalma: out of memory\n", stderr);
    return 1;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "sternhalma: internal error: %s\n", e.what());
    return 1;
  }
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;
    std::fprintf(stderr, "sternhalma: cannot write the output: %s\n",
                 err ? std::strerror(err) : "write error");
    return 1;
  }
  return code;
}
