// fuzz_util.h — what the fuzz targets share: a failed invariant aborts with
// a message (libFuzzer then saves the input as a crash).
#ifndef STERNHALMA_FUZZ_UTIL_H_
#define STERNHALMA_FUZZ_UTIL_H_

#include <cstdio>
#include <cstdlib>
#include <string>

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

#endif  // STERNHALMA_FUZZ_UTIL_H_
