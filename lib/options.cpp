// Options: the Rules fields by name, as text (see options.h for the list).
//
// One table drives describe, get_option and set_option, so a new field of
// Rules needs one row here and nothing else.
#include "sternhalma/options.h"

#include <initializer_list>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "sternhalma/presets.h"   // find_preset, for derived_id
#include "sternhalma/text.h"

namespace sternhalma {
namespace {

std::string_view trim(std::string_view s) {
  return text::sv(absl::StripAsciiWhitespace(text::av(s)));
}

absl::Status bad(std::string_view name, std::string_view value, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("option ", text::av(name), ": ", text::quote(value), " ", text::av(what)));
}

// A value that names one of a few choices.
template <class T>
struct Choice {
  std::string_view word;
  T value;
};

template <class T>
std::string word_of(std::initializer_list<Choice<T>> choices, T v) {
  for (const auto& c : choices)
    if (c.value == v) return std::string(c.word);
  return "?";
}

template <class T>
absl::Status parse_choice(std::string_view name, std::string_view value,
                          std::initializer_list<Choice<T>> choices, T* out) {
  for (const auto& c : choices)
    if (c.word == value) {
      *out = c.value;
      return absl::OkStatus();
    }
  std::string list;
  for (const auto& c : choices) absl::StrAppend(&list, list.empty() ? "" : ", ", text::av(c.word));
  return bad(name, value, absl::StrCat("is not one of ", list));
}

absl::Status parse_bool(std::string_view name, std::string_view v, bool* out) {
  if (v == "yes" || v == "on" || v == "true" || v == "1") {
    *out = true;
    return absl::OkStatus();
  }
  if (v == "no" || v == "off" || v == "false" || v == "0") {
    *out = false;
    return absl::OkStatus();
  }
  return bad(name, v, "is not one of yes, no");
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

// The free-text values (id, names, description): what the option syntax can
// carry and read back. set_options splits at ';' and line ends, so neither may
// occur; a control byte (escapes, NUL, tab) is never text; lengths are bounded
// so that a table's description stays a few lines. The one check for all three.
struct TextRule {
  size_t max;            // bytes
  bool token;            // only letters, digits and - _ . +
  std::string_view what; // for the error
};
constexpr TextRule kIdText{32, true, "an id is 1 to 32 letters, digits and - _ . + (one token of a position line)"};
constexpr TextRule kNameText{32, false, "a seat name is 1 to 32 bytes of text without ';' or control characters"};
constexpr TextRule kDescriptionText{200, false,
                                   "a description is up to 200 bytes of text without ';' or control characters"};

absl::Status check_text(std::string_view name, std::string_view full, std::string_view v,
                        const TextRule& rule) {
  if (v.size() > rule.max) return bad(name, full, absl::StrCat("is longer than ", rule.max, " bytes: ", text::av(rule.what)));
  for (const char ch : v) {
    const unsigned char c = static_cast<unsigned char>(ch);
    const bool ok = rule.token ? absl::ascii_isalnum(c) || c == '-' || c == '_' || c == '.' || c == '+'
                               : c >= 0x20 && c != 0x7f && c != ';';
    if (!ok) return bad(name, full, absl::StrCat("has ", text::quote(std::string_view(&ch, 1)), ": ", text::av(rule.what)));
  }
  return absl::OkStatus();
}

// A point digit 0..5 or a seat letter W R B K Y G; -1 otherwise.
int point_from_char(char c) {
  if (c >= '0' && c <= '5') return c - '0';
  return seat_from_letter(c);
}

const std::initializer_list<Choice<JumpRule>> kJumps = {
    {"standard", JumpRule::kStandard}, {"long", JumpRule::kLong}, {"king", JumpRule::kKing}};
const std::initializer_list<Choice<ZoneRule>> kZones = {
    {"free", ZoneRule::kFree}, {"closed", ZoneRule::kClosed}, {"no-entry", ZoneRule::kNoEntry}};
const std::initializer_list<Choice<GoalLock>> kGoalLocks = {
    {"yes", GoalLock::kYes}, {"no", GoalLock::kNo}, {"strict", GoalLock::kStrict}};
const std::initializer_list<Choice<Repetition>> kRepetitions = {
    {"yes", Repetition::kRanked}, {"no", Repetition::kOff}, {"draw", Repetition::kDraw}};
const std::initializer_list<Choice<EndRule>> kEnds = {
    {"to-the-end", EndRule::kPlayToEnd}, {"first-arrival", EndRule::kFirstArrival}};
const std::initializer_list<Choice<Ranking>> kRankings = {
    {"goal-distance", Ranking::kGoalThenDistance}, {"tip-distance", Ranking::kTipDistance}};
const std::initializer_list<Choice<ResignRule>> kResigns = {
    {"ends-game", ResignRule::kEndsGame}, {"out", ResignRule::kOut}};
const std::initializer_list<Choice<FlagRule>> kFlags = {
    {"resign", FlagRule::kResign}, {"best-move", FlagRule::kBestMove}};

struct Option {
  std::string_view name;
  std::string (*get)(const Rules&);
  // Parses `v` (already trimmed) and sets the field; changes nothing on error.
  absl::Status (*set)(Rules&, std::string_view name, std::string_view v);
};

#define STERNHALMA_FLAG_OPTION(NAME, FIELD)                                         \
  Option {                                                                          \
    NAME, [](const Rules& r) { return yes_no(r.FIELD); },                           \
        [](Rules& r, std::string_view n, std::string_view v) {                      \
          return parse_bool(n, v, &r.FIELD);                                        \
        }                                                                           \
  }
#define STERNHALMA_CHOICE_OPTION(NAME, FIELD, CHOICES)                              \
  Option {                                                                          \
    NAME, [](const Rules& r) { return word_of(CHOICES, r.FIELD); },                 \
        [](Rules& r, std::string_view n, std::string_view v) {                      \
          return parse_choice(n, v, CHOICES, &r.FIELD);                             \
        }                                                                           \
  }
// A flag grown a third value: yes and no keep their alternatives (on/off,
// true/false, 1/0), so settings written for the flag still read.
#define STERNHALMA_FLAG_CHOICE_OPTION(NAME, FIELD, CHOICES, NO, YES)                \
  Option {                                                                          \
    NAME, [](const Rules& r) { return word_of(CHOICES, r.FIELD); },                 \
        [](Rules& r, std::string_view n, std::string_view v) {                      \
          bool flag = false;                                                        \
          if (parse_bool(n, v, &flag).ok()) {                                       \
            r.FIELD = flag ? YES : NO;                                              \
            return absl::OkStatus();                                                \
          }                                                                         \
          return parse_choice(n, v, CHOICES, &r.FIELD);                             \
        }                                                                           \
  }

const Option kOptions[] = {
    {"id", [](const Rules& r) { return r.id; },
     [](Rules& r, std::string_view n, std::string_view v) {
       if (v.empty()) return bad(n, v, "is empty");
       if (absl::Status st = check_text(n, v, v, kIdText); !st.ok()) return st;
       r.id = std::string(v);
       return absl::OkStatus();
     }},
    {"seats",
     [](const Rules& r) {
       std::string out;
       for (int p = 0; p < kMaxSeats; ++p)
         if (r.plays(p)) absl::StrAppend(&out, out.empty() ? "" : ",", p);
       return out;
     },
     [](Rules& r, std::string_view n, std::string_view v) {
       uint8_t mask = 0;
       int count = 0;
       for (char c : v) {
         if (c == ',' || c == ' ') continue;
         const int p = point_from_char(c);
         if (p < 0)
           return bad(n, v, absl::StrCat("has ", text::quote(std::string_view(&c, 1)),
                                         ", not a point 0..5 or a seat letter W R B K Y G"));
         if ((mask >> p) & 1)
           return bad(n, v, absl::StrCat("names point ", p, " twice"));
         mask = static_cast<uint8_t>(mask | (1 << p));
         ++count;
       }
       if (count == 0) return bad(n, v, "names no point (e.g. 0,3 or WK)");
       r.seats = mask;
       return absl::OkStatus();
     }},
    {"first-seat", [](const Rules& r) { return absl::StrCat(r.first_seat); },
     [](Rules& r, std::string_view n, std::string_view v) {
       const int p = v.size() == 1 ? point_from_char(v[0]) : -1;
       if (p < 0) return bad(n, v, "is not a point 0..5 or a seat letter W R B K Y G");
       r.first_seat = p;
       return absl::OkStatus();
     }},
    {"marbles", [](const Rules& r) { return absl::StrCat(r.marbles); },
     [](Rules& r, std::string_view n, std::string_view v) {
       if (v == "10") r.marbles = 10;
       else if (v == "15") r.marbles = 15;
       else return bad(n, v, "is not one of 10, 15");
       return absl::OkStatus();
     }},
    STERNHALMA_CHOICE_OPTION("jumps", jumps, kJumps),
    STERNHALMA_CHOICE_OPTION("zones", zones, kZones),
    STERNHALMA_FLAG_CHOICE_OPTION("goal-lock", goal_lock, kGoalLocks, GoalLock::kNo, GoalLock::kYes),
    STERNHALMA_FLAG_OPTION("anti-blocking", anti_blocking),
    STERNHALMA_FLAG_OPTION("teams", teams),
    STERNHALMA_FLAG_OPTION("partner-moves", partner_moves),
    STERNHALMA_CHOICE_OPTION("end", end, kEnds),
    STERNHALMA_FLAG_OPTION("last-reply", last_reply),
    {"deadline",
     [](const Rules& r) { return r.deadline ? absl::StrCat(r.deadline) : std::string("none"); },
     [](Rules& r, std::string_view n, std::string_view v) {
       long long k = 0;
       if (v == "none") k = 0;
       else if (!text::parse_count(v, &k) || k > 100000)
         return bad(n, v, "is not a number of moves (0..100000) or 'none'");
       r.deadline = static_cast<int>(k);
       return absl::OkStatus();
     }},
    {"limit",
     [](const Rules& r) {
       switch (r.limit_unit) {
         case LimitUnit::kTurns: return absl::StrCat(r.limit, " turns");
         case LimitUnit::kRounds: return absl::StrCat(r.limit, " rounds");
         case LimitUnit::kNone: break;
       }
       return std::string("none");
     },
     [](Rules& r, std::string_view n, std::string_view v) {
       if (v == "none") {
         r.limit_unit = LimitUnit::kNone;
         r.limit = 0;
         return absl::OkStatus();
       }
       const std::vector<std::string_view> t = text::tokens(v);
       long long k = 0;
       LimitUnit unit = LimitUnit::kNone;
       if (t.size() == 2) {
         if (t[1] == "turns" || t[1] == "turn") unit = LimitUnit::kTurns;
         if (t[1] == "rounds" || t[1] == "round") unit = LimitUnit::kRounds;
       }
       if (unit == LimitUnit::kNone || !text::parse_count(t[0], &k) || k < 1 || k > 1000000)
         return bad(n, v, "is not '<n> turns', '<n> rounds' (n 1..1000000) or 'none'");
       r.limit_unit = unit;
       r.limit = static_cast<int>(k);
       return absl::OkStatus();
     }},
    STERNHALMA_FLAG_OPTION("limit-draw", limit_draw_if_none_arrived),
    STERNHALMA_FLAG_OPTION("no-progress", no_progress),
    STERNHALMA_FLAG_CHOICE_OPTION("repetition", repetition, kRepetitions, Repetition::kOff,
                                  Repetition::kRanked),
    STERNHALMA_CHOICE_OPTION("ranking", ranking, kRankings),
    STERNHALMA_CHOICE_OPTION("resign", resign, kResigns),
    STERNHALMA_CHOICE_OPTION("flag", flag, kFlags),
    {"names", [](const Rules& r) { return absl::StrJoin(r.names, ","); },
     [](Rules& r, std::string_view n, std::string_view v) {
       const std::vector<std::string_view> parts = text::split(v, ',');
       if (parts.size() != kMaxSeats)
         return bad(n, v,
                    absl::StrCat("is not 6 comma-separated names in point order "
                                 "(W R B K Y G), it has ",
                                 parts.size()));
       std::array<std::string, kMaxSeats> names;
       for (int i = 0; i < kMaxSeats; ++i) {
         const std::string_view one = trim(parts[i]);
         if (one.empty())
           return bad(n, v, absl::StrCat("has an empty name for seat ",
                                         std::string(1, seat_letter(i))));
         if (absl::Status st = check_text(n, v, one, kNameText); !st.ok()) return st;
         names[i] = std::string(one);
       }
       r.names = std::move(names);
       return absl::OkStatus();
     }},
    {"description", [](const Rules& r) { return r.description; },
     [](Rules& r, std::string_view n, std::string_view v) {
       if (v.find_first_of("\r\n") != std::string_view::npos)
         return bad(n, v, "is more than one line");
       if (absl::Status st = check_text(n, v, v, kDescriptionText); !st.ok()) return st;
       r.description = std::string(v);
       return absl::OkStatus();
     }},
};

#undef STERNHALMA_FLAG_OPTION
#undef STERNHALMA_CHOICE_OPTION
#undef STERNHALMA_FLAG_CHOICE_OPTION

const Option* find_option(std::string_view name) {
  for (const Option& o : kOptions)
    if (o.name == name) return &o;
  return nullptr;
}

absl::Status unknown(std::string_view name) {
  return absl::InvalidArgumentError(absl::StrCat("unknown option ", text::quote(name)));
}

}  // namespace

const std::vector<std::string_view>& option_names() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> v;
    for (const Option& o : kOptions) v.push_back(o.name);
    return v;
  }();
  return kNames;
}

std::vector<std::pair<std::string, std::string>> describe(const Rules& rules) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Option& o : kOptions) out.emplace_back(std::string(o.name), o.get(rules));
  return out;
}

absl::StatusOr<std::string> get_option(const Rules& rules, std::string_view name) {
  const Option* o = find_option(trim(name));
  if (o == nullptr) return unknown(name);
  return o->get(rules);
}

absl::Status set_option(Rules& rules, std::string_view name, std::string_view value) {
  if (absl::Status s = text::check_size(value, "option value", kMaxTextBytes); !s.ok()) return s;
  const Option* o = find_option(trim(name));
  if (o == nullptr) return unknown(name);
  return o->set(rules, o->name, trim(value));
}

absl::Status check_options(const Rules& rules) {
  for (const Option& o : kOptions) {
    const std::string value = o.get(rules);
    Rules copy = rules;
    if (absl::Status st = o.set(copy, o.name, trim(value)); !st.ok()) return st;
    if (!(copy == rules))
      return absl::InvalidArgumentError(absl::StrCat("option ", text::av(o.name), ": ", text::quote(value),
                                                     " does not read back as the same rules"));
  }
  return absl::OkStatus();
}

absl::Status set_options(Rules& rules, std::string_view settings) {
  if (absl::Status s = text::check_size(settings, "settings text", kMaxTextBytes); !s.ok()) return s;
  Rules copy = rules;
  int index = 0;
  for (std::string_view line : text::split(settings, '\n'))
    for (std::string_view item : text::split(line, ';')) {
      item = trim(item);
      if (item.empty() || item[0] == '#') continue;
      ++index;
      const size_t eq = item.find('=');
      if (eq == std::string_view::npos)
        return absl::InvalidArgumentError(absl::StrCat(
            "setting ", index, " ", text::quote(item), ": expected 'name = value'"));
      const absl::Status st = set_option(copy, item.substr(0, eq), item.substr(eq + 1));
      if (!st.ok())
        return absl::InvalidArgumentError(
            absl::StrCat("setting ", index, ": ", st.message()));
    }
  rules = std::move(copy);
  return absl::OkStatus();
}

std::string derived_id(const Rules& rules) {
  const Rules* base = find_preset(rules.id);
  if (!base || *base == rules) return rules.id;
  const auto a = describe(*base), b = describe(rules);
  uint32_t h = 2166136261u;  // FNV-1a, 32 bits
  for (size_t k = 0; k < b.size(); ++k) {
    if (a[k].second == b[k].second) continue;
    for (char c : absl::StrCat(b[k].first, "=", b[k].second, ";")) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  }
  return absl::StrCat(rules.id, "+", absl::Hex(h, absl::kZeroPad8));
}

}  // namespace sternhalma
