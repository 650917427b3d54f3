// commands.h — the subcommands of the `sternhalma` program. Each takes the
// arguments after its name and returns the exit code: 0 done, 1 a runtime
// failure, 2 bad arguments (after printing why: the program then prints the
// command's usage).
#ifndef STERNHALMA_CLI_COMMANDS_H_
#define STERNHALMA_CLI_COMMANDS_H_

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

namespace sternhalma::cli {

using Args = std::vector<std::string>;

int cmd_perft(const Args& args);
int cmd_divide(const Args& args);
int cmd_moves(const Args& args);
int cmd_show(const Args& args);
int cmd_play(const Args& args);
int cmd_replay(const Args& args);  // replay.cpp (game layer)
int cmd_presets(const Args& args);  // presets.cpp
int cmd_match(const Args& args);    // match.cpp (players against each other)
int cmd_engine(const Args& args);   // engine.cpp (the engine protocol)

// A preset id alone or a position line, given as one argument or as several
// (they are joined with spaces). `--set "name=value;..."` (options.h names,
// repeatable) makes a custom table from the preset named first (table_arg),
// stored in *table, which must outlive the position; the settings must give
// it an id of its own, which replaces the preset's in the position line.
absl::StatusOr<Position> position_arg(const Args& args, Rules* table);

// tables.cpp. The value of one more --set joined to those before it (';'
// between), so repeated --set options add up, later settings winning.
void add_settings(std::string* settings, std::string_view more);
// The table named by `--preset ID` and the joined --set settings: the preset
// itself when there are none, else a copy with set_options(settings) applied
// and checked by validate() (so it needs an id of its own). Errors: NotFound
// "unknown preset 'x' (list: sternhalma presets)", or the library's message.
absl::StatusOr<Rules> table_arg(std::string_view preset, std::string_view settings);

// Prints "sternhalma: <what>" to stderr and returns 2 (the program then
// prints the command's usage line).
int usage_error(const std::string& what);

// The options of one command line seen so far. An option given twice is a
// usage error rather than the last one silently winning: `--seed 1 ...
// --seed 2` in a script is a mistake to show, not to guess at. (--set is
// the one option that repeats: its settings add up.)
class Seen {
 public:
  // Empty the first time `option` is seen, else the error message.
  std::string again(const std::string& command, const std::string& option) {
    if (option == "--set") return "";
    if (std::find(seen_.begin(), seen_.end(), option) == seen_.end()) {
      seen_.push_back(option);
      return "";
    }
    return command + ": " + option + " is given twice";
  }

 private:
  std::vector<std::string> seen_;
};
// Prints "sternhalma: <what>" to stderr, every byte of it. Text a user wrote
// goes into a message only through text::quote (sternhalma/text.h): cut to 60
// bytes, non-printables escaped.
void print_error(std::string_view what);

}  // namespace sternhalma::cli

#endif  // STERNHALMA_CLI_COMMANDS_H_
