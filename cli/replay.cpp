// replay FILE: reads a game record (SPEC §8), prints one line per event, then
// one `place <n> <letter>` line per seat, ordered by place then W R B K Y G.
// FILE "-" reads standard input. At most kMaxRecordBytes (record.h) are read:
// a longer input (an endless /dev/zero, a huge file) is refused after that
// many bytes, so reading costs a bounded amount of memory whatever FILE is.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "commands.h"
#include "sternhalma/game.h"
#include "sternhalma/record.h"
#include "text.h"

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
  if (args.size() != 1) return usage_error("replay: expected one FILE (or - for stdin)");
  const std::string name = args[0] == "-" ? "standard input" : text::quote(args[0]);
  std::string text;
  FILE* f = args[0] == "-" ? stdin : std::fopen(args[0].c_str(), "rb");
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
  absl::StatusOr<Game> g = read_record(text);
  if (!g.ok()) {
    print_error("replay: " + name + ": " + std::string(g.status().message()));
    return 1;
  }
  for (const Event& e : g->events()) std::printf("%s\n", g->event_text(e).c_str());
  print_places(*g);
  return 0;
}

}  // namespace sternhalma::cli
