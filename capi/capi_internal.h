// capi_internal.h — what every C ABI translation unit shares: the handle
// structs, error recording, and the guard that keeps exceptions inside.
#ifndef STERNHALMA_CAPI_INTERNAL_H_
#define STERNHALMA_CAPI_INTERNAL_H_

#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "sternhalma.h"
#include "sternhalma/game.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

#define SH_API extern "C" __attribute__((visibility("default")))

struct sh_rules {
  sternhalma::Rules rules;
  mutable std::string error;
};

// A game: shared by the files of games (capi_game.cpp), ratings
// (capi_rating.cpp) and players (capi_player.cpp).
struct sh_game {
  sternhalma::Game game;
  mutable std::string error;
};

struct sh_position {
  // The table the position points to: a static preset (no-op deleter) or a
  // private snapshot of custom rules, shared with clones.
  std::shared_ptr<const sternhalma::Rules> rules;
  sternhalma::Position pos;
  mutable std::string error;
  sh_position(std::shared_ptr<const sternhalma::Rules> r, const sternhalma::Position& p)
      : rules(std::move(r)), pos(p) {}
};

namespace sh_capi {

// Records msg on the thread and, when given, on the handle's error slot.
sh_status fail(std::string* slot, sh_status st, std::string_view msg);
inline sh_status fail(sh_status st, std::string_view msg) { return fail(nullptr, st, msg); }

template <class H>
std::string* slot_of(const H* h) {
  return h ? &h->error : nullptr;
}

// Runs f, turning any exception into a status (never across the ABI).
template <class F>
sh_status guard(std::string* slot, F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return fail(slot, SH_ERR_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    try {
      return fail(slot, SH_ERR_INTERNAL, std::string("internal error: ") + e.what());
    } catch (...) {
      return SH_ERR_INTERNAL;
    }
  } catch (...) {
    return fail(slot, SH_ERR_INTERNAL, "internal error: unknown exception");
  }
}

// The argument checks of every call: a NULL pointer argument `p` (on the
// thread only, or also on handle h's slot), and a check that failed.
#define NEED(p) \
  if ((p) == nullptr) return null_arg(nullptr, #p)
#define NEED_H(h, p) \
  if ((p) == nullptr) return null_arg(slot_of(h), #p)
#define TRY(expr) \
  if (sh_status st_ = (expr); st_ != SH_OK) return st_

// Text out with the size-query convention of the header.
sh_status put_text(std::string* slot, std::string_view text, char* buf, size_t size,
                   size_t* needed);
// Array out with the same convention: the checks for n entries into (out,
// cap), *count = n. SH_OK with *fill false: a size query, nothing to write;
// SH_OK with *fill true: out has room for the n entries.
sh_status array_room(std::string* slot, size_t n, const void* out, size_t cap, size_t* count,
                     const char* what, bool* fill);
template <class T>
sh_status put_array(std::string* slot, const T* data, size_t n, T* out, size_t cap,
                    size_t* count, const char* what = "output array") {
  bool fill = false;
  if (sh_status st = array_room(slot, n, out, cap, count, what, &fill); st != SH_OK || !fill)
    return st;
  for (size_t i = 0; i < n; ++i) out[i] = data[i];
  return SH_OK;
}

// Two optional outputs: each value goes out only where its pointer is not NULL.
template <class A, class B>
sh_status put_optional(A* a, std::type_identity_t<A> va, B* b, std::type_identity_t<B> vb) {
  if (a) *a = va;
  if (b) *b = vb;
  return SH_OK;
}

sh_status check_cell(std::string* slot, int cell, const char* what = "cell");
sh_status check_point(std::string* slot, int p, const char* what = "point");
sh_status null_arg(std::string* slot, const char* name);

// The one table from the C++ API's error codes to C statuses (SH_OK for an
// OK status; otherwise the message is recorded as it is). The C++ API uses
// one absl code per kind of error:
//   NotFound           -> SH_ERR_PRESET  an unknown preset id
//   FailedPrecondition -> SH_ERR_STATE   not possible now
//   OutOfRange         -> SH_ERR_RANGE   a number beyond its range
//   ResourceExhausted  -> SH_ERR_LIMIT   a documented ceiling was reached
//   InvalidArgument    -> `invalid`      what bad input is for this call
//                                        (SH_ERR_MOVE, SH_ERR_PARSE, ...)
//   anything else      -> SH_ERR_INTERNAL
sh_status status_of(std::string* slot, const absl::Status& s, sh_status invalid);

// A caller's struct of `size` bytes (at least the first published layout
// `v1`) gets the library's `value`: the bytes that fit, the rest zero.
// Returns SH_ERR_RANGE when size is below v1 (see "growing structs" in
// sternhalma.h).
sh_status check_struct_size(std::string* slot, size_t size, size_t v1, const char* what);
template <class T>
void put_struct(const T& value, void* out, size_t size) {
  const size_t n = size < sizeof(T) ? size : sizeof(T);
  std::memcpy(out, &value, n);
  if (size > n) std::memset(static_cast<char*>(out) + n, 0, size - n);
}

// The calls every handle type has. clone: a copy with an empty error slot.
template <class H>
sh_status clone_handle(const H* h, H** out, const char* name) {
  return guard(slot_of(h), [&] {
    if (h == nullptr) return null_arg(nullptr, name);
    NEED_H(h, out);
    *out = new H(*h);
    (*out)->error.clear();
    return SH_OK;
  });
}
template <class H>
const char* error_of(const H* h, const char* null_text) {
  return h ? h->error.c_str() : null_text;
}

// clone, free and error of a handle type, defined once for all of them:
// SH_HANDLE_CALLS(sh_game, "game") defines sh_game_clone, sh_game_free and
// sh_game_error.
#define SH_HANDLE_CALLS(type, what)                                        \
  SH_API sh_status type##_clone(const type* h, type** out) {               \
    return ::sh_capi::clone_handle(h, out, what);                          \
  }                                                                        \
  SH_API void type##_free(type* h) { delete h; }                           \
  SH_API const char* type##_error(const type* h) {                         \
    return ::sh_capi::error_of(h, what " handle is NULL");                 \
  }

// A query of one value: the NULL checks, then *out = value(*h).
template <class H, class T, class F>
sh_status get(const H* h, const char* name, T* out, const char* out_name, F&& value) {
  return guard(slot_of(h), [&] {
    if (h == nullptr) return null_arg(nullptr, name);
    if (out == nullptr) return null_arg(slot_of(h), out_name);
    *out = value(*h);
    return SH_OK;
  });
}

// A query of one cell: the NULL and cell checks, then *out = value(cell).
template <class T, class F>
sh_status cell_get(int cell, T* out, const char* out_name, F&& value) {
  return guard(nullptr, [&] {
    if (out == nullptr) return null_arg(nullptr, out_name);
    TRY(check_cell(nullptr, cell));
    *out = value(cell);
    return SH_OK;
  });
}

// The shared table for positions of these rules: the static preset when the
// rules are exactly a preset, else a snapshot.
std::shared_ptr<const sternhalma::Rules> share_rules(const sternhalma::Rules& r);

}  // namespace sh_capi

#endif  // STERNHALMA_CAPI_INTERNAL_H_
