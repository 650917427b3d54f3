// fuzz_util.h — what the fuzz targets share: a failed invariant aborts with
// a message (libFuzzer then saves the input as a crash).
#ifndef STERNHALMA_FUZZ_UTIL_H_
#define STERNHALMA_FUZZ_UTIL_H_

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#define FUZZ_CHECK(cond, ...)                                              \
  do {                                                                     \
    if (!(cond)) {                                                         \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                   #cond);                                                 \
      std::fprintf(stderr, "  " __VA_ARGS__);                              \
      std::fprintf(stderr, "\n");                                          \
      std::abort();                                                        \
    }                                                                      \
  } while (0)

// An error message as every layer must write it (issue 10): not empty, one
// short line, no control byte (echoed input is quoted: cut to 60 bytes,
// non-printables escaped), so no NUL cuts its reason off.
inline void check_message(std::string_view m) {
  FUZZ_CHECK(!m.empty(), "error without a message");
  FUZZ_CHECK(m.size() <= 1000, "message of %zu bytes", m.size());
  for (const char ch : m) {
    const unsigned char c = static_cast<unsigned char>(ch);
    FUZZ_CHECK(c >= 0x20 && c != 0x7f, "control byte 0x%02x in the message: %.*s", c,
               static_cast<int>(m.size()), m.data());
  }
}

#endif  // STERNHALMA_FUZZ_UTIL_H_
