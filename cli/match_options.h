// match_options.h — what a `sternhalma match` command line asks for, read
// and checked before any game starts (parse_match_options).
#ifndef STERNHALMA_CLI_MATCH_OPTIONS_H_
#define STERNHALMA_CLI_MATCH_OPTIONS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands.h"
#include "sternhalma/game.h"
#include "sternhalma/player.h"
#include "sternhalma/rules.h"

namespace sternhalma::cli {

// --engine NAME=COMMAND (SHP) or NAME=ccp:COMMAND (CCP), with its
// --engine-option NAME:OPT=VALUE settings in the order given.
struct EngineSpec {
  std::string name, command;
  bool ccp = false;
  std::vector<std::pair<std::string, std::string>> options;
};

// One name of --players: a built-in level or an --engine.
struct Contestant {
  std::string name;
  std::optional<Level> level;  // a built-in player
  int engine = -1;             // else an index into Options::engines
};

struct Options {
  Rules rules;  // the preset, or the custom table --set made of it
  std::string preset, settings;  // as given (an engine is told the custom table)
  std::vector<Contestant> players;
  std::vector<EngineSpec> engines;
  long long games = 10, seed = 1, concurrency = 1;
  long long range_begin = 0, range_end = 0;  // --games-range: games [begin, end) of 0..games
  long long max_turns = 0;
  Budget budget;          // built-in players: --budget-nodes and --movetime
  int64_t movetime_ms = 0;  // --movetime (also engines' `go movetime`)
  Clock clock{};            // --tc (reserve_ms 0: none)
  std::vector<std::string> openings;  // position texts, checked against rules
  std::string openings_file;
  std::string record_dir, jsonl_path;
  bool resume = false, json = false;
  struct Sprt {
    bool on = false;
    double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  } sprt;
  bool threads_alias = false;  // --threads was given (the old name of --concurrency)

  bool has_clock() const { return clock.reserve_ms > 0; }
  bool any_engine() const { return !engines.empty(); }
  // The played seats in seat order.
  std::vector<Seat> seats() const;
  // A line naming everything that decides the games, written into every
  // JSONL line: --resume continues only a file of the same match.
  std::string identity() const;
};

// Reads the arguments after `match`. On a bad argument: prints why (through
// usage_error or print_error) and returns the exit code (2 or 1) in *code.
std::optional<Options> parse_match_options(const Args& args, int* code);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_MATCH_OPTIONS_H_
