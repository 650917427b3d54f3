// capi_core.cpp — the C ABI's library, geometry and rules calls.
#include <cmath>
#include <string>

#include "capi_internal.h"
#include "sternhalma/cell.h"
#include "sternhalma/geometry.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"  // quote(): every echo of caller text, as the library does

using namespace sternhalma;

namespace sh_capi {

namespace {
thread_local std::string t_error;  // per thread, not shared state
}

sh_status fail(std::string* slot, sh_status st, std::string_view msg) {
  try {
    t_error.assign(msg);
    if (slot) slot->assign(msg);
  } catch (...) {
  }
  return st;
}

sh_status put_text(std::string* slot, std::string_view text, char* buf, size_t size,
                   size_t* needed) {
  if (buf == nullptr && size != 0) return fail(slot, SH_ERR_NULL, "text buffer is NULL but its size is not 0");
  const size_t n = text.size() + 1;
  if (needed) *needed = n;
  if (buf == nullptr) return SH_OK;
  if (size < n)
    return fail(slot, SH_ERR_BUFFER,
                "text buffer too small: " + std::to_string(n) + " bytes needed, size " +
                    std::to_string(size));
  std::memcpy(buf, text.data(), text.size());
  buf[text.size()] = '\0';
  return SH_OK;
}

sh_status array_room(std::string* slot, size_t n, const void* out, size_t cap, size_t* count,
                     const char* what, bool* fill) {
  *fill = false;
  if (out == nullptr && cap != 0)
    return fail(slot, SH_ERR_NULL, std::string(what) + " is NULL but its capacity is not 0");
  if (count) *count = n;
  if (out == nullptr) return SH_OK;
  if (cap < n)
    return fail(slot, SH_ERR_BUFFER,
                std::string(what) + " too small: " + std::to_string(n) + " entries needed, capacity " +
                    std::to_string(cap));
  *fill = true;
  return SH_OK;
}

sh_status check_cell(std::string* slot, int cell, const char* what) {
  if (cell >= 0 && cell < kNumCells) return SH_OK;
  return fail(slot, SH_ERR_CELL,
              std::string(what) + " " + std::to_string(cell) + " is not a cell index (0..120)");
}

sh_status check_point(std::string* slot, int p, const char* what) {
  if (p >= 0 && p < kNumPoints) return SH_OK;
  return fail(slot, SH_ERR_SEAT,
              std::string(what) + " " + std::to_string(p) + " is not a point/seat (0..5)");
}

sh_status null_arg(std::string* slot, const char* name) {
  return fail(slot, SH_ERR_NULL, std::string(name) + " is NULL");
}

sh_status status_of(std::string* slot, const absl::Status& s, sh_status invalid) {
  sh_status st = SH_ERR_INTERNAL;
  switch (s.code()) {
    case absl::StatusCode::kOk: return SH_OK;
    case absl::StatusCode::kInvalidArgument: st = invalid; break;
    case absl::StatusCode::kNotFound: st = SH_ERR_PRESET; break;
    case absl::StatusCode::kFailedPrecondition: st = SH_ERR_STATE; break;
    case absl::StatusCode::kOutOfRange: st = SH_ERR_RANGE; break;
    case absl::StatusCode::kResourceExhausted: st = SH_ERR_LIMIT; break;
    default: break;
  }
  return fail(slot, st, std::string(s.message()));
}

sh_status check_struct_size(std::string* slot, size_t size, size_t v1, const char* what) {
  if (size >= v1) return SH_OK;
  return fail(slot, SH_ERR_RANGE,
              std::string(what) + " size " + std::to_string(size) + " is below the first layout's " +
                  std::to_string(v1) + " bytes (pass sizeof of the struct)");
}

std::shared_ptr<const Rules> share_rules(const Rules& r) {
  if (const Rules* p = find_preset(r.id); p != nullptr && *p == r)
    return std::shared_ptr<const Rules>(p, [](const Rules*) {});
  return std::make_shared<const Rules>(r);
}

}  // namespace sh_capi

using namespace sh_capi;


// ---- library --------------------------------------------------------------

SH_API const char* sh_version(void) {
#define SH_STR2(x) #x
#define SH_STR(x) SH_STR2(x)
  return SH_STR(SH_VERSION_MAJOR) "." SH_STR(SH_VERSION_MINOR) "." SH_STR(SH_VERSION_PATCH);
}

SH_API unsigned sh_version_number(void) {
  return SH_VERSION_MAJOR * 10000u + SH_VERSION_MINOR * 100u + SH_VERSION_PATCH;
}

SH_API const char* sh_status_name(sh_status status) {
  // A C caller may pass any int (C enums are ints); in C++ a value outside
  // the enum's range is not a valid sh_status, so read it as an int.
  int s;
  std::memcpy(&s, &status, sizeof s);
  switch (s) {
    case SH_OK: return "SH_OK";
    case SH_ERR_NULL: return "SH_ERR_NULL";
    case SH_ERR_BUFFER: return "SH_ERR_BUFFER";
    case SH_ERR_CELL: return "SH_ERR_CELL";
    case SH_ERR_MOVE: return "SH_ERR_MOVE";
    case SH_ERR_PARSE: return "SH_ERR_PARSE";
    case SH_ERR_PRESET: return "SH_ERR_PRESET";
    case SH_ERR_OPTION: return "SH_ERR_OPTION";
    case SH_ERR_STATE: return "SH_ERR_STATE";
    case SH_ERR_SEAT: return "SH_ERR_SEAT";
    case SH_ERR_RANGE: return "SH_ERR_RANGE";
    case SH_ERR_MEMORY: return "SH_ERR_MEMORY";
    case SH_ERR_INTERNAL: return "SH_ERR_INTERNAL";
    case SH_ERR_LIMIT: return "SH_ERR_LIMIT";
  }
  return "SH_UNKNOWN";
}

SH_API const char* sh_last_error(void) { return t_error.c_str(); }

// ---- cells and geometry ----------------------------------------------------

SH_API sh_status sh_cell_from_name(const char* name, int* cell) {
  return guard(nullptr, [&] {
    NEED(name);
    NEED(cell);
    const auto c = parse_cell(name);
    if (!c) return fail(SH_ERR_CELL, text::quote(name) + " is not a cell name (a..q + 1..17, e.g. k5)");
    *cell = *c;
    return SH_OK;
  });
}

SH_API sh_status sh_cell_name(int cell, char* buf, size_t size, size_t* needed) {
  return guard(nullptr, [&] {
    if (sh_status s = check_cell(nullptr, cell); s != SH_OK) return s;
    return put_text(nullptr, cell_name(cell), buf, size, needed);
  });
}

SH_API sh_status sh_cell_axial(int cell, int* q, int* r) {
  return guard(nullptr, [&] {
    NEED(q);
    NEED(r);
    if (sh_status s = check_cell(nullptr, cell); s != SH_OK) return s;
    *q = hex_of(cell).q;
    *r = hex_of(cell).r;
    return SH_OK;
  });
}

SH_API sh_status sh_cell_at(int q, int r, int* cell) {
  return guard(nullptr, [&] {
    NEED(cell);
    const Cell c = cell_at(Hex{q, r});
    if (c == kNoCell)
      return fail(SH_ERR_CELL, "(q=" + std::to_string(q) + ", r=" + std::to_string(r) + ") is off the star");
    *cell = c;
    return SH_OK;
  });
}

SH_API sh_status sh_cell_neighbours(int cell, int out[6]) {
  return guard(nullptr, [&] {
    NEED(out);
    if (sh_status s = check_cell(nullptr, cell); s != SH_OK) return s;
    for (int d = 0; d < kNumDirs; ++d) out[d] = neighbour(cell, d);
    return SH_OK;
  });
}

SH_API sh_status sh_cell_point(int cell, int* point) {
  return cell_get(cell, point, "point", [](Cell c) { return point_of(c); });
}

SH_API sh_status sh_cell_xy(int cell, double* x, double* y) {
  return guard(nullptr, [&] {
    NEED(x);
    NEED(y);
    if (sh_status s = check_cell(nullptr, cell); s != SH_OK) return s;
    const Point2 p = draw_xy(cell);
    *x = p.x;
    *y = p.y;
    return SH_OK;
  });
}

SH_API sh_status sh_cell_rotate(int cell, int k, int* out) {
  return cell_get(cell, out, "out", [k](Cell c) { return rotate(c, k % 6); });
}

SH_API sh_status sh_cell_reflect(int cell, int* out) {
  return cell_get(cell, out, "out", [](Cell c) { return reflect(c); });
}

SH_API sh_status sh_cell_distance(int a, int b, int* steps) {
  return guard(nullptr, [&] {
    NEED(steps);
    if (sh_status s = check_cell(nullptr, a, "cell a"); s != SH_OK) return s;
    if (sh_status s = check_cell(nullptr, b, "cell b"); s != SH_OK) return s;
    *steps = hex_distance(a, b);
    return SH_OK;
  });
}

static sh_status put_bits(std::string* slot, const Bits& b, int* out, size_t cap, size_t* count) {
  Cell cells[kNumCells];
  const int n = b.to_cells(cells);
  return put_array<int>(slot, cells, static_cast<size_t>(n), out, cap, count);
}

SH_API sh_status sh_camp_cells(int point, int marbles, int* out, size_t cap, size_t* count) {
  return guard(nullptr, [&] {
    if (sh_status s = check_point(nullptr, point); s != SH_OK) return s;
    if (marbles != 10 && marbles != 15)
      return fail(SH_ERR_RANGE, "marbles " + std::to_string(marbles) + " (10 or 15)");
    return put_bits(nullptr, home_cells(point, marbles), out, cap, count);
  });
}

SH_API sh_status sh_tip_cell(int point, int* cell) {
  return guard(nullptr, [&] {
    NEED(cell);
    if (sh_status s = check_point(nullptr, point); s != SH_OK) return s;
    *cell = tip_cell(point);
    return SH_OK;
  });
}

SH_API sh_status sh_foreign_cells(int point, int* out, size_t cap, size_t* count) {
  return guard(nullptr, [&] {
    if (sh_status s = check_point(nullptr, point); s != SH_OK) return s;
    return put_bits(nullptr, foreign_cells(point), out, cap, count);
  });
}

SH_API sh_status sh_seat_letter(int seat, char* letter) {
  return guard(nullptr, [&] {
    NEED(letter);
    if (sh_status s = check_point(nullptr, seat, "seat"); s != SH_OK) return s;
    *letter = seat_letter(seat);
    return SH_OK;
  });
}

SH_API sh_status sh_seat_from_letter(char letter, int* seat) {
  return guard(nullptr, [&] {
    NEED(seat);
    const Seat s = seat_from_letter(letter);
    if (s < 0) return fail(SH_ERR_SEAT, text::quote(std::string_view(&letter, 1)) + " is not a seat letter (W R B K Y G)");
    *seat = s;
    return SH_OK;
  });
}

// ---- presets and rules -----------------------------------------------------

SH_API size_t sh_preset_count(void) {
  try {
    return presets().size();
  } catch (...) {
    return 0;
  }
}

SH_API sh_status sh_preset_id(size_t index, char* buf, size_t size, size_t* needed) {
  return guard(nullptr, [&] {
    const auto all = presets();
    if (index >= all.size())
      return fail(SH_ERR_RANGE, "preset index " + std::to_string(index) + " out of range (" +
                                    std::to_string(all.size()) + " presets)");
    return put_text(nullptr, all[index].id, buf, size, needed);
  });
}

SH_API sh_status sh_rules_new(const char* id, sh_rules** out) {
  return guard(nullptr, [&] {
    NEED(id);
    NEED(out);
    const Rules* r = find_preset(id);
    if (r == nullptr) return fail(SH_ERR_PRESET, "unknown preset id " + text::quote(id));
    *out = new sh_rules{*r, {}};
    return SH_OK;
  });
}

SH_HANDLE_CALLS(sh_rules, "rules")

SH_API sh_status sh_rules_id(const sh_rules* rules, char* buf, size_t size, size_t* needed) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    return put_text(&rules->error, rules->rules.id, buf, size, needed);
  });
}

SH_API sh_status sh_rules_seats(const sh_rules* rules, unsigned* mask) {
  return get(rules, "rules", mask, "mask", [](const sh_rules& r) { return r.rules.seats; });
}

SH_API sh_status sh_rules_seat_name(const sh_rules* rules, int seat, char* buf, size_t size,
                                    size_t* needed) {
  return guard(slot_of(rules), [&] {
    NEED(rules);
    if (sh_status s = check_point(&rules->error, seat, "seat"); s != SH_OK) return s;
    return put_text(&rules->error, rules->rules.names[seat], buf, size, needed);
  });
}
