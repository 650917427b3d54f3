// env_fuzz — the C ABI's RL environments (sh_env_*) under hostile calls.
//
// The input is read as a little program over two env slots: each call picks
// an operation, an env (or NULL) and its arguments: options with bad
// layouts, dtypes, rewards, levels and sizes, game counts in and out of range,
// action arrays of the wrong length with actions legal, illegal, out of
// range or -1, game indices and players past the end, NULL or short output
// arrays, buffer sets with NULL members or a size that does not cover them.
// Any status is fine; a crash, a leak, undefined behaviour or a broken
// convention is not: a failed call leaves a one-line message, changes
// nothing it reports on, and after an OK step every game's mask in the
// buffers just written is exactly its legal actions. Buffers are heap blocks
// of exactly the env's size, so AddressSanitizer sees any write past them.
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

class Input : public ByteReader {
 public:
  using ByteReader::ByteReader;
  // Mostly lo..hi, sometimes just outside, sometimes extreme.
  int num(int lo, int hi) {
    const uint8_t k = u8();
    switch (k % 8) {
      case 0: return lo - 1;
      case 1: return hi + 1;
      case 2: return k & 8 ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max();
      default: return lo + static_cast<int>(u8() % static_cast<unsigned>(hi - lo + 1));
    }
  }
  // A count: small and valid, or a size the call must refuse.
  size_t count(size_t want) {
    switch (u8() % 6) {
      case 0: return 0;
      case 1: return want + 1;
      case 2: return want > 0 ? want - 1 : 0;
      case 3: return std::numeric_limits<size_t>::max();
      default: return want;
    }
  }
  const char* level() {
    // (not the searching levels: a fuzz input must stay fast)
    static const char* const kLevels[] = {"easy", "normal", "", "Easy", "normal ", "god",
                                          "\x01\xff", nullptr};
    return kLevels[u8() % (sizeof kLevels / sizeof kLevels[0])];
  }
};

void check_status(sh_status st) {
  FUZZ_CHECK(st >= SH_OK && st <= SH_ERR_LIMIT, "status %d out of range", st);
  FUZZ_CHECK(st != SH_ERR_INTERNAL, "internal error: %s", sh_last_error());
  FUZZ_CHECK(st != SH_ERR_MEMORY, "out of memory: %s", sh_last_error());
  if (st != SH_OK) check_message(sh_last_error());
}

// One env and the buffers sized for it (two sets, as Python uses them).
struct Slot {
  sh_env* env = nullptr;
  sh_env_spec spec{};
  struct Set {
    std::unique_ptr<uint8_t[]> obs, mask, term, trunc;
    std::unique_ptr<float[]> rewards;
    std::unique_ptr<int32_t[]> to_play;
  } sets[2];
  bool written[2] = {false, false};  // the set's mask was written by the last reset/step through it

  void take(sh_env* e) {
    sh_env_free(env);
    env = e;
    written[0] = written[1] = false;
    if (!env) return;
    spec = {};
    spec.size = sizeof spec;
    FUZZ_CHECK(sh_env_spec_get(env, &spec) == SH_OK, "spec of a live env: %s", sh_last_error());
    const size_t n = spec.num_envs;
    FUZZ_CHECK(n >= 1 && n <= 8, "num_envs %zu", n);
    for (Set& s : sets) {
      s.obs.reset(new uint8_t[n * spec.obs_bytes]);
      s.mask.reset(new uint8_t[n * SH_ENV_NUM_ACTIONS]);
      s.term.reset(new uint8_t[n]);
      s.trunc.reset(new uint8_t[n]);
      s.rewards.reset(new float[n * static_cast<size_t>(spec.num_players)]);
      s.to_play.reset(new int32_t[n]);
    }
  }
  // The buffers of set k, some members left out, and a size that may not
  // cover them.
  sh_env_buffers buffers(Input& in, int k, bool* has_mask) {
    Set& s = sets[k];
    sh_env_buffers b{};
    const uint8_t drop = in.u8() % 4 == 0 ? in.u8() : 0;
    b.size = in.u8() % 8 == 0 ? in.u8() % sizeof b : sizeof b;
    b.obs = drop & 1 ? nullptr : s.obs.get();
    b.mask = drop & 2 ? nullptr : s.mask.get();
    b.rewards = drop & 4 ? nullptr : s.rewards.get();
    b.terminated = drop & 8 ? nullptr : s.term.get();
    b.truncated = drop & 16 ? nullptr : s.trunc.get();
    b.to_play = drop & 32 ? nullptr : s.to_play.get();
    *has_mask = b.mask != nullptr;
    return b;
  }
};

// After an OK reset/step through set k: each game's mask is its legal actions.
void check_masks(Slot& s, int k) {
  const size_t n = s.spec.num_envs;
  std::vector<int32_t> legal(SH_MAX_MOVES);
  for (size_t i = 0; i < n; ++i) {
    size_t count = 0;
    FUZZ_CHECK(sh_env_legal_actions(s.env, i, legal.data(), legal.size(), &count) == SH_OK,
               "legal actions: %s", sh_last_error());
    const uint8_t* m = s.sets[k].mask.get() + i * SH_ENV_NUM_ACTIONS;
    size_t set = 0, j = 0;
    for (int a = 0; a < SH_ENV_NUM_ACTIONS; ++a) {
      FUZZ_CHECK(m[a] <= 1, "mask byte %d of game %zu is %d", a, i, m[a]);
      if (!m[a]) continue;
      ++set;
      FUZZ_CHECK(j < count && legal[j] == a, "game %zu: mask entry %d is not a legal action", i, a);
      ++j;
    }
    FUZZ_CHECK(set == count, "game %zu: %zu mask entries, %zu legal actions", i, set, count);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  Input in(data, size);
  sh_rules* rules = nullptr;
  Slot slots[2];
  auto S = [&]() -> Slot* { const uint8_t k = in.u8() % 3; return k < 2 ? &slots[k] : nullptr; };
  auto E = [&](Slot* s) -> sh_env* { return s ? s->env : nullptr; };
  static const char* const kPresets[] = {"classic-2", "classic-3", "pairs-2x2", "japanese-2",
                                         "long-jumps-6", "race-2", "classic-7"};
  int ops = 0;
  while (!in.done() && ops++ < 100) {
    const uint8_t op = in.u8();
    switch (op % 18) {
      case 0: {  // a table
        sh_rules* h = nullptr;
        const sh_status st = sh_rules_new(kPresets[in.u8() % 7], &h);
        check_status(st);
        if (st == SH_OK) {
          sh_rules_free(rules);
          rules = h;
          if (in.u8() % 4 == 0) check_status(sh_rules_set_option(rules, "deadline", "none"));
        }
        break;
      }
      case 1: {  // a new env: options NULL, default or hostile; counts in and out of range
        sh_env_options o;
        check_status(sh_env_options_init(in.u8() % 8 == 0 ? nullptr : &o, sizeof o));
        sh_env_options_init(&o, sizeof o);
        const uint8_t how = in.u8();
        if (how & 1) o.layout = in.num(0, 1);
        if (how & 2) o.dtype = in.num(0, 1);
        if (how & 4) o.reward = in.num(0, 1);
        if (how & 8) o.max_turns = in.num(0, 40);
        if (how & 16) o.auto_reset = in.u8() % 2;
        if (how & 32) o.record = in.u8() % 2;
        if (how & 64) o.opponents[in.u8() % 6] = in.level();
        if (how & 128) o.size = in.u8() % sizeof o;
        size_t n = 1 + in.u8() % 4;
        if (in.u8() % 8 == 0) n = in.u8() % 2 ? 0 : (in.u8() % 2 ? SH_ENV_MAX_ENVS + 1 : std::numeric_limits<size_t>::max());
        Slot* s = S();
        sh_env* h = nullptr;
        const sh_status st = sh_env_new(in.u8() % 8 ? rules : nullptr, in.u8() % 4 ? &o : nullptr, n,
                                        s ? &h : nullptr);
        check_status(st);
        FUZZ_CHECK(st == SH_OK || h == nullptr, "failed sh_env_new wrote a handle");
        if (st == SH_OK) s->take(h);
        break;
      }
      case 2: {  // clone
        Slot* from = S();
        Slot* to = S();
        sh_env* h = nullptr;
        const sh_status st = sh_env_clone(E(from), to ? &h : nullptr);
        check_status(st);
        if (st == SH_OK) to->take(h);
        break;
      }
      case 3: { Slot* s = S(); if (s) s->take(nullptr); break; }
      case 4: {  // spec, with a size that may not cover it
        sh_env_spec spec{};
        spec.size = in.u8() % 4 ? sizeof spec : in.u8() % sizeof spec;
        check_status(sh_env_spec_get(E(S()), in.u8() % 8 ? &spec : nullptr));
        (void)sh_env_error(E(S()));
        break;
      }
      case 5: {  // reset
        Slot* s = S();
        if (!s || !s->env) { check_status(sh_env_reset(nullptr, 1, nullptr)); break; }
        const int k = in.u8() % 2;
        bool has_mask = false;
        const sh_env_buffers b = s->buffers(in, k, &has_mask);
        const sh_status st = sh_env_reset(s->env, in.u64(), in.u8() % 8 ? &b : nullptr);
        check_status(st);
        if (st == SH_OK && has_mask) {
          s->written[k] = true;
          check_masks(*s, k);
        }
        break;
      }
      case 6: case 7: case 8: {  // step: sampled, mixed or wild actions, a count that may be wrong
        Slot* s = S();
        if (!s || !s->env) { int32_t a = 0; check_status(sh_env_step(nullptr, &a, 1, nullptr)); break; }
        const size_t n = s->spec.num_envs;
        std::unique_ptr<int32_t[]> acts(new int32_t[n]);
        check_status(sh_env_sample_legal(s->env, acts.get(), n));
        const uint8_t how = in.u8();
        for (size_t i = 0; i < n; ++i)
          if (how & (1u << (i % 8)) && in.u8() % 2) acts[i] = in.num(-1, SH_ENV_NUM_ACTIONS - 1);
        const int k = in.u8() % 2;
        bool has_mask = false;
        const sh_env_buffers b = s->buffers(in, k, &has_mask);
        int before = 0;
        check_status(sh_env_status(s->env, 0, nullptr, &before, nullptr, nullptr));
        const size_t cnt = in.u8() % 4 ? n : in.count(n);
        const sh_status st = sh_env_step(s->env, in.u8() % 16 ? acts.get() : nullptr,
                                         cnt, in.u8() % 16 ? &b : nullptr);
        check_status(st);
        if (st != SH_OK) {  // all or nothing
          int after = 0;
          check_status(sh_env_status(s->env, 0, nullptr, &after, nullptr, nullptr));
          FUZZ_CHECK(after == before, "a failed step moved game 0 from turn %d to %d", before, after);
        } else if (has_mask) {
          check_masks(*s, k);
        }
        break;
      }
      case 9: {  // sampler with a short or NULL array
        Slot* s = S();
        const size_t n = s && s->env ? s->spec.num_envs : 1;
        const size_t cnt = in.count(n);
        std::unique_ptr<int32_t[]> acts(new int32_t[n]);
        check_status(sh_env_sample_legal(E(s), in.u8() % 8 ? acts.get() : nullptr, cnt > n ? n + 1 : cnt));
        break;
      }
      case 10: {  // legal actions of any index into a NULL, short or long array
        Slot* s = S();
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        const size_t cap = in.u8() % 3 == 0 ? 0 : (in.u8() % 2 ? 1 + in.u8() % 8 : SH_MAX_MOVES);
        std::unique_ptr<int32_t[]> out(cap ? new int32_t[cap] : nullptr);
        size_t count = 0;
        const bool counted = in.u8() % 8 != 0;
        const sh_status st = sh_env_legal_actions(E(s), i, out.get(), cap, counted ? &count : nullptr);
        check_status(st);
        if (counted && st == SH_OK && cap) FUZZ_CHECK(count <= cap, "count %zu > cap %zu", count, cap);
        if (counted && st == SH_ERR_BUFFER)
          FUZZ_CHECK(count > cap, "SH_ERR_BUFFER with count %zu <= cap %zu", count, cap);
        break;
      }
      case 11: {  // status, any index, any outputs NULL
        int a = 0, b = 0, c = 0, d = 0;
        const uint8_t m = in.u8();
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        check_status(sh_env_status(E(S()), i, m & 1 ? &a : nullptr, m & 2 ? &b : nullptr,
                                   m & 4 ? &c : nullptr, m & 8 ? &d : nullptr));
        break;
      }
      case 12: {  // an engine's move: any level text
        int32_t a = 0;
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        Slot* s = S();
        const sh_status st = sh_env_engine_action(E(s), i, in.level(), in.u64(), in.u8() % 8 ? &a : nullptr);
        check_status(st);
        break;
      }
      case 13: {  // an observation of any game and player into a buffer of any size
        Slot* s = S();
        const size_t want = s && s->env ? s->spec.obs_bytes : 16;
        const size_t bytes = in.count(want);
        const size_t alloc = bytes > want + 1 ? want + 1 : bytes;
        std::unique_ptr<uint8_t[]> out(alloc ? new uint8_t[alloc] : nullptr);
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        check_status(sh_env_observe(E(s), i, in.num(0, 5), in.u8() % 8 ? out.get() : nullptr,
                                    bytes > alloc ? alloc : bytes));
        break;
      }
      case 14: {  // returns into an array of any length
        Slot* s = S();
        const size_t want = s && s->env ? static_cast<size_t>(s->spec.num_players) : 2;
        const size_t n = in.count(want);
        const size_t alloc = n > want + 1 ? want + 1 : n;
        std::unique_ptr<float[]> out(new float[alloc + 1]);
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        check_status(sh_env_returns(E(s), i, in.u8() % 8 ? out.get() : nullptr, n > alloc ? alloc : n));
        break;
      }
      case 15: {  // a game's position and record
        Slot* s = S();
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        sh_position* p = nullptr;
        check_status(sh_env_position(E(s), i, in.u8() % 8 ? &p : nullptr));
        sh_position_free(p);
        const size_t cap = in.u8() % 2 ? 0 : (in.u8() % 2 ? 8 : 4096);
        std::unique_ptr<char[]> buf(cap ? new char[cap] : nullptr);
        size_t needed = 0;
        const sh_status st = sh_env_record(E(s), i, buf.get(), cap, &needed);
        check_status(st);
        if (st == SH_OK && cap) FUZZ_CHECK(std::strlen(buf.get()) + 1 == needed, "record length");
        break;
      }
      case 16: {  // playouts: counts, epsilons (NaN too) and turns in and out of range
        Slot* s = S();
        const size_t want = s && s->env ? static_cast<size_t>(s->spec.num_players) : 2;
        float out[8];
        static const double kEps[] = {0.0, 0.5, 1.0, -0.1, 1.5, std::numeric_limits<double>::quiet_NaN()};
        const int n = in.u8() % 4 ? in.u8() % 3 : in.num(0, 1000000) % 3 == 0 ? -1 : 1000001;
        const int turns = in.u8() % 4 ? in.u8() % 12 : (in.u8() % 2 ? -1 : 100001);
        const size_t n_out = in.u8() % 4 ? want : in.u8() % 8;
        const size_t i = static_cast<size_t>(static_cast<unsigned>(in.num(0, 4)));
        check_status(sh_env_playouts(E(s), i, n, kEps[in.u8() % 6], turns, in.u64(),
                                     in.u8() % 8 ? out : nullptr, n_out));
        break;
      }
      case 17: {  // symmetries: NULL pairs, short arrays
        int rot[12], refl[12];
        const size_t cap = in.u8() % 13;
        size_t count = 0;
        const uint8_t m = in.u8();
        const sh_status st = sh_env_symmetries(E(S()), m & 1 ? rot : nullptr, m & 2 ? refl : nullptr,
                                               cap, m & 4 ? &count : nullptr);
        check_status(st);
        break;
      }
    }
  }
  for (Slot& s : slots) s.take(nullptr);
  sh_rules_free(rules);
  return 0;
}
