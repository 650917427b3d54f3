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
#include <utility>

#include "absl/status/status.h"
#include "sternhalma.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

#define SH_API extern "C" __attribute__((visibility("default")))

struct sh_rules {
  sternhalma::Rules rules;
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

// Text out with the size-query convention of the header.
sh_status put_text(std::string* slot, std::string_view text, char* buf, size_t size,
                   size_t* needed);
// Array out with the same convention.
template <class T>
sh_status put_array(std::string* slot, const T* data, size_t n, T* out, size_t cap,
                    size_t* count, const char* what = "output array") {
  if (out == nullptr && cap != 0) return fail(slot, SH_ERR_NULL, std::string(what) + " is NULL but its capacity is not 0");
  if (count) *count = n;
  if (out == nullptr) return SH_OK;
  if (cap < n)
    return fail(slot, SH_ERR_BUFFER,
                std::string(what) + " too small: " + std::to_string(n) + " entries needed, capacity " +
                    std::to_string(cap));
  for (size_t i = 0; i < n; ++i) out[i] = data[i];
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

// The shared table for positions of these rules: the static preset when the
// rules are exactly a preset, else a snapshot.
std::shared_ptr<const sternhalma::Rules> share_rules(const sternhalma::Rules& r);

}  // namespace sh_capi

#endif  // STERNHALMA_CAPI_INTERNAL_H_
