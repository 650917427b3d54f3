// replay FILE: reads a game record (SPEC §8), prints one line per event, then
// one `place <n> <letter>` line per seat, ordered by place then W R B K Y G.
// FILE "-" reads standard input. At most kMaxRecordBytes (record.h) are read:
// a longer input (an endless /dev/zero, a huge file) is refused after that
// many bytes, so reading costs a bounded amount of memory whatever FILE is.
//
// A record names its table (record.h): a preset's by its id, any other
// table's by its tag line (the preset and every option changed), so
// `replay FILE` alone reads either. `--preset ID [--set "id=NAME;..."]`
// (--set repeatable) builds a table as play and match do (table_arg) and
// asks the record to be of it: its tag, if any, must name that table, and
// its first token must be the table's id (exit 1 otherwise, saying which).
// --set needs --preset, the table it changes.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "commands.h"
#include "sternhalma/game.h"
#include "sternhalma/record.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

void print_places(const Game& g);  // play.cpp

namespace {

// Up to kMaxRecordBytes + 1 bytes of f (one more than a record may have, so
// that read_record names the ceiling); false on a read error.
bool read_bounded(FILE* f, std::string* out) {
  char chunk[65536];
  while (out->size() <= kMaxRecordBytes) {
    const size_t want = std::min(sizeof chunk, kMaxRecordBytes + 1 - out->size());
    const size_t got = std::fread(chunk, 1, want, f);
    out->append(chunk, got);
    if (got < want) return !std::ferror(f);
  }
  return true;
}

}  // namespace

int cmd_replay(const Args& args) {
  Args files;
  std::string preset, settings;
  bool set = false;
  Seen seen;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) {
      files.push_back(a);
      continue;
    }
    if (const std::string twice = seen.again("replay", a); !twice.empty()) return usage_error(twice);
    if (a != "--preset" && a != "--set")
      return usage_error("replay: unknown argument " + text::quote(a) +
                         " (options: --preset ID --set \"id=NAME;name=value;...\")");
    if (i + 1 >= args.size()) return usage_error("replay: " + a + " needs a value");
    if (a == "--preset") {
      preset = args[++i];
    } else {
      set = true;
      add_settings(&settings, args[++i]);
    }
  }
  if (files.size() != 1) return usage_error("replay: expected one FILE (or - for stdin)");
  if (set && preset.empty()) return usage_error("replay: --set needs --preset ID, the table it changes");
  // The table the record must be of, when the command line names one.
  std::optional<Rules> table;
  if (!preset.empty()) {
    absl::StatusOr<Rules> made = table_arg(preset, settings);
    if (!made.ok()) return usage_error("replay: " + std::string(made.status().message()));
    table = *std::move(made);
  }
  const std::string& file = files[0];
  const std::string name = file == "-" ? "standard input" : text::quote(file);
  std::string text;
  FILE* f = file == "-" ? stdin : std::fopen(file.c_str(), "rb");
  if (f == nullptr) {
    print_error("replay: cannot read " + name + ": " + std::strerror(errno));
    return 1;
  }
  const bool ok = read_bounded(f, &text);
  const int err = errno;
  if (f != stdin) std::fclose(f);
  if (!ok) {
    print_error("replay: cannot read " + name + ": " + std::strerror(err));
    return 1;
  }
  absl::StatusOr<Game> g = table ? read_record(text, *table) : read_record(text);
  if (!g.ok()) {
    print_error("replay: " + name + ": " + std::string(g.status().message()));
    return 1;
  }
  for (const Event& e : g->events()) std::printf("%s\n", g->event_text(e).c_str());
  print_places(*g);
  return 0;
}

}  // namespace sternhalma::cli
