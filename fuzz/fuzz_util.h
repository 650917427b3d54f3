// fuzz_util.h — what the fuzz targets share: a failed invariant aborts with
// a message (libFuzzer then saves the input as a crash).
#ifndef STERNHALMA_FUZZ_UTIL_H_
#define STERNHALMA_FUZZ_UTIL_H_

#include <cstddef>
#include <cstdint>
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

// An error message as every layer must write it: not empty, one
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

// The fuzz input read front to back; past its end every byte reads as 0, so a
// short input still drives a whole call. Each target derives its own
// distributions (numbers, counts, strings) from these bytes.
class ByteReader {
 public:
  ByteReader(const uint8_t* d, size_t n) : d_(d), n_(n) {}
  bool done() const { return i_ >= n_; }
  uint8_t u8() { return i_ < n_ ? d_[i_++] : 0; }
  uint64_t u64() {
    uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v = v << 8 | u8();
    return v;
  }

 private:
  const uint8_t* d_;
  size_t n_, i_ = 0;
};

#endif  // STERNHALMA_FUZZ_UTIL_H_
