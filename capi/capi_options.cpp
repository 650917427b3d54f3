// capi_options.cpp — rule options by name as text, for the C ABI.
//
// Interim table of its own until include/sternhalma/options.h lands; the
// names follow the Rules fields.
#include <functional>
#include <string>
#include <vector>

#include "capi_internal.h"
#include "sternhalma/presets.h"

using namespace sternhalma;
using namespace sh_capi;

namespace {

struct Option {
  const char* name;
  std::function<std::string(const Rules&)> get;
  std::function<bool(Rules&, const std::string&)> set;  // false: bad value
  const char* values;
};

bool parse_bool(const std::string& v, bool& out) {
  if (v == "true" || v == "yes" || v == "on" || v == "1") return out = true, true;
  if (v == "false" || v == "no" || v == "off" || v == "0") return out = false, true;
  return false;
}
bool parse_int(const std::string& v, int& out) {
  if (v.empty() || v.size() > 9) return false;
  for (char c : v)
    if (c < '0' || c > '9') return false;
  out = std::stoi(v);
  return true;
}

template <class E>
Option enum_opt(const char* name, E Rules::*field, std::vector<const char*> names, const char* values) {
  return {name,
          [=](const Rules& r) { return std::string(names[static_cast<size_t>(r.*field)]); },
          [=](Rules& r, const std::string& v) {
            for (size_t i = 0; i < names.size(); ++i)
              if (v == names[i]) return r.*field = static_cast<E>(i), true;
            return false;
          },
          values};
}
Option bool_opt(const char* name, bool Rules::*field) {
  return {name, [=](const Rules& r) { return std::string(r.*field ? "true" : "false"); },
          [=](Rules& r, const std::string& v) { return parse_bool(v, r.*field); }, "true|false"};
}
Option int_opt(const char* name, int Rules::*field, const char* values) {
  return {name, [=](const Rules& r) { return std::to_string(r.*field); },
          [=](Rules& r, const std::string& v) { return parse_int(v, r.*field); }, values};
}

const std::vector<Option>& options() {
  static const std::vector<Option> kOptions = {
      {"id", [](const Rules& r) { return r.id; },
       [](Rules& r, const std::string& v) { return !v.empty() && v.find_first_of(" \t\n") == std::string::npos ? (r.id = v, true) : false; },
       "a name without spaces"},
      {"seats",
       [](const Rules& r) {
         std::string s;
         for (int p = 0; p < kMaxSeats; ++p)
           if (r.plays(p)) s += (s.empty() ? "" : ",") + std::to_string(p);
         return s;
       },
       [](Rules& r, const std::string& v) {
         uint8_t m = 0;
         for (size_t i = 0; i < v.size(); i += 2) {
           if (v[i] < '0' || v[i] > '5' || (i + 1 < v.size() && v[i + 1] != ',')) return false;
           m |= static_cast<uint8_t>(1 << (v[i] - '0'));
         }
         if (m == 0) return false;
         r.seats = m;
         return true;
       },
       "points, e.g. 0,3"},
      int_opt("first_seat", &Rules::first_seat, "a played point 0..5"),
      int_opt("marbles", &Rules::marbles, "10|15"),
      enum_opt("jumps", &Rules::jumps, {"standard", "long", "king"}, "standard|long|king"),
      enum_opt("zones", &Rules::zones, {"free", "closed", "no-entry"}, "free|closed|no-entry"),
      bool_opt("goal_lock", &Rules::goal_lock),
      bool_opt("anti_blocking", &Rules::anti_blocking),
      bool_opt("teams", &Rules::teams),
      bool_opt("partner_moves", &Rules::partner_moves),
      enum_opt("end", &Rules::end, {"play-to-end", "first-arrival"}, "play-to-end|first-arrival"),
      bool_opt("last_reply", &Rules::last_reply),
      int_opt("deadline", &Rules::deadline, "moves, 0 = none"),
      enum_opt("limit_unit", &Rules::limit_unit, {"none", "turns", "rounds"}, "none|turns|rounds"),
      int_opt("limit", &Rules::limit, "turns or rounds"),
      bool_opt("limit_draw_if_none_arrived", &Rules::limit_draw_if_none_arrived),
      bool_opt("no_progress", &Rules::no_progress),
      bool_opt("repetition", &Rules::repetition),
      enum_opt("ranking", &Rules::ranking, {"goal-then-distance", "tip-distance"},
               "goal-then-distance|tip-distance"),
      enum_opt("resign", &Rules::resign, {"ends-game", "out"}, "ends-game|out"),
      enum_opt("flag", &Rules::flag, {"resign", "best-move"}, "resign|best-move"),
  };
  return kOptions;
}

const Option* find(const char* name) {
  for (const Option& o : options())
    if (std::string_view(o.name) == name) return &o;
  return nullptr;
}

std::string names() {
  std::string s;
  for (const Option& o : options()) s += (s.empty() ? "" : ", ") + std::string(o.name);
  return s;
}

}  // namespace

SH_API sh_status sh_rules_get_option(const sh_rules* rules, const char* name, char* buf,
                                     size_t size, size_t* needed) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    if (name == nullptr) return null_arg(&rules->error, "name");
    const Option* o = find(name);
    if (o == nullptr)
      return fail(&rules->error, SH_ERR_OPTION,
                  std::string("unknown rule option '") + name + "' (options: " + names() + ")");
    return put_text(&rules->error, o->get(rules->rules), buf, size, needed);
  });
}

SH_API sh_status sh_rules_set_option(sh_rules* rules, const char* name, const char* value) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    if (name == nullptr) return null_arg(&rules->error, "name");
    if (value == nullptr) return null_arg(&rules->error, "value");
    const Option* o = find(name);
    if (o == nullptr)
      return fail(&rules->error, SH_ERR_OPTION,
                  std::string("unknown rule option '") + name + "' (options: " + names() + ")");
    Rules r = rules->rules;  // all or nothing
    if (!o->set(r, value))
      return fail(&rules->error, SH_ERR_OPTION,
                  std::string("rule option ") + name + ": bad value '" + value + "' (" + o->values + ")");
    if (const absl::Status v = validate(r); !v.ok())
      return fail(&rules->error, SH_ERR_OPTION,
                  std::string("rule option ") + name + "=" + value + ": " + std::string(v.message()));
    rules->rules = std::move(r);
    return SH_OK;
  });
}

SH_API sh_status sh_rules_describe(const sh_rules* rules, char* buf, size_t size, size_t* needed) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    std::string s;
    for (const Option& o : options()) s += std::string(o.name) + "=" + o.get(rules->rules) + "\n";
    return put_text(&rules->error, s, buf, size, needed);
  });
}
