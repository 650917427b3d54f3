/* capi_check.h — the C tests' checks (capi_*_test.c): each misuse must give
 * the right status, a readable message on the thread (and the same text on
 * the handle), and each program ends with its counts. One copy, so every C
 * test judges a message the same way. Plain C99; each test program includes
 * it once. */
#ifndef STERNHALMA_TESTS_CAPI_CHECK_H_
#define STERNHALMA_TESTS_CAPI_CHECK_H_

#include <stdio.h>
#include <string.h>

#include "sternhalma.h"

static int checks, failures;

#define CHECK(cond)                                                              \
  do {                                                                           \
    ++checks;                                                                    \
    if (!(cond)) {                                                               \
      ++failures;                                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, __LINE__, \
              #cond, sh_last_error());                                           \
    }                                                                            \
  } while (0)
#define OK(call) CHECK((call) == SH_OK)

/* A message is readable: at least 8 bytes, no control byte. */
static inline void check_message(int line, const char *m) {
  size_t i, n = strlen(m);
  ++checks;
  if (n < 8) {
    ++failures;
    fprintf(stderr, "line %d: message too short: '%s'\n", line, m);
    return;
  }
  for (i = 0; i < n; ++i)
    if ((unsigned char)m[i] < 32) {
      ++failures;
      fprintf(stderr, "line %d: unreadable message\n", line);
      return;
    }
}

/* The call returns `want`; on an error the thread message is readable. */
#define ST(call, want)                                                        \
  do {                                                                        \
    sh_status got_ = (call);                                                  \
    ++checks;                                                                 \
    if (got_ != (want)) {                                                     \
      ++failures;                                                             \
      fprintf(stderr, "%s:%d: %s -> %s, want %s (%s)\n", __FILE__, __LINE__, #call, \
              sh_status_name(got_), sh_status_name(want), sh_last_error());   \
    } else if ((want) != SH_OK) {                                             \
      check_message(__LINE__, sh_last_error());                               \
    }                                                                         \
  } while (0)

/* As ST, and the handle's own message is the same text. */
#define STH(call, want, errfn, h)                                 \
  do {                                                            \
    ST(call, want);                                               \
    if ((want) != SH_OK) CHECK(strcmp(errfn(h), sh_last_error()) == 0); \
  } while (0)

/* A position's text (one of four buffers, so a CHECK can compare two). */
static inline char *text_of(const sh_position *p) {
  static char buf[4][1024];
  static int k;
  k = (k + 1) % 4;
  if (sh_position_to_text(p, buf[k], sizeof buf[k], NULL) != SH_OK) buf[k][0] = 0;
  return buf[k];
}

/* An env's buffer set, every buffer given, at the size of this header. */
static inline sh_env_buffers env_buffers(void *obs, uint8_t *mask, float *rewards,
                                         uint8_t *terminated, uint8_t *truncated,
                                         int32_t *to_play) {
  sh_env_buffers b;
  memset(&b, 0, sizeof b);
  b.size = sizeof b;
  b.obs = obs;
  b.mask = mask;
  b.rewards = rewards;
  b.terminated = terminated;
  b.truncated = truncated;
  b.to_play = to_play;
  return b;
}

/* main's last line: the counts, and the exit status. */
static inline int checks_done(void) {
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}

#endif /* STERNHALMA_TESTS_CAPI_CHECK_H_ */
