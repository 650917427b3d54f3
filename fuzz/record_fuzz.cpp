// record_fuzz — SPEC §8 game records.
//
// Any bytes: read_record must not crash. When it accepts the text, writing
// the game back and reading that again must give the same game (history,
// position, hash, end, places), and writing that one must give the same
// text. Undoing every action of the replayed game must restore its initial
// position and hash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_util.h"
#include "sternhalma/game.h"
#include "sternhalma/record.h"

using namespace sternhalma;

namespace {
bool same_action(const Action& a, const Action& b) {
  return a.kind == b.kind && a.seat == b.seat && a.owner == b.owner &&
         (a.kind != Action::Kind::kMove || a.move == b.move) && a.by_flag == b.by_flag;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 8192) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto game = read_record(text);
  if (!game.ok()) {
    check_message(std::string(game.status().message()));
    return 0;
  }
  const std::string written = write_record(*game);
  auto again = read_record(written);
  FUZZ_CHECK(again.ok(), "written record does not read back: %s\n%s",
             std::string(again.status().message()).c_str(), written.c_str());
  const Game& a = *game;
  const Game& b = *again;
  FUZZ_CHECK(a.history().size() == b.history().size(), "history length %zu != %zu\n%s",
             a.history().size(), b.history().size(), written.c_str());
  for (size_t i = 0; i < a.history().size(); ++i)
    FUZZ_CHECK(same_action(a.history()[i], b.history()[i]), "action %zu differs\n%s", i,
               written.c_str());
  FUZZ_CHECK(a.position() == b.position(), "position differs\n%s", written.c_str());
  FUZZ_CHECK(a.hash() == b.hash(), "hash differs");
  FUZZ_CHECK(a.is_over() == b.is_over() && a.end_reason() == b.end_reason() &&
                 a.is_draw() == b.is_draw(),
             "end differs\n%s", written.c_str());
  for (Seat s = 0; s < kMaxSeats; ++s)
    FUZZ_CHECK(a.place(s) == b.place(s) && a.status(s) == b.status(s), "seat %d differs", s);
  FUZZ_CHECK(write_record(b) == written, "second write differs\n%s", written.c_str());

  Game u = b;
  while (u.undo()) {
  }
  FUZZ_CHECK(u.position() == u.initial_position() && u.hash() == u.initial_position().hash(),
             "undo to the start differs\n%s", written.c_str());
  FUZZ_CHECK(u.history().empty() && !u.is_over(), "undo left history\n%s", written.c_str());
  return 0;
}
