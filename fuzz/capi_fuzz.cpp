// capi_fuzz — a sequence of C ABI calls decoded from the fuzz input.
//
// The input is read as a little program: each call picks an operation, the
// handles it acts on (two rules slots, two position slots, or NULL), and its
// arguments (cells, seats, numbers in and out of range, text, NULL or short
// buffers). Any status is fine; a crash, a leak (every handle is freed at the
// end), undefined behaviour, or a broken convention is not: a failed call
// must leave a non-empty message, SH_ERR_BUFFER must report a larger size,
// and text out must be NUL-terminated within the size it reported.
// Output buffers are heap blocks of exactly the size passed, so AddressSanitizer
// sees any write past them.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_util.h"
#include "sternhalma.h"

namespace {

class Reader : public ByteReader {
 public:
  using ByteReader::ByteReader;
  // Mostly small numbers near the interesting range, sometimes wild ones.
  int num(int lo, int hi) {
    const uint8_t k = u8();
    switch (k & 7) {
      case 0: return -1;
      case 1: {
        int v = 0;
        for (int b = 0; b < 4; ++b) v = (v << 8) | u8();
        return v;
      }
      case 2: return hi + 1 + (k >> 3);
      default: return lo + static_cast<int>(u8() % static_cast<unsigned>(hi - lo + 1));
    }
  }
  int cell() { return num(0, 120); }
  // A number as num(), or now and then NaN, an infinity or a huge value.
  double real(int lo, int hi) {
    switch (u8() % 16) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return std::numeric_limits<double>::infinity();
      case 2: return -std::numeric_limits<double>::infinity();
      case 3: return 1e308;
      default: return num(lo, hi);
    }
  }
  int seat() { return num(0, 5); }
  // Text, or nullptr; up to 255 bytes (NUL bytes inside end it early).
  const char* str(std::string& keep) {
    const uint8_t k = u8();
    if (k == 0) return nullptr;
    static const char* const kWords[] = {
        "classic-2", "japanese-3", "long-jumps-6", "fifteen-2", "table-5", "race-2",
        "jumps", "zones", "seats", "marbles", "king", "free", "no-entry", "long",
        "15", "0,3", "goal_lock", "true", "m1-m3-k5", "l2-l3", "m3-m4", "i9",
        "classic-2 W W:m1,l2 K:e17 0", "japanese-2 W W:m1* K:e17* 3", "jumps = king; marbles = 15",
        "first_seat", "3", "teams", "partner_moves", "limit", "-1", "999999999999",
    };
    constexpr int kNumWords = sizeof kWords / sizeof kWords[0];
    if (k < 64) {
      keep = kWords[k % kNumWords];
      return keep.c_str();
    }
    const size_t len = u8();
    keep.clear();
    for (size_t j = 0; j < len && !done(); ++j) keep.push_back(static_cast<char>(u8()));
    return keep.c_str();
  }
};

// An output buffer of a chosen size: none (NULL, 0), tiny, or plenty.
template <class T>
struct Out {
  std::unique_ptr<T[]> p;
  size_t cap = 0;
  explicit Out(Reader& r) {
    switch (r.u8() % 5) {
      case 0: cap = 0; break;                          // size query
      case 1: cap = 1; break;
      case 2: cap = 1 + r.u8() % 16; break;
      default: cap = 4096; break;
    }
    if (cap) p.reset(new T[cap]);
  }
  T* get() { return p.get(); }
};

void check_status(sh_status st) {
  FUZZ_CHECK(st >= SH_OK && st <= SH_ERR_LIMIT, "status %d out of range", st);
  FUZZ_CHECK(st != SH_ERR_INTERNAL, "internal error: %s", sh_last_error());
  FUZZ_CHECK(st != SH_ERR_MEMORY, "out of memory: %s", sh_last_error());
  if (st != SH_OK) {
    FUZZ_CHECK(sh_last_error() != nullptr && sh_last_error()[0] != '\0',
               "failed call (%s) without a message", sh_status_name(st));
    check_message(sh_last_error());
  }
}

void check_text(sh_status st, Out<char>& b, size_t needed) {
  check_status(st);
  if (st == SH_OK && b.cap > 0) {
    FUZZ_CHECK(needed >= 1 && needed <= b.cap, "needed %zu, cap %zu", needed, b.cap);
    FUZZ_CHECK(std::strlen(b.get()) + 1 == needed, "text length differs from needed");
  }
  if (st == SH_ERR_BUFFER) FUZZ_CHECK(needed > b.cap, "SH_ERR_BUFFER but needed %zu <= %zu", needed, b.cap);
}

template <class T>
void check_array(sh_status st, const Out<T>& b, size_t count) {
  check_status(st);
  if (st == SH_OK && b.cap > 0) FUZZ_CHECK(count <= b.cap, "count %zu > cap %zu", count, b.cap);
  if (st == SH_ERR_BUFFER) FUZZ_CHECK(count > b.cap, "SH_ERR_BUFFER but count %zu <= %zu", count, b.cap);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  Reader r(data, size);
  sh_rules* rules[2] = {nullptr, nullptr};
  sh_position* pos[2] = {nullptr, nullptr};
  sh_game* games[2] = {nullptr, nullptr};
  sh_player* player = nullptr;
  auto R = [&]() -> sh_rules* { const uint8_t k = r.u8() % 3; return k < 2 ? rules[k] : nullptr; };
  auto P = [&]() -> sh_position* { const uint8_t k = r.u8() % 3; return k < 2 ? pos[k] : nullptr; };
  // Games made from a hand-built position have records that replay from the
  // start position instead, so only the others must round-trip.
  bool from_start[2] = {false, false};
  int last_game = 2;
  auto G = [&]() -> sh_game* { last_game = r.u8() % 3; return last_game < 2 ? games[last_game] : nullptr; };
  auto put_game = [&](sh_status st, sh_game* h, bool start) {
    check_status(st);
    if (st == SH_OK) {
      FUZZ_CHECK(h != nullptr, "OK without a game handle");
      const uint8_t k = r.u8() % 2;
      sh_game_free(games[k]);
      games[k] = h;
      from_start[k] = start;
    } else {
      FUZZ_CHECK(h == nullptr, "failed call wrote a game handle");
    }
  };
  std::string s1, s2;
  int ops = 0;

  while (!r.done() && ops++ < 200) {
    const uint8_t op = r.u8();
    sh_status st = SH_OK;
    size_t needed = 0, count = 0;
    switch (op % 72) {
      case 0: {  // rules_new into a slot (or with a NULL out)
        const uint8_t k = r.u8() % 3;
        const char* id = r.str(s1);
        if (k == 2) { check_status(sh_rules_new(id, nullptr)); break; }
        sh_rules* h = nullptr;
        st = sh_rules_new(id, &h);
        check_status(st);
        if (st == SH_OK) { sh_rules_free(rules[k]); rules[k] = h; }
        else FUZZ_CHECK(h == nullptr, "failed rules_new wrote a handle");
        break;
      }
      case 1: {
        const uint8_t k = r.u8() % 2;
        sh_rules* h = nullptr;
        st = sh_rules_clone(R(), &h);
        check_status(st);
        if (st == SH_OK) { sh_rules_free(rules[k]); rules[k] = h; }
        break;
      }
      case 2: { const uint8_t k = r.u8() % 2; sh_rules_free(rules[k]); rules[k] = nullptr; break; }
      case 3: { const char* n = r.str(s1); const char* v = r.str(s2); check_status(sh_rules_set_option(R(), n, v)); break; }
      case 4: check_status(sh_rules_set_options(R(), r.str(s1))); break;
      case 5: check_status(sh_rules_validate(R())); break;
      case 6: { sh_rules* h = R(); Out<char> b(r); check_text(sh_rules_describe(h, b.get(), b.cap, &needed), b, needed); break; }
      case 7: { sh_rules* h = R(); const char* n = r.str(s1); Out<char> b(r); check_text(sh_rules_get_option(h, n, b.get(), b.cap, &needed), b, needed); break; }
      case 8: { sh_rules* h = R(); Out<char> b(r); check_text(sh_rules_id(h, b.get(), b.cap, &needed), b, needed); break; }
      case 9: { sh_rules* h = R(); const int s = r.seat(); Out<char> b(r); check_text(sh_rules_seat_name(h, s, b.get(), b.cap, &needed), b, needed); break; }
      case 10: { unsigned m = 0; check_status(sh_rules_seats(R(), r.u8() & 1 ? &m : nullptr)); const char* e = sh_rules_error(R()); (void)e; break; }
      case 11: case 12: case 13: {  // make a position: new / parse / parse_rules
        const uint8_t k = r.u8() % 2;
        sh_position* h = nullptr;
        if (op % 72 == 11) st = sh_position_new(R(), &h);
        else if (op % 72 == 12) st = sh_position_parse(r.str(s1), &h);
        else { sh_rules* rh = R(); st = sh_position_parse_rules(rh, r.str(s1), &h); }
        check_status(st);
        if (st == SH_OK) { FUZZ_CHECK(h != nullptr, "OK without a handle"); sh_position_free(pos[k]); pos[k] = h; }
        else FUZZ_CHECK(h == nullptr, "failed call wrote a handle");
        break;
      }
      case 14: {
        const uint8_t k = r.u8() % 2;
        sh_position* h = nullptr;
        st = sh_position_clone(P(), &h);
        check_status(st);
        if (st == SH_OK) { sh_position_free(pos[k]); pos[k] = h; }
        break;
      }
      case 15: { const uint8_t k = r.u8() % 2; sh_position_free(pos[k]); pos[k] = nullptr; break; }
      case 16: {
        const uint8_t k = r.u8() % 2;
        sh_rules* h = nullptr;
        st = sh_position_rules(P(), &h);
        check_status(st);
        if (st == SH_OK) { sh_rules_free(rules[k]); rules[k] = h; }
        break;
      }
      case 17: { sh_position* h = P(); Out<char> b(r); check_text(sh_position_to_text(h, b.get(), b.cap, &needed), b, needed); break; }
      case 18: { sh_position* h = P(); Out<char> b(r); check_text(sh_position_render(h, b.get(), b.cap, &needed), b, needed); break; }
      case 19: {
        sh_position* h = P();
        int seat = 0, round = 0;
        uint64_t hash = 0;
        check_status(sh_position_to_move(h, &seat));
        check_status(sh_position_round(h, &round));
        check_status(sh_position_hash(h, r.u8() & 1 ? &hash : nullptr));
        (void)sh_position_error(h);
        break;
      }
      case 20: { sh_position* h = P(); int s = 0, king = 0; check_status(sh_position_owner(h, r.cell(), &s, r.u8() & 1 ? &king : nullptr)); break; }
      case 21: { sh_position* h = P(); const int s = r.seat(); Out<int> b(r); st = sh_position_pieces(h, s, b.get(), b.cap, &count); check_array(st, b, count); break; }
      case 22: { sh_position* h = P(); Out<sh_move> b(r); st = sh_position_legal_moves(h, b.get(), b.cap, &count); check_array(st, b, count);
                 size_t n = 0; st = sh_position_count_moves(h, &n); check_status(st); break; }
      case 23: { sh_position* h = P(); const int c = r.cell(); Out<int> b(r); st = sh_position_destinations(h, c, b.get(), b.cap, &count); check_array(st, b, count); break; }
      case 24: { sh_position* h = P(); const int f = r.cell(), t = r.cell(); int legal = 0; check_status(sh_position_is_legal(h, f, t, r.u8() & 1 ? &legal : nullptr)); break; }
      case 25: { sh_position* h = P(); const int s = r.seat(); Out<int> b(r); st = sh_position_closed_cells(h, s, b.get(), b.cap, &count); check_array(st, b, count); break; }
      case 26: { sh_position* h = P(); const int f = r.cell(), t = r.cell(); Out<int> b(r); st = sh_position_canonical_path(h, f, t, b.get(), b.cap, &count); check_array(st, b, count); break; }
      case 27: {
        sh_position* h = P();
        const int f = r.cell(), t = r.cell();
        const size_t limit = r.u8() % 6;
        Out<int> b(r);
        size_t paths = 0;
        int trunc = 0;
        st = sh_position_all_paths(h, f, t, limit, b.get(), b.cap, &count, &paths, r.u8() & 1 ? &trunc : nullptr);
        check_array(st, b, count);
        break;
      }
      case 28: {
        sh_position* h = P();
        sh_move m{-7, -7};
        st = sh_position_parse_move(h, r.str(s1), r.u8() & 1 ? &m : nullptr);
        check_status(st);
        if (st == SH_OK && h) {
          int legal = 0;
          check_status(sh_position_is_legal(h, m.from, m.to, &legal));
          FUZZ_CHECK(legal == 1, "parse_move accepted an illegal move %d-%d", m.from, m.to);
        }
        break;
      }
      case 29: { sh_position* h = P(); const int f = r.cell(), t = r.cell(); Out<char> b(r); check_text(sh_position_format_move(h, f, t, b.get(), b.cap, &needed), b, needed); break; }
      case 30: {  // play: a legal move picked by index, or raw cells
        sh_position* h = P();
        if (r.u8() & 1) {
          std::vector<sh_move> ms(1600);
          if (sh_position_legal_moves(h, ms.data(), ms.size(), &count) == SH_OK && count > 0) {
            const sh_move m = ms[r.u8() % count];
            FUZZ_CHECK(sh_position_play(h, m.from, m.to) == SH_OK, "a legal move did not play");
          }
        } else {
          const int f = r.cell(), t = r.cell();
          check_status(sh_position_play(h, f, t));
        }
        break;
      }
      case 31: {
        sh_position* h = P();
        const uint8_t k = r.u8();
        const int depth = (k & 0x80) ? r.num(0, 40) : static_cast<int>(k % 4) - 1;
        uint64_t nodes = 0;
        if (depth > 2 && depth <= 32) break;  // legal but slow: not a fuzzing matter
        check_status(sh_perft(h, depth, r.u8() & 1 ? &nodes : nullptr));
        break;
      }
      case 32: {
        sh_position* h = P();
        const int depth = static_cast<int>(r.u8() % 4) - 1;
        Out<sh_move> mv(r);
        std::unique_ptr<uint64_t[]> nodes(mv.cap ? new uint64_t[mv.cap] : nullptr);
        st = sh_divide(h, depth, mv.get(), r.u8() & 1 ? nodes.get() : nullptr, mv.cap, &count);
        check_array(st, mv, count);
        break;
      }
      case 33: {  // pack, then unpack (possibly with fuzz bytes mixed in)
        sh_position* h = P();
        sh_rules* rh = R();
        unsigned char packed[SH_PACKED_SIZE];
        std::memset(packed, 0xFF, sizeof packed);
        check_status(sh_position_pack(h, packed));
        const int edits = r.u8() % 8;
        for (int e = 0; e < edits; ++e) packed[r.u8() % SH_PACKED_SIZE] = r.u8();
        const uint8_t k = r.u8() % 2;
        sh_position* out = nullptr;
        st = sh_position_unpack(rh, packed, &out);
        check_status(st);
        if (st == SH_OK) {
          // Unpack accepts what the text parser accepts (one board, two forms): the text
          // of an unpacked position parses back under the same table.
          char text[1024];
          FUZZ_CHECK(sh_position_to_text(out, text, sizeof text, nullptr) == SH_OK, "to_text failed");
          sh_position* back = nullptr;
          FUZZ_CHECK(sh_position_parse_rules(rh, text, &back) == SH_OK,
                     "unpacked position does not parse back: %s (%s)", text, sh_last_error());
          sh_position_free(back);
          sh_position_free(pos[k]);
          pos[k] = out;
        }
        break;
      }
      case 34: case 35: {  // batch calls on packed bytes straight from the input
        sh_rules* rh = R();
        const size_t n = r.u8() % 4;
        std::unique_ptr<unsigned char[]> packed(n ? new unsigned char[n * SH_PACKED_SIZE] : nullptr);
        for (size_t i = 0; i < n * SH_PACKED_SIZE; ++i) packed[i] = r.u8();
        const bool null_in = (r.u8() & 7) == 0;
        if (op % 72 == 34) {
          std::unique_ptr<uint32_t[]> counts(n ? new uint32_t[n] : nullptr);
          check_status(sh_batch_count_moves(rh, null_in ? nullptr : packed.get(), n, counts.get()));
        } else {
          std::unique_ptr<size_t[]> offsets(new size_t[n + 1]);
          Out<sh_move> b(r);
          st = sh_batch_legal_moves(rh, null_in ? nullptr : packed.get(), n, offsets.get(), b.get(), b.cap, &count);
          check_array(st, b, count);
        }
        break;
      }
      case 36: {
        const size_t n = r.u8() % 4;
        std::vector<std::string> keep(n);
        std::vector<const char*> texts(n);
        for (size_t i = 0; i < n; ++i) texts[i] = r.str(keep[i]);
        std::unique_ptr<uint32_t[]> counts(n ? new uint32_t[n] : nullptr);
        size_t bad = 0;
        check_status(sh_batch_count_moves_text(n ? texts.data() : nullptr, n, counts.get(), r.u8() & 1 ? &bad : nullptr));
        break;
      }
      case 37: {
        sh_position* h = P();
        const size_t n = r.u8() % 4;
        const int plies = r.u8() & 0x80 ? r.num(0, 50) : r.u8() % 40;
        if (plies > 200) break;
        std::unique_ptr<int[]> w(n ? new int[n] : nullptr), p(n ? new int[n] : nullptr);
        check_status(sh_position_playouts(h, n, plies, r.u8(), r.u8() & 1 ? w.get() : nullptr, r.u8() & 1 ? p.get() : nullptr));
        break;
      }
      case 38: {  // cells and geometry with wild arguments
        const int c = r.cell(), c2 = r.cell(), k = r.num(-8, 8);
        int a = 0, b = 0, nb[6];
        double x, y;
        char letter = 0;
        check_status(sh_cell_axial(c, &a, &b));
        check_status(sh_cell_at(r.num(-8, 8), r.num(-8, 8), &a));
        check_status(sh_cell_neighbours(c, r.u8() & 1 ? nb : nullptr));
        check_status(sh_cell_point(c, &a));
        check_status(sh_cell_xy(c, &x, &y));
        check_status(sh_cell_rotate(c, k, &a));
        check_status(sh_cell_reflect(c, &a));
        check_status(sh_cell_distance(c, c2, &a));
        check_status(sh_tip_cell(r.seat(), &a));
        check_status(sh_seat_letter(r.seat(), &letter));
        check_status(sh_seat_from_letter(static_cast<char>(r.u8()), &a));
        check_status(sh_cell_from_name(r.str(s1), &a));
        Out<char> tb(r);
        check_text(sh_cell_name(c, tb.get(), tb.cap, &needed), tb, needed);
        Out<int> ib(r);
        st = sh_camp_cells(r.seat(), r.num(10, 15), ib.get(), ib.cap, &count);
        check_array(st, ib, count);
        st = sh_foreign_cells(r.seat(), ib.get(), ib.cap, &count);
        check_array(st, ib, count);
        break;
      }
      // ---- games ----
      case 40: { sh_rules* rh = R(); sh_game* h = nullptr; put_game(sh_game_new(rh, r.num(0, 5), &h), h, true); break; }
      case 41: { sh_position* ph = P(); sh_game* h = nullptr; put_game(sh_game_from_position(ph, &h), h, false); break; }
      case 42: { sh_rules* rh = r.u8() & 1 ? R() : nullptr; const char* rec = r.str(s1); sh_game* h = nullptr; put_game(sh_game_from_record(rh, rec, &h), h, true); break; }
      case 43: { sh_game* g = G(); const bool start = last_game < 2 && from_start[last_game]; sh_game* h = nullptr; put_game(sh_game_clone(g, &h), h, start); break; }
      case 44: { const uint8_t k = r.u8() % 2; sh_game_free(games[k]); games[k] = nullptr; break; }
      case 45: {
        sh_game* g = G();
        sh_position* h = nullptr;
        st = sh_game_position(g, &h);
        check_status(st);
        if (st == SH_OK) { const uint8_t k = r.u8() % 2; sh_position_free(pos[k]); pos[k] = h; }
        break;
      }
      case 46: {
        sh_game* g = G();
        int a = 0, b = 0, c = 0;
        const uint8_t m = r.u8();
        check_status(sh_game_to_move(g, m & 1 ? &a : nullptr, m & 2 ? &b : nullptr));
        check_status(sh_game_state(g, m & 4 ? &a : nullptr, m & 8 ? &b : nullptr, m & 16 ? &c : nullptr));
        check_status(sh_game_counters(g, m & 32 ? &a : nullptr, m & 64 ? &b : nullptr, m & 128 ? &c : nullptr));
        (void)sh_game_error(g);
        break;
      }
      case 47: {  // the struct in a heap block of exactly the size passed (any size)
        sh_game* g = G();
        const int seat = r.seat();
        const bool give = r.u8() & 1;
        const size_t n = r.u8() & 1 ? sizeof(sh_seat_info) : r.u8();
        std::unique_ptr<unsigned char[]> info(new unsigned char[n ? n : 1]);
        check_status(sh_game_seat(g, seat, give ? reinterpret_cast<sh_seat_info*>(info.get()) : nullptr, n));
        break;
      }
      case 48: { sh_game* g = G(); int places[6]; check_status(sh_game_places(g, r.u8() & 1 ? places : nullptr)); break; }
      case 49: { sh_game* g = G(); Out<sh_move> b(r); st = sh_game_legal_moves(g, b.get(), b.cap, &count); check_array(st, b, count); break; }
      case 50: { sh_game* g = G(); const int f = r.cell(), t = r.cell(); check_status(sh_game_check(g, f, t)); break; }
      case 51: {  // eliminates, and puts_out on the same cells: the same status, and RETURN_HOME exactly when marked
        sh_game* g = G();
        const int f = r.cell(), t = r.cell();
        const bool give = r.u8() & 1;
        int e = 0, why = -1;
        const sh_status st1 = sh_game_eliminates(g, f, t, give ? &e : nullptr);
        check_status(st1);
        const sh_status st2 = sh_game_puts_out(g, f, t, give ? &why : nullptr);
        check_status(st2);
        FUZZ_CHECK(st1 == st2, "eliminates %d, puts_out %d", st1, st2);
        if (st2 == SH_OK && give) {
          FUZZ_CHECK(why == SH_OUT_NONE || why == SH_OUT_DEADLINE || why == SH_OUT_RETURN_HOME, "puts_out reason %d", why);
          FUZZ_CHECK((why == SH_OUT_RETURN_HOME) == (e == 1), "puts_out %d, eliminates %d", why, e);
        }
        break;
      }
      case 52: case 53: {  // apply: a legal move by index (mostly), or raw cells; any elapsed time
        sh_game* g = G();
        const int64_t elapsed = r.u8() & 1 ? 0 : static_cast<int64_t>(r.num(-1000, 100000));
        if (op % 72 == 52) {
          std::vector<sh_move> ms(1600);
          if (sh_game_legal_moves(g, ms.data(), ms.size(), &count) == SH_OK && count > 0) {
            const sh_move m = ms[r.u8() % count];
            st = sh_game_apply(g, m.from, m.to, elapsed);
            check_status(st);
            FUZZ_CHECK(st == SH_OK || elapsed < 0, "a legal move did not apply: %s", sh_last_error());
          }
        } else {
          const int f = r.cell(), t = r.cell();
          check_status(sh_game_apply(g, f, t, elapsed));
        }
        break;
      }
      case 54: {
        sh_game* g = G();
        const char* m = r.str(s1);
        // The game's reading of the text is the one apply_text plays: a move
        // it names is legal now.
        sh_move pm{-1, -1};
        st = sh_game_parse_move(g, m, r.u8() % 8 ? &pm : nullptr);
        check_status(st);
        if (st == SH_OK) FUZZ_CHECK(sh_game_check(g, pm.from, pm.to) == SH_OK, "parsed %s is not legal", m);
        check_status(sh_game_apply_text(g, m, r.u8() & 1 ? 0 : r.num(-5, 5000)));
        break;
      }
      case 55: { sh_game* g = G(); check_status(sh_game_resign(g, r.seat())); break; }
      case 56: { check_status(sh_game_flag(G())); break; }
      case 57: { sh_game* g = G(); const int n = r.num(0, 5); int undone = 0; check_status(sh_game_undo(g, n, r.u8() & 1 ? &undone : nullptr)); break; }
      case 58: { sh_game* g = G(); const size_t first = static_cast<size_t>(r.num(0, 20)); Out<sh_event> b(r); st = sh_game_events(g, first, b.get(), sizeof(sh_event), b.cap, &count); check_array(st, b, count); break; }
      case 59: { sh_game* g = G(); const size_t i = static_cast<size_t>(r.num(0, 20)); Out<char> b(r); check_text(sh_game_event_text(g, i, b.get(), b.cap, &needed), b, needed); break; }
      case 60: { sh_game* g = G(); const int64_t a = r.num(-10, 100000), b = r.num(-10, 1000); check_status(sh_game_set_clock(g, a, b)); break; }
      case 61: {  // the record, and reading it back gives the same record
        sh_game* g = G();
        const bool start = last_game < 2 && from_start[last_game];
        const int per_line = r.num(0, 12);
        Out<char> b(r);
        st = sh_game_record(g, per_line, b.get(), b.cap, &needed);
        check_text(st, b, needed);
        if (st == SH_OK && b.cap > 0 && start) {
          sh_game* h = nullptr;
          sh_rules* rh = nullptr;
          const std::string text = b.get();
          sh_position* gp = nullptr;
          if (sh_game_position(g, &gp) == SH_OK && sh_position_rules(gp, &rh) == SH_OK) {
            st = sh_game_from_record(rh, text.c_str(), &h);
            FUZZ_CHECK(st == SH_OK, "the game's own record does not read back: %s\n%s", sh_last_error(), text.c_str());
            std::vector<char> again(needed + 1);
            size_t n2 = 0;
            FUZZ_CHECK(sh_game_record(h, per_line, again.data(), again.size(), &n2) == SH_OK, "record of the replay");
            FUZZ_CHECK(text == again.data(), "replayed record differs:\n%s\n%s", text.c_str(), again.data());
            sh_game_free(h);
          }
          sh_position_free(gp);
          sh_rules_free(rh);
        }
        break;
      }
      case 62: { sh_position* h = P(); int a = 0, b = 0, c = 0; const uint8_t m = r.u8(); check_status(sh_position_distance(h, r.seat(), m & 1 ? &a : nullptr, m & 2 ? &b : nullptr, m & 4 ? &c : nullptr)); break; }
      case 63: {
        const size_t n = r.u8() % 8;
        std::vector<int> places(n);
        std::vector<double> ratings(n), changes(n);
        for (size_t i = 0; i < n; ++i) { places[i] = r.num(1, 6); ratings[i] = r.real(0, 3000); }
        const double k = r.real(0, 64), kp = r.real(-1, 64);
        check_status(sh_rating_changes(n ? places.data() : nullptr, n ? ratings.data() : nullptr, n, k, kp, n ? changes.data() : nullptr));
        break;
      }
      case 64: {
        sh_game* g = G();
        const size_t n = r.u8() % 7;
        std::vector<double> ratings(n + 1, 1500.0), changes(n + 1);
        check_status(sh_game_rating_changes(g, ratings.data(), n, r.real(0, 64), r.real(-1, 64), changes.data()));
        break;
      }
      case 65: {
        const char* level = r.str(s1);
        sh_player* h = nullptr;
        st = sh_player_new(level, r.u8(), &h);
        check_status(st);
        if (st == SH_OK) { sh_player_free(player); player = h; }
        (void)sh_player_error(player);
        break;
      }
      case 66: {
        sh_game* g = G();
        sh_move m{-1, -1};
        st = sh_player_choose(r.u8() % 4 ? player : nullptr, g, &m);
        check_status(st);
        if (st == SH_OK) check_status(sh_game_check(g, m.from, m.to));
        if (st == SH_OK && (r.u8() & 1)) check_status(sh_game_apply(g, m.from, m.to, 0));
        break;
      }
      case 67: {
        sh_game* g = G();
        const size_t n = r.u8() % 3;
        const int turns = r.u8() % 30;
        std::unique_ptr<int[]> places(new int[n * 6 + 1]), t(new int[n + 1]);
        check_status(sh_game_playouts(g, n, turns, r.u8(), r.u8() & 1 ? places.get() : nullptr, r.u8() & 1 ? t.get() : nullptr));
        break;
      }
      case 39: {
        const int idx = r.num(0, 30);
        Out<char> b(r);
        check_text(sh_preset_id(static_cast<size_t>(idx), b.get(), b.cap, &needed), b, needed);
        (void)sh_status_name(static_cast<sh_status>(r.num(0, 12)));
        (void)sh_version();
        (void)sh_preset_count();
        break;
      }
    }
  }
  for (auto* h : games) sh_game_free(h);
  sh_player_free(player);
  for (auto* h : rules) sh_rules_free(h);
  for (auto* h : pos) sh_position_free(h);
  return 0;
}
