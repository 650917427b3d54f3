// options.h: every Rules field by name, round trips and errors.
#include "sternhalma/options.h"

#include <doctest/doctest.h>

#include <string>

#include "sternhalma/presets.h"

using namespace sternhalma;

namespace {

std::string value(const Rules& r, std::string_view name) {
  const auto v = get_option(r, name);
  REQUIRE_MESSAGE(v.ok(), v.status().ToString());
  return *v;
}

std::string error(Rules& r, std::string_view name, std::string_view v) {
  const Rules before = r;
  const absl::Status st = set_option(r, name, v);
  CHECK(!st.ok());
  CHECK(r == before);  // nothing changed
  return std::string(st.message());
}

}  // namespace

TEST_CASE("describe lists every option in a fixed order") {
  const std::vector<std::string_view> want = {
      "id",         "seats",      "first-seat", "marbles",     "jumps",
      "zones",      "goal-lock",  "anti-blocking", "teams",    "partner-moves",
      "end",        "last-reply", "deadline",   "limit",       "limit-draw",
      "no-progress", "repetition", "ranking",   "resign",      "flag",
      "names",      "description"};
  CHECK(option_names() == want);
  const auto d = describe(*find_preset("classic-2"));
  REQUIRE(d.size() == want.size());
  for (size_t i = 0; i < d.size(); ++i) CHECK(d[i].first == want[i]);
}

TEST_CASE("describe of the presets reads the SPEC §7 rows") {
  const Rules& c2 = *find_preset("classic-2");
  CHECK(value(c2, "id") == "classic-2");
  CHECK(value(c2, "seats") == "0,3");
  CHECK(value(c2, "first-seat") == "0");
  CHECK(value(c2, "marbles") == "10");
  CHECK(value(c2, "jumps") == "standard");
  CHECK(value(c2, "zones") == "closed");
  CHECK(value(c2, "goal-lock") == "yes");
  CHECK(value(c2, "anti-blocking") == "yes");
  CHECK(value(c2, "teams") == "no");
  CHECK(value(c2, "end") == "to-the-end");
  CHECK(value(c2, "last-reply") == "yes");
  CHECK(value(c2, "deadline") == "30");
  CHECK(value(c2, "limit") == "150 turns");
  CHECK(value(c2, "repetition") == "yes");
  CHECK(value(c2, "ranking") == "goal-distance");
  CHECK(value(c2, "resign") == "ends-game");
  CHECK(value(c2, "flag") == "resign");
  CHECK(value(c2, "names") == "white,red,blue,black,yellow,green");
  const Rules& c6 = *find_preset("classic-6");
  CHECK(value(c6, "seats") == "0,1,2,3,4,5");
  CHECK(value(c6, "limit") == "150 rounds");
  const Rules& jp = *find_preset("japanese-3");
  CHECK(value(jp, "seats") == "0,2,4");
  CHECK(value(jp, "marbles") == "15");
  CHECK(value(jp, "jumps") == "king");
  CHECK(value(jp, "zones") == "no-entry");
  CHECK(value(jp, "deadline") == "none");
  CHECK(value(jp, "limit") == "200 rounds");
  CHECK(value(jp, "limit-draw") == "yes");
  CHECK(value(jp, "no-progress") == "yes");
  CHECK(value(jp, "resign") == "out");
  const Rules& race = *find_preset("race-2");
  CHECK(value(race, "first-seat") == "3");
  CHECK(value(race, "anti-blocking") == "no");
  CHECK(value(race, "end") == "first-arrival");
  CHECK(value(race, "names") == "blue,red,blue,red,yellow,green");
  const Rules& on = *find_preset("online-4");
  CHECK(value(on, "ranking") == "tip-distance");
  CHECK(value(on, "flag") == "best-move");
  CHECK(value(*find_preset("pairs-2x2"), "partner-moves") == "yes");
  CHECK(value(*find_preset("long-jumps-6"), "jumps") == "long");
}

TEST_CASE("every preset is rebuilt exactly from its describe() list") {
  for (const Rules& p : presets()) {
    CAPTURE(p.id);
    Rules r;  // defaults
    for (const auto& [name, v] : describe(p)) {
      const absl::Status st = set_option(r, name, v);
      CHECK_MESSAGE(st.ok(), st.ToString());
    }
    CHECK(r == p);
    CHECK(validate(r).ok());
    // The same through set_options, one `name = value` per line.
    std::string text;
    for (const auto& [name, v] : describe(p)) text += name + " = " + v + "\n";
    Rules s;
    CHECK(set_options(s, text).ok());
    CHECK(s == p);
  }
}

TEST_CASE("each option round-trips its accepted spellings") {
  Rules r = *find_preset("classic-2");
  auto set = [&](std::string_view n, std::string_view v) {
    const absl::Status st = set_option(r, n, v);
    CHECK_MESSAGE(st.ok(), st.ToString());
  };
  set("id", "my-table");
  CHECK(r.id == "my-table");
  set("seats", "WRK");
  CHECK(r.seats == 0b001011);
  CHECK(value(r, "seats") == "0,1,3");
  set("seats", " 4, 1 ");
  CHECK(value(r, "seats") == "1,4");
  set("seats", "0,3");
  CHECK(r.seats == 0b001001);
  set("first-seat", "K");
  CHECK(r.first_seat == 3);
  set("first-seat", "0");
  CHECK(r.first_seat == 0);
  set("marbles", "15");
  CHECK(r.marbles == 15);
  for (const char* j : {"standard", "long", "king"}) {
    set("jumps", j);
    CHECK(value(r, "jumps") == j);
  }
  for (const char* z : {"free", "closed", "no-entry"}) {
    set("zones", z);
    CHECK(value(r, "zones") == z);
  }
  for (const char* flag : {"goal-lock", "anti-blocking", "teams", "partner-moves", "last-reply",
                           "limit-draw", "no-progress", "repetition"}) {
    CAPTURE(flag);
    for (const char* y : {"yes", "on", "true", "1"}) {
      set(flag, y);
      CHECK(value(r, flag) == "yes");
    }
    for (const char* n : {"no", "off", "false", "0"}) {
      set(flag, n);
      CHECK(value(r, flag) == "no");
    }
  }
  CHECK(r.goal_lock == GoalLock::kNo);
  CHECK(r.repetition == Repetition::kOff);
  CHECK(!r.limit_draw_if_none_arrived);
  // Goal lock and repetition have a third value each (SPEC §11).
  set("goal-lock", "strict");
  CHECK(r.goal_lock == GoalLock::kStrict);
  CHECK(value(r, "goal-lock") == "strict");
  set("goal-lock", "yes");
  CHECK(r.goal_lock == GoalLock::kYes);
  set("repetition", "draw");
  CHECK(r.repetition == Repetition::kDraw);
  CHECK(value(r, "repetition") == "draw");
  set("repetition", "on");
  CHECK(r.repetition == Repetition::kRanked);
  set("end", "first-arrival");
  CHECK(r.end == EndRule::kFirstArrival);
  set("end", "to-the-end");
  CHECK(r.end == EndRule::kPlayToEnd);
  set("deadline", "40");
  CHECK(r.deadline == 40);
  set("deadline", "none");
  CHECK(r.deadline == 0);
  CHECK(value(r, "deadline") == "none");
  set("limit", "200 rounds");
  CHECK((r.limit_unit == LimitUnit::kRounds && r.limit == 200));
  set("limit", "150   turns");
  CHECK((r.limit_unit == LimitUnit::kTurns && r.limit == 150));
  CHECK(value(r, "limit") == "150 turns");
  set("limit", "none");
  CHECK((r.limit_unit == LimitUnit::kNone && r.limit == 0));
  set("ranking", "tip-distance");
  CHECK(r.ranking == Ranking::kTipDistance);
  set("resign", "out");
  CHECK(r.resign == ResignRule::kOut);
  set("flag", "best-move");
  CHECK(r.flag == FlagRule::kBestMove);
  set("names", "Ana, Bo ,Cy,Di,Ed,Flo");
  CHECK(r.names[1] == "Bo");
  CHECK(value(r, "names") == "Ana,Bo,Cy,Di,Ed,Flo");
  set("description", "our kitchen table: long jumps, no lock");
  CHECK(r.description == "our kitchen table: long jumps, no lock");
  set("  zones ", " free ");
  CHECK(r.zones == ZoneRule::kFree);
}

TEST_CASE("each option's errors name the option and the value") {
  Rules r = *find_preset("classic-2");
  CHECK(error(r, "x", "1") == "unknown option 'x'");
  CHECK(!get_option(r, "x").ok());
  CHECK(get_option(r, "x").status().message() == "unknown option 'x'");
  CHECK(error(r, "zones", "y") == "option zones: 'y' is not one of free, closed, no-entry");
  CHECK(error(r, "jumps", "short") ==
        "option jumps: 'short' is not one of standard, long, king");
  CHECK(error(r, "end", "now") == "option end: 'now' is not one of to-the-end, first-arrival");
  CHECK(error(r, "ranking", "elo") ==
        "option ranking: 'elo' is not one of goal-distance, tip-distance");
  CHECK(error(r, "resign", "x") == "option resign: 'x' is not one of ends-game, out");
  CHECK(error(r, "flag", "x") == "option flag: 'x' is not one of resign, best-move");
  CHECK(error(r, "goal-lock", "maybe") == "option goal-lock: 'maybe' is not one of yes, no, strict");
  CHECK(error(r, "goal-lock", "Strict") == "option goal-lock: 'Strict' is not one of yes, no, strict");
  CHECK(error(r, "repetition", "") == "option repetition: '' is not one of yes, no, draw");
  CHECK(error(r, "marbles", "12") == "option marbles: '12' is not one of 10, 15");
  CHECK(error(r, "seats", "") == "option seats: '' names no point (e.g. 0,3 or WK)");
  CHECK(error(r, "seats", "0,6") ==
        "option seats: '0,6' has '6', not a point 0..5 or a seat letter W R B K Y G");
  CHECK(error(r, "seats", "W,0") == "option seats: 'W,0' names point 0 twice");
  CHECK(error(r, "first-seat", "X") ==
        "option first-seat: 'X' is not a point 0..5 or a seat letter W R B K Y G");
  CHECK(error(r, "first-seat", "03") ==
        "option first-seat: '03' is not a point 0..5 or a seat letter W R B K Y G");
  CHECK(error(r, "deadline", "-3") ==
        "option deadline: '-3' is not a number of moves (0..100000) or 'none'");
  CHECK(error(r, "limit", "150") ==
        "option limit: '150' is not '<n> turns', '<n> rounds' (n 1..1000000) or 'none'");
  CHECK(error(r, "limit", "0 rounds") ==
        "option limit: '0 rounds' is not '<n> turns', '<n> rounds' (n 1..1000000) or 'none'");
  CHECK(error(r, "limit", "10 days") ==
        "option limit: '10 days' is not '<n> turns', '<n> rounds' (n 1..1000000) or 'none'");
  CHECK(error(r, "names", "a,b") ==
        "option names: 'a,b' is not 6 comma-separated names in point order (W R B K Y G), "
        "it has 2");
  CHECK(error(r, "names", "a,b,,d,e,f") ==
        "option names: 'a,b,,d,e,f' has an empty name for seat B");
  CHECK(error(r, "id", "") == "option id: '' is empty");
  CHECK(error(r, "id", "my table") ==
        "option id: 'my table' has ' ': an id is 1 to 32 letters, digits and - _ . + (one token of a position line)");
  CHECK(error(r, "description", "a\nb") == "option description: 'a\\x0ab' is more than one line");
}

TEST_CASE("set_options is all or nothing; validate judges the table") {
  Rules r = *find_preset("table-2");
  r.id = "house";
  CHECK(set_options(r, "jumps = long; zones=closed\n# a comment\n\ngoal-lock = yes").ok());
  CHECK(r.jumps == JumpRule::kLong);
  CHECK(r.zones == ZoneRule::kClosed);
  CHECK(r.goal_lock == GoalLock::kYes);
  const Rules before = r;
  absl::Status st = set_options(r, "zones = free; marbles = 12");
  CHECK(st.message() == "setting 2: option marbles: '12' is not one of 10, 15");
  CHECK(r == before);
  st = set_options(r, "zones free");
  CHECK(st.message() == "setting 1 'zones free': expected 'name = value'");
  CHECK(r == before);
  // Options parse one by one; the table as a whole is validate()'s job.
  CHECK(set_option(r, "jumps", "king").ok());
  CHECK(!validate(r).ok());  // the king needs 15-cell camps
  CHECK(set_option(r, "marbles", "15").ok());
  CHECK(validate(r).ok());
  CHECK(set_option(r, "first-seat", "R").ok());
  CHECK(!validate(r).ok());  // point 1 is not played
  CHECK(set_option(r, "seats", "WRK").ok());
  CHECK(!validate(r).ok());  // 15-cell camps of points 0 and 1 overlap
  CHECK(set_options(r, "marbles = 10; jumps = standard; teams = yes").ok());
  CHECK(!validate(r).ok());  // point 1 has no partner opposite
  CHECK(set_option(r, "seats", "WRKY").ok());
  CHECK(validate(r).ok());
}
