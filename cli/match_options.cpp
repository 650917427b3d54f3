// parse_match_options (match_options.h): every argument of `match` read and
// checked, every file it names opened, before the first game.
#include "match_options.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine.h"
#include "match_limits.h"
#include "sternhalma/compact121.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

// Every game the referee plays fits in one protocol `position` line.
static_assert(kMaxTurnCap <= static_cast<long long>(engine::kMaxPositionMoves));

namespace {

constexpr const char* kOptionList =
    "--preset ID --set \"id=NAME;name=value;...\" --players P1,P2[,...] --engine NAME=COMMAND "
    "--engine NAME=ccp:COMMAND --engine-option NAME:OPT=VALUE --games N --games-range A:B --seed S "
    "--movetime MS --budget-ms MS --budget-nodes K --tc SECONDS[+INCREMENT] --max-turns T "
    "--concurrency N --threads N --openings FILE --record DIR --jsonl FILE --resume "
    "--sprt elo0=A,elo1=B[,alpha=X,beta=Y] --json";

bool parse_number(const std::string& text, long long lo, long long hi, long long* out) {
  long long n = 0;
  if (!text::parse_count(text, &n) || n < lo || n > hi) return false;
  *out = n;
  return true;
}

// A decimal number of seconds ("60", "0.5", "2.125") in milliseconds.
bool parse_seconds(std::string_view s, int64_t* ms) {
  const size_t dot = s.find('.');
  long long whole = 0, frac = 0;
  const std::string_view w = s.substr(0, dot);
  if (w.empty() || !text::parse_count(w, &whole) || whole > kMaxClockMs / 1000) return false;
  int64_t f = 0;
  if (dot != std::string_view::npos) {
    const std::string_view fr = s.substr(dot + 1);
    if (fr.empty() || fr.size() > 3 || !text::parse_count(fr, &frac)) return false;
    f = frac;
    for (size_t k = fr.size(); k < 3; ++k) f *= 10;
  }
  *ms = whole * 1000 + f;
  return true;
}

bool parse_real(std::string_view s, double* out) {
  std::string t(s);
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

// Bytes a protocol line cannot carry: a line break would be a second line.
bool has_control(std::string_view s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return true;
  return false;
}

bool good_engine_name(std::string_view s) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

}  // namespace

std::vector<Seat> Options::seats() const {
  std::vector<Seat> v;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (rules.plays(s)) v.push_back(s);
  return v;
}

std::string Options::identity() const {
  std::ostringstream out;
  out << "table=" << rules.id << " set=" << settings << " players=";
  for (size_t j = 0; j < players.size(); ++j) out << (j ? "," : "") << players[j].name;
  for (const EngineSpec& e : engines) {
    out << " engine=" << e.name << "=" << (e.ccp ? "ccp:" : "") << e.command;
    for (const auto& [k, v] : e.options) out << " option=" << e.name << ":" << k << "=" << v;
  }
  out << " seed=" << seed << " nodes=" << budget.nodes << " movetime=" << movetime_ms
      << " tc=" << clock.reserve_ms << "+" << clock.increment_ms << " max-turns=" << max_turns
      << " openings=" << openings_file << ":" << openings.size();
  return out.str();
}

std::optional<Options> parse_match_options(const Args& args, int* code) {
  *code = 2;
  auto bad = [&](const std::string& what) -> std::optional<Options> {
    usage_error("match: " + what);
    return std::nullopt;
  };
  Options o;
  o.max_turns = kDefaultTurnCap;
  std::string players, range, sprt, tc, budget_ms_name, concurrency_name;
  std::vector<std::string> engine_args, option_args;
  Seen seen;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool repeats = a == "--engine" || a == "--engine-option";
    if (a.rfind("--", 0) == 0 && !repeats)
      if (const std::string twice = seen.again("match", a); !twice.empty()) return bad(twice.substr(7));
    if (a == "--json" || a == "--resume") {
      (a == "--json" ? o.json : o.resume) = true;
      continue;
    }
    static const char* const kValued[] = {
        "--preset", "--set", "--players", "--engine", "--engine-option", "--games", "--games-range",
        "--seed", "--movetime", "--budget-ms", "--budget-nodes", "--tc", "--max-turns", "--concurrency",
        "--threads", "--openings", "--record", "--jsonl", "--sprt"};
    bool known = false;
    for (const char* k : kValued) known = known || a == k;
    if (!known) return bad("unknown argument " + text::quote(a) + " (options: " + kOptionList + ")");
    if (i + 1 >= args.size()) return bad(a + " needs a value");
    const std::string& v = args[++i];
    long long n = 0;
    if (a == "--preset") o.preset = v;
    else if (a == "--set") add_settings(&o.settings, v);
    else if (a == "--players") players = v;
    else if (a == "--engine") engine_args.push_back(v);
    else if (a == "--engine-option") option_args.push_back(v);
    else if (a == "--games-range") range = v;
    else if (a == "--tc") tc = v;
    else if (a == "--sprt") sprt = v;
    else if (a == "--openings") o.openings_file = v;
    else if (a == "--record" || a == "--jsonl") {
      if (v.empty()) return bad(a + (a == "--record" ? " needs a directory, not ''" : " needs a file name, not ''"));
      (a == "--record" ? o.record_dir : o.jsonl_path) = v;
    } else if (a == "--games") {
      if (!parse_number(v, 1, kMaxGames, &o.games))
        return bad("--games " + text::quote(v) + ": expected a number from 1 to " + std::to_string(kMaxGames));
    } else if (a == "--seed") {
      if (!parse_number(v, 0, INT64_MAX, &o.seed)) return bad("--seed " + text::quote(v) + ": expected a non-negative number");
    } else if (a == "--concurrency" || a == "--threads") {
      if (!concurrency_name.empty()) return bad("--threads is another name of --concurrency: give one");
      concurrency_name = a;
      if (!parse_number(v, 1, kMaxConcurrency, &o.concurrency))
        return bad(a + " " + text::quote(v) + ": expected a number from 1 to " + std::to_string(kMaxConcurrency));
      o.threads_alias = a == "--threads";
    } else if (a == "--max-turns") {
      if (!parse_number(v, 1, kMaxTurnCap, &o.max_turns))
        return bad("--max-turns " + text::quote(v) + ": expected a number from 1 to " + std::to_string(kMaxTurnCap));
    } else if (a == "--movetime" || a == "--budget-ms") {
      if (!budget_ms_name.empty()) return bad("--budget-ms is another name of --movetime: give one");
      budget_ms_name = a;
      if (!parse_number(v, 1, kMaxBudgetMs, &n))
        return bad(a + " " + text::quote(v) + ": expected a number from 1 to " + std::to_string(kMaxBudgetMs));
      o.movetime_ms = n;
      o.budget.time_ms = n;
    } else {
      if (!parse_number(v, 1, kMaxBudgetNodes, &n))
        return bad("--budget-nodes " + text::quote(v) + ": expected a number from 1 to " + std::to_string(kMaxBudgetNodes));
      o.budget.nodes = n;
    }
  }
  if (o.preset.empty()) return bad("--preset ID is required");
  absl::StatusOr<Rules> table = table_arg(o.preset, o.settings);
  if (!table.ok()) return bad(std::string(table.status().message()));
  o.rules = *std::move(table);

  // Engines, then their options, then the players that name them.
  for (const std::string& e : engine_args) {
    const size_t eq = e.find('=');
    EngineSpec spec;
    spec.name = e.substr(0, eq == std::string::npos ? e.size() : eq);
    if (eq == std::string::npos || !good_engine_name(spec.name))
      return bad("--engine " + text::quote(e) + ": expected NAME=COMMAND or NAME=ccp:COMMAND, NAME of 1 to 32 letters, digits, '-', '_', '.'");
    if (parse_level(spec.name)) return bad("--engine " + text::quote(e) + ": " + spec.name + " is a built-in level's name");
    for (const EngineSpec& other : o.engines)
      if (other.name == spec.name) return bad("--engine " + text::quote(spec.name) + " is defined twice");
    spec.command = e.substr(eq + 1);
    if (spec.command.rfind("ccp:", 0) == 0) {
      spec.ccp = true;
      spec.command.erase(0, 4);
    }
    if (spec.command.find_first_not_of(' ') == std::string::npos)
      return bad("--engine " + text::quote(e) + ": the command is empty");
    if (has_control(spec.command)) return bad("--engine " + text::quote(e) + ": the command has a control character");
    if (spec.ccp)
      if (absl::Status st = check_compact121_table(o.rules); !st.ok())
        return bad("--engine " + text::quote(spec.name) + " speaks CCP: " + std::string(st.message()));
    if (static_cast<int>(o.engines.size()) == kMaxEngines)
      return bad("--engine: more than " + std::to_string(kMaxEngines) + " engines");
    o.engines.push_back(std::move(spec));
  }
  if (static_cast<int>(option_args.size()) > kMaxEngineOptions)
    return bad("--engine-option: more than " + std::to_string(kMaxEngineOptions));
  for (const std::string& e : option_args) {
    const size_t colon = e.find(':'), eq = e.find('=');
    if (colon == std::string::npos || eq == std::string::npos || eq < colon || eq == colon + 1)
      return bad("--engine-option " + text::quote(e) + ": expected NAME:OPT=VALUE");
    const std::string name = e.substr(0, colon), opt = e.substr(colon + 1, eq - colon - 1), value = e.substr(eq + 1);
    EngineSpec* spec = nullptr;
    for (EngineSpec& s : o.engines)
      if (s.name == name) spec = &s;
    if (!spec) return bad("--engine-option " + text::quote(e) + ": no --engine named " + text::quote(name));
    if (opt.find(' ') != std::string::npos || has_control(opt) || has_control(value))
      return bad("--engine-option " + text::quote(e) + ": an option name has no spaces, and neither has control characters");
    spec->options.emplace_back(opt, value);
  }
  if (players.empty()) return bad("--players P1,P2[,...] is required");
  for (std::string_view name : text::split(players, ',')) {
    Contestant c;
    c.name = std::string(name);
    c.level = parse_level(name);
    for (size_t k = 0; k < o.engines.size() && !c.level; ++k)
      if (o.engines[k].name == name) c.engine = static_cast<int>(k);
    if (!c.level && c.engine < 0)
      return bad("--players: player " + std::to_string(o.players.size() + 1) + " " + text::quote(name) +
                 " is not a level (easy, normal, hard, expert) or an --engine");
    o.players.push_back(std::move(c));
  }
  const size_t seats = o.seats().size();
  if (o.players.size() != seats)
    return bad(o.rules.id + " has " + std::to_string(seats) + " seats: --players needs " + std::to_string(seats) +
               " names, got " + std::to_string(o.players.size()));

  if (!tc.empty()) {
    if (o.movetime_ms) return bad("--tc and " + budget_ms_name + " are two time controls: give one");
    const size_t plus = tc.find('+');
    int64_t reserve = 0, inc = 0;
    if (!parse_seconds(std::string_view(tc).substr(0, plus), &reserve) ||
        (plus != std::string::npos && !parse_seconds(std::string_view(tc).substr(plus + 1), &inc)) || reserve < 1)
      return bad("--tc " + text::quote(tc) + ": expected SECONDS[+INCREMENT], e.g. 60+0.5 (at most 3 decimals, a reserve of at least 0.001)");
    o.clock = {reserve, inc};
    if (absl::Status st = Game(o.rules).set_clock(o.clock); !st.ok()) return bad("--tc " + text::quote(tc) + ": " + std::string(st.message()));
  }
  o.range_begin = 0;
  o.range_end = o.games;
  if (!range.empty()) {
    const size_t colon = range.find(':');
    long long a = 0, b = 0;
    if (colon == std::string::npos || !parse_number(range.substr(0, colon), 0, kMaxGames, &a) ||
        !parse_number(range.substr(colon + 1), 0, kMaxGames, &b) || a >= b || b > o.games)
      return bad("--games-range " + text::quote(range) + ": expected A:B with 0 <= A < B <= --games (" +
                 std::to_string(o.games) + "): games A+1 to B of the schedule");
    o.range_begin = a;
    o.range_end = b;
  }
  if (!sprt.empty()) {
    if (seats != 2) return bad("--sprt needs two players (" + o.rules.id + " has " + std::to_string(seats) + " seats)");
    bool has0 = false, has1 = false;
    for (std::string_view kv : text::split(sprt, ',')) {
      const size_t eq = kv.find('=');
      double x = 0;
      const std::string_view k = kv.substr(0, eq == std::string_view::npos ? kv.size() : eq);
      if (eq == std::string_view::npos || !parse_real(kv.substr(eq + 1), &x))
        return bad("--sprt " + text::quote(sprt) + ": " + text::quote(kv) + " is not NAME=NUMBER");
      if (k == "elo0") o.sprt.elo0 = x, has0 = true;
      else if (k == "elo1") o.sprt.elo1 = x, has1 = true;
      else if (k == "alpha") o.sprt.alpha = x;
      else if (k == "beta") o.sprt.beta = x;
      else return bad("--sprt " + text::quote(sprt) + ": unknown " + text::quote(k) + " (elo0, elo1, alpha, beta)");
    }
    if (!has0 || !has1) return bad("--sprt " + text::quote(sprt) + ": needs elo0=A and elo1=B");
    if (!(o.sprt.elo0 < o.sprt.elo1) || std::fabs(o.sprt.elo0) > 1000 || std::fabs(o.sprt.elo1) > 1000)
      return bad("--sprt " + text::quote(sprt) + ": expected -1000 <= elo0 < elo1 <= 1000");
    if (!(o.sprt.alpha > 0 && o.sprt.alpha < 0.5 && o.sprt.beta > 0 && o.sprt.beta < 0.5))
      return bad("--sprt " + text::quote(sprt) + ": alpha and beta lie between 0 and 0.5");
    o.sprt.on = true;
  }
  if (o.resume && o.jsonl_path.empty()) return bad("--resume needs --jsonl FILE (the run to continue)");

  // Files: the openings are read now; errors from here on are not usage
  // errors (exit 1).
  *code = 1;
  if (!o.openings_file.empty()) {
    std::ifstream in(o.openings_file, std::ios::binary);
    if (!in) {
      print_error("match: --openings " + text::quote(o.openings_file) + ": cannot open the file");
      return std::nullopt;
    }
    std::error_code ec;
    const uintmax_t size = std::filesystem::file_size(o.openings_file, ec);
    if (!ec && size > static_cast<uintmax_t>(kMaxOpeningsBytes)) {
      print_error("match: --openings " + text::quote(o.openings_file) + ": " + std::to_string(size) +
                  " bytes, more than the " + std::to_string(kMaxOpeningsBytes) + " it may have");
      return std::nullopt;
    }
    std::string line;
    long long number = 0, bytes = 0;
    while (std::getline(in, line)) {
      ++number;
      bytes += static_cast<long long>(line.size()) + 1;
      if (bytes > kMaxOpeningsBytes) {
        print_error("match: --openings " + text::quote(o.openings_file) + ": more than the " +
                    std::to_string(kMaxOpeningsBytes) + " bytes it may have");
        return std::nullopt;
      }
      if (!line.empty() && line.back() == '\r') line.pop_back();
      const size_t first = line.find_first_not_of(" \t");
      if (first == std::string::npos || line[first] == '#') continue;
      absl::StatusOr<Position> pos = Position::parse(line, o.rules);
      absl::Status st = pos.status();
      if (pos.ok()) st = Game::from_position(o.rules, *pos).status();
      if (!st.ok()) {
        print_error("match: --openings " + text::quote(o.openings_file) + " line " + std::to_string(number) + ": " +
                    std::string(st.message()));
        return std::nullopt;
      }
      if (static_cast<long long>(o.openings.size()) == kMaxOpenings) {
        print_error("match: --openings " + text::quote(o.openings_file) + ": more than " +
                    std::to_string(kMaxOpenings) + " positions");
        return std::nullopt;
      }
      o.openings.push_back(pos->to_string());
    }
    if (o.openings.empty()) {
      print_error("match: --openings " + text::quote(o.openings_file) + ": no position in the file");
      return std::nullopt;
    }
  }
  *code = 0;
  return o;
}

}  // namespace sternhalma::cli
