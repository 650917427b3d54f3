// capi_position.cpp — the C ABI's positions, moves, paths, notation, perft
// and batch calls.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "capi_internal.h"
#include "sternhalma/geometry.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/paths.h"
#include "sternhalma/perft.h"
#include "sternhalma/presets.h"
#include "sternhalma/render.h"

using namespace sternhalma;
using namespace sh_capi;


namespace {

sh_status put_bits(std::string* slot, const Bits& b, int* out, size_t cap, size_t* count) {
  Cell cells[kNumCells];
  const int n = b.to_cells(cells);
  return put_array<int>(slot, cells, static_cast<size_t>(n), out, cap, count);
}

sh_status validate_rules(const sh_rules* rules) {
  const absl::Status v = validate(rules->rules);
  if (!v.ok()) return fail(&rules->error, SH_ERR_OPTION, std::string(v.message()));
  return SH_OK;
}

// A new position from the rules and `read` (parse or unpack), after the
// rules are checked; read's error is SH_ERR_PARSE on the rules' slot.
template <class Read>
sh_status new_position(const sh_rules* rules, sh_position** out, Read read) {
  NEED_H(rules, out);
  TRY(validate_rules(rules));
  auto r = share_rules(rules->rules);
  auto p = read(*r);
  if (!p.ok()) return status_of(&rules->error, p.status(), SH_ERR_PARSE);
  *out = new sh_position(r, *p);
  return SH_OK;
}

// The packed form is the library's (position.h), which also checks it.
static_assert(SH_PACKED_SIZE == kPackedSize && SH_PACKED_EMPTY == kPackedEmpty &&
              SH_PACKED_KING == kPackedKing);

// The ceiling of every batch call (n positions or texts): the library's.
static_assert(SH_MAX_BATCH == kMaxBatch);
sh_status check_batch(std::string* slot, size_t n) {
  if (n <= SH_MAX_BATCH) return SH_OK;
  return fail(slot, SH_ERR_RANGE,
              "batch of " + std::to_string(n) + " positions, more than SH_MAX_BATCH (" +
                  std::to_string(SH_MAX_BATCH) + ")");
}

// Packed position i of a batch, or the error that names it.
sh_status unpack_at(const sh_rules* rules, const Rules& r, const unsigned char* packed, size_t i,
                    std::optional<Position>* out) {
  auto p = Position::unpack(packed + i * SH_PACKED_SIZE, r);
  if (!p.ok())
    return fail(&rules->error, SH_ERR_PARSE,
                "packed position " + std::to_string(i) + ": " + std::string(p.status().message()));
  out->emplace(*std::move(p));
  return SH_OK;
}

sh_status check_move_cells(const sh_position* pos, int from, int to) {
  TRY(check_cell(&pos->error, from, "from"));
  return check_cell(&pos->error, to, "to");
}

sh_status illegal(const sh_position* pos, int from, int to) {
  return fail(&pos->error, SH_ERR_MOVE,
              "illegal move " + cell_name(from) + "-" + cell_name(to) + " in '" + pos->pos.to_string() + "'");
}

}  // namespace

// ---- positions -------------------------------------------------------------

SH_API sh_status sh_position_new(const sh_rules* rules, sh_position** out) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    NEED_H(rules, out);
    TRY(validate_rules(rules));
    auto r = share_rules(rules->rules);
    *out = new sh_position(r, Position::start(*r));
    return SH_OK;
  });
}

SH_API sh_status sh_position_parse(const char* text, sh_position** out) {
  return guard(nullptr, [&] {
    NEED(text);
    NEED(out);
    auto p = Position::parse(text);
    if (!p.ok()) return status_of(nullptr, p.status(), SH_ERR_PARSE);
    *out = new sh_position(share_rules(p->rules()), *p);
    return SH_OK;
  });
}

SH_API sh_status sh_position_parse_rules(const sh_rules* rules, const char* text,
                                         sh_position** out) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    NEED_H(rules, text);
    return new_position(rules, out, [&](const Rules& r) { return Position::parse(text, r); });
  });
}

SH_HANDLE_CALLS(sh_position, "position")

SH_API sh_status sh_position_rules(const sh_position* pos, sh_rules** out) {
  return get(pos, "pos", out, "out", [](const sh_position& p) { return new sh_rules{*p.rules, {}}; });
}

SH_API sh_status sh_position_to_text(const sh_position* pos, char* buf, size_t size,
                                     size_t* needed) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    return put_text(&pos->error, pos->pos.to_string(), buf, size, needed);
  });
}

SH_API sh_status sh_position_render(const sh_position* pos, char* buf, size_t size,
                                    size_t* needed) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    return put_text(&pos->error, render_board(pos->pos), buf, size, needed);
  });
}

SH_API sh_status sh_position_to_move(const sh_position* pos, int* seat) {
  return get(pos, "pos", seat, "seat", [](const sh_position& p) { return p.pos.to_move(); });
}

SH_API sh_status sh_position_round(const sh_position* pos, int* round) {
  return get(pos, "pos", round, "round", [](const sh_position& p) { return p.pos.round(); });
}

SH_API sh_status sh_position_hash(const sh_position* pos, uint64_t* hash) {
  return get(pos, "pos", hash, "hash", [](const sh_position& p) { return p.pos.hash(); });
}

SH_API sh_status sh_position_owner(const sh_position* pos, int cell, int* seat, int* king) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, seat);
    TRY(check_cell(&pos->error, cell));
    *seat = pos->pos.at(cell);
    if (king) *king = pos->pos.is_king(cell) ? 1 : 0;
    return SH_OK;
  });
}

SH_API sh_status sh_position_pieces(const sh_position* pos, int seat, int* out, size_t cap,
                                    size_t* count) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_point(&pos->error, seat, "seat"));
    return put_bits(&pos->error, pos->pos.pieces(seat), out, cap, count);
  });
}

SH_API sh_status sh_position_pack(const sh_position* pos, unsigned char out[SH_PACKED_SIZE]) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, out);
    const Packed b = pos->pos.pack();
    std::memcpy(out, b.data(), SH_PACKED_SIZE);
    return SH_OK;
  });
}

SH_API sh_status sh_position_unpack(const sh_rules* rules, const unsigned char in[SH_PACKED_SIZE],
                                    sh_position** out) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    NEED_H(rules, in);
    return new_position(rules, out, [&](const Rules& r) { return Position::unpack(in, r); });
  });
}

// ---- moves -----------------------------------------------------------------

SH_API sh_status sh_position_legal_moves(const sh_position* pos, sh_move* out, size_t cap,
                                         size_t* count) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    MoveList list;
    generate(pos->pos, list);
    // Straight into the caller's array (no intermediate copy): the ABI cost
    // stays within a few percent of the C++ call.
    const size_t n = static_cast<size_t>(list.size());
    bool fill = false;
    TRY(array_room(&pos->error, n, out, cap, count, "move array", &fill));
    if (!fill) return SH_OK;
    std::sort(list.begin(), list.end());
    for (size_t i = 0; i < n; ++i) out[i] = {list[static_cast<int>(i)].from, list[static_cast<int>(i)].to};
    return SH_OK;
  });
}

SH_API sh_status sh_position_count_moves(const sh_position* pos, size_t* count) {
  return get(pos, "pos", count, "count",
             [](const sh_position& p) { return static_cast<size_t>(count_moves(p.pos)); });
}

SH_API sh_status sh_position_destinations(const sh_position* pos, int from, int* out,
                                          size_t cap, size_t* count) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_cell(&pos->error, from, "from"));
    return put_bits(&pos->error, destinations(pos->pos, from), out, cap, count);
  });
}

SH_API sh_status sh_position_is_legal(const sh_position* pos, int from, int to, int* legal) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, legal);
    TRY(check_move_cells(pos, from, to));
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
    *legal = is_legal(pos->pos, pos->pos.to_move(), m) ? 1 : 0;
    return SH_OK;
  });
}

SH_API sh_status sh_position_closed_cells(const sh_position* pos, int seat, int* out,
                                          size_t cap, size_t* count) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_point(&pos->error, seat, "seat"));
    return put_bits(&pos->error, closed_cells(*pos->rules, seat), out, cap, count);
  });
}

SH_API sh_status sh_position_canonical_path(const sh_position* pos, int from, int to,
                                            int* out, size_t cap, size_t* count) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_move_cells(pos, from, to));
    const Path p = canonical_path(pos->pos, {static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
    if (p.empty()) return illegal(pos, from, to);
    return put_array<int>(&pos->error, p.data(), p.size(), out, cap, count, "path array");
  });
}

SH_API sh_status sh_position_all_paths(const sh_position* pos, int from, int to, size_t limit,
                                       int* out, size_t cap, size_t* count, size_t* paths,
                                       int* truncated) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_move_cells(pos, from, to));
    if (limit == 0) return fail(&pos->error, SH_ERR_RANGE, "all_paths: limit must be at least 1");
    Truncation trunc = Truncation::kNone;
    const std::vector<Path> all = all_paths(pos->pos, Move(from, to), limit, &trunc);
    if (all.empty()) return illegal(pos, from, to);
    std::vector<int> flat;
    for (const Path& p : all) {
      flat.insert(flat.end(), p.begin(), p.end());
      flat.push_back(SH_NO_CELL);
    }
    TRY(put_array<int>(&pos->error, flat.data(), flat.size(), out, cap, count, "path array"));
    if (paths) *paths = all.size();
    if (truncated) *truncated = static_cast<int>(trunc);
    return SH_OK;
  });
}

SH_API sh_status sh_position_parse_move(const sh_position* pos, const char* text, sh_move* move) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, text);
    NEED_H(pos, move);
    auto m = parse_move(pos->pos, text);
    if (!m.ok()) return status_of(&pos->error, m.status(), SH_ERR_MOVE);
    *move = {m->move.from, m->move.to};
    return SH_OK;
  });
}

SH_API sh_status sh_position_format_move(const sh_position* pos, int from, int to, char* buf,
                                         size_t size, size_t* needed) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_move_cells(pos, from, to));
    const std::string s = format_move(pos->pos, {static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
    if (s.empty()) return illegal(pos, from, to);
    return put_text(&pos->error, s, buf, size, needed);
  });
}

SH_API sh_status sh_position_play(sh_position* pos, int from, int to) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_move_cells(pos, from, to));
    // play() checks legality itself (its message names the move and seat).
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
    return status_of(&pos->error, play(pos->pos, m), SH_ERR_MOVE);
  });
}

// ---- perft -------------------------------------------------------------------

static_assert(SH_MAX_PERFT_LEAVES == kMaxPerftLeaves);

static sh_status check_depth(const sh_position* pos, int depth, bool divide = false) {
  return status_of(&pos->error, check_perft_depth(depth, divide), SH_ERR_RANGE);
}

SH_API sh_status sh_perft(const sh_position* pos, int depth, uint64_t* nodes) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, nodes);
    const absl::StatusOr<uint64_t> n = perft_within(pos->pos, depth);
    if (!n.ok()) return status_of(&pos->error, n.status(), SH_ERR_RANGE);
    *nodes = *n;
    return SH_OK;
  });
}

SH_API sh_status sh_perft_threads(const sh_position* pos, int depth, int threads,
                                  uint64_t* nodes) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    NEED_H(pos, nodes);
    const absl::StatusOr<uint64_t> n = perft_within(pos->pos, depth, threads);
    if (!n.ok()) return status_of(&pos->error, n.status(), SH_ERR_RANGE);
    *nodes = *n;
    return SH_OK;
  });
}

SH_API sh_status sh_divide(const sh_position* pos, int depth, sh_move* moves, uint64_t* nodes,
                           size_t cap, size_t* count) {
  return guard(slot_of(pos), [&] {
    NEED(pos);
    TRY(check_depth(pos, depth, true));
    if ((moves == nullptr) != (nodes == nullptr))
      return fail(&pos->error, SH_ERR_NULL, "divide: moves and nodes must both be NULL or both be set");
    // Size first, so that a query does not pay for the counts (a pass is one
    // entry).
    bool fill = false;
    const size_t n = static_cast<size_t>(count_moves(pos->pos));
    TRY(array_room(&pos->error, n ? n : 1, moves, cap, count, "divide arrays", &fill));
    if (!fill) return SH_OK;
    const auto d = divide_within(pos->pos, depth);
    if (!d.ok()) return status_of(&pos->error, d.status(), SH_ERR_RANGE);
    for (size_t i = 0; i < d->size(); ++i) {
      moves[i] = n ? sh_move{(*d)[i].first.from, (*d)[i].first.to} : sh_move{SH_NO_CELL, SH_NO_CELL};
      nodes[i] = (*d)[i].second;
    }
    return SH_OK;
  });
}

// ---- batch -------------------------------------------------------------------

SH_API sh_status sh_batch_count_moves(const sh_rules* rules, const unsigned char* packed,
                                      size_t n, uint32_t* counts) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    TRY(check_batch(&rules->error, n));
    if (n == 0) return SH_OK;
    NEED_H(rules, packed);
    NEED_H(rules, counts);
    TRY(validate_rules(rules));
    const auto r = share_rules(rules->rules);
    std::vector<uint32_t> tmp(n);  // outputs untouched on error
    for (size_t i = 0; i < n; ++i) {
      std::optional<Position> p;
      TRY(unpack_at(rules, *r, packed, i, &p));
      tmp[i] = static_cast<uint32_t>(count_moves(*p));
    }
    std::copy(tmp.begin(), tmp.end(), counts);
    return SH_OK;
  });
}

SH_API sh_status sh_batch_legal_moves(const sh_rules* rules, const unsigned char* packed,
                                      size_t n, size_t* offsets, sh_move* out, size_t cap,
                                      size_t* count) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    TRY(check_batch(&rules->error, n));
    if (n > 0) NEED_H(rules, packed);
    NEED_H(rules, offsets);
    TRY(validate_rules(rules));
    const auto r = share_rules(rules->rules);
    // Two passes and no copy of the moves, so memory does not grow with n:
    // first check every position and count (outputs untouched on error),
    // then write straight into the caller's arrays.
    size_t total = 0;
    for (size_t i = 0; i < n; ++i) {
      std::optional<Position> p;
      TRY(unpack_at(rules, *r, packed, i, &p));
      total += static_cast<size_t>(count_moves(*p));
    }
    if (out == nullptr && cap != 0) return null_arg(&rules->error, "out");
    if (count) *count = total;
    if (out != nullptr && cap < total)
      return fail(&rules->error, SH_ERR_BUFFER,
                  "move array too small: " + std::to_string(total) + " entries needed, capacity " +
                      std::to_string(cap));
    MoveList list;
    size_t at = 0;
    for (size_t i = 0; i < n; ++i) {
      offsets[i] = at;
      if (out == nullptr) {
        at += static_cast<size_t>(count_moves(*Position::unpack(packed + i * SH_PACKED_SIZE, *r)));
        continue;
      }
      list.clear();
      generate(*Position::unpack(packed + i * SH_PACKED_SIZE, *r), list);
      std::sort(list.begin(), list.end());
      for (const Move m : list) out[at++] = {m.from, m.to};
    }
    offsets[n] = at;
    return SH_OK;
  });
}

SH_API sh_status sh_batch_count_moves_text(const char* const* texts, size_t n, uint32_t* counts,
                                           size_t* bad) {
  return guard(nullptr, [&] {
    TRY(check_batch(nullptr, n));
    if (n == 0) return SH_OK;
    NEED(texts);
    NEED(counts);
    std::vector<uint32_t> tmp(n);
    for (size_t i = 0; i < n; ++i) {
      if (texts[i] == nullptr) {
        if (bad) *bad = i;
        return fail(SH_ERR_NULL, "position text " + std::to_string(i) + " is NULL");
      }
      auto p = Position::parse(texts[i]);
      if (!p.ok()) {
        if (bad) *bad = i;
        const absl::Status st(p.status().code(),
                              "position text " + std::to_string(i) + ": " + std::string(p.status().message()));
        return status_of(nullptr, st, SH_ERR_PARSE);
      }
      tmp[i] = static_cast<uint32_t>(count_moves(*p));
    }
    std::copy(tmp.begin(), tmp.end(), counts);
    return SH_OK;
  });
}
