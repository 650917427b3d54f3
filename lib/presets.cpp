// The tables of SPEC §7. Each is written out as the differences from the
// classic table of its seed, so that the SPEC's rows can be read off here.
#include "sternhalma/presets.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "sternhalma/geometry.h"
#include "sternhalma/options.h"

namespace sternhalma {
namespace {

constexpr uint8_t layout_for(int players) {
  switch (players) {
    case 2: return 0b001001;  // 0, 3
    case 3: return 0b010101;  // 0, 2, 4
    case 4: return 0b011011;  // 0, 1, 3, 4
    case 5: return 0b011111;  // 0..4
    default: return 0b111111;
  }
}

// What every table names: its id, the points it plays and its description.
// The rest starts at the defaults of Rules (closed zones, goal lock,
// anti-blocking, play to the end, goal-then-distance ranking, a resignation
// or a fallen flag ends the game), so each seed below writes only what
// differs from them.
Rules named(std::string id, int players, std::string what) {
  Rules r;
  r.id = std::move(id);
  r.seats = layout_for(players);
  r.description = std::move(what);
  return r;
}

// Seed 000: closed foreign points, goal lock, 30-move deadline, 150 plies
// (two players) or rounds, threefold repetition.
Rules classic(std::string id, int players, std::string what) {
  Rules r = named(std::move(id), players, std::move(what));
  r.last_reply = players == 2;
  r.deadline = 30;
  r.limit_unit = players == 2 ? LimitUnit::kTurns : LimitUnit::kRounds;
  r.limit = 150;
  r.repetition = Repetition::kRanked;
  return r;
}

// Seed 002: free zones, no goal lock, no deadline, 200 rounds (a draw if
// nobody has arrived), no-progress rule, the resigner is out.
Rules table(std::string id, int players, std::string what) {
  Rules r = named(std::move(id), players, std::move(what));
  r.zones = ZoneRule::kFree;
  r.goal_lock = GoalLock::kNo;
  r.limit_unit = LimitUnit::kRounds;
  r.limit = 200;
  r.limit_draw_if_none_arrived = true;
  r.no_progress = true;
  r.resign = ResignRule::kOut;
  return r;
}

// Seed 004: closed zones, goal lock, first arrival ends, 200 rounds, ranked
// by tip distance, the resigner is out, a fallen flag plays the most
// advancing move.
Rules online(std::string id, int players, std::string what) {
  Rules r = named(std::move(id), players, std::move(what));
  r.end = EndRule::kFirstArrival;
  r.limit_unit = LimitUnit::kRounds;
  r.limit = 200;
  r.ranking = Ranking::kTipDistance;
  r.resign = ResignRule::kOut;
  r.flag = FlagRule::kBestMove;
  return r;
}

std::vector<Rules> make_presets() {
  std::vector<Rules> v;
  v.push_back(classic("classic-2", 2, "seed 000: two players, opposite points"));
  v.push_back(classic("classic-3", 3, "seed 000: three players, alternate points"));
  v.push_back(classic("classic-4", 4, "seed 000: four players, two opposite pairs"));
  v.push_back(classic("classic-6", 6, "seed 000: six players"));
  for (int n : {2, 6}) {
    Rules r = classic(absl::StrCat("long-jumps-", n), n,
                      absl::StrCat("seed 000: long jumps, ", n, " players"));
    r.jumps = JumpRule::kLong;
    v.push_back(r);
  }
  {
    Rules r = classic("fifteen-2", 2, "seed 000: 15 marbles on 15-cell camps, two players");
    r.marbles = 15;
    r.deadline = 40;
    v.push_back(r);
  }
  for (int n : {4, 6}) {
    Rules r = classic(n == 4 ? "pairs-2x2" : "three-pairs", n,
                      n == 4 ? "seed 000: two teams of partners opposite, four players"
                             : "seed 000: three teams of partners opposite, six players");
    r.teams = true;
    r.partner_moves = true;
    v.push_back(r);
  }
  for (int n = 2; n <= 6; ++n)
    v.push_back(table(absl::StrCat("table-", n), n,
                      absl::StrCat("seed 002: international rules, ", n, " players")));
  for (int n : {2, 3}) {
    Rules r = table(absl::StrCat("japanese-", n), n,
                    absl::StrCat("seed 002: Japanese rules, 14 pieces and a king, ", n,
                                 " players"));
    r.marbles = 15;
    r.jumps = JumpRule::kKing;
    r.zones = ZoneRule::kNoEntry;
    v.push_back(r);
  }
  {
    Rules r = table("race-2", 2, "seed 003: two-player race, red (top) moves first");
    r.first_seat = 3;
    r.anti_blocking = false;
    r.end = EndRule::kFirstArrival;
    r.limit_draw_if_none_arrived = false;
    r.no_progress = false;
    r.names[3] = "red";
    r.names[0] = "blue";
    v.push_back(r);
  }
  for (int n : {2, 3, 4, 6})
    v.push_back(online(absl::StrCat("online-", n), n,
                       absl::StrCat("seed 004: online table, first arrival wins, ", n,
                                    " players")));
  {
    // SPEC §11: the CCERL-2P10-v2 engine rating list's rules. CCERL's player
    // 0 is W (moves first), player 1 K; its cell id i is cell index i. Every
    // ending but an arrival is a draw: the limit (nobody has arrived while
    // the game runs under first arrival), repetition.
    Rules r = named("ccerl-2", 2,
                    "CCERL-2P10-v2 engine ladder: strict goal lock, first arrival with the "
                    "last reply, 240 turns and threefold repetition draw");
    r.zones = ZoneRule::kFree;
    r.goal_lock = GoalLock::kStrict;
    r.end = EndRule::kFirstArrival;
    r.last_reply = true;
    r.limit_unit = LimitUnit::kTurns;
    r.limit = 240;
    r.limit_draw_if_none_arrived = true;
    r.repetition = Repetition::kDraw;
    v.push_back(r);
  }
  return v;
}

}  // namespace

std::span<const Rules> presets() {
  static const std::vector<Rules> kPresets = make_presets();
  return kPresets;
}

const Rules* find_preset(std::string_view id) {
  for (const Rules& r : presets())
    if (r.id == id) return &r;
  return nullptr;
}

absl::Status validate(const Rules& r) {
  const int n = r.num_seats();
  if (r.seats >= 64 || n < 2)
    return absl::InvalidArgumentError("rules.seats: at least two of the points 0..5");
  if (r.first_seat < 0 || r.first_seat >= kMaxSeats || !r.plays(r.first_seat))
    return absl::InvalidArgumentError(
        absl::StrCat("rules.first_seat: point ", r.first_seat, " is not played"));
  if (r.marbles != 10 && r.marbles != 15)
    return absl::InvalidArgumentError(
        absl::StrCat("rules.marbles: ", r.marbles, " (10 or 15)"));
  if (r.marbles == 15)
    for (int p = 0; p < 6; ++p)
      if (r.plays(p) && r.plays((p + 1) % 6))
        return absl::InvalidArgumentError(absl::StrCat(
            "rules.marbles: 15-cell camps of neighbouring points ", p, " and ", (p + 1) % 6,
            " overlap"));
  if (r.jumps == JumpRule::kKing && r.marbles != 15)
    return absl::InvalidArgumentError("rules.jumps: the king needs 15-cell camps");
  if (r.teams) {
    if (n < 4)
      return absl::InvalidArgumentError(absl::StrCat(
          "rules.teams: ", n, " seats make one team; teams need four or six seats"));
    for (int p = 0; p < 6; ++p)
      if (r.plays(p) && !r.plays(opposite_point(p)))
        return absl::InvalidArgumentError(
            absl::StrCat("rules.teams: point ", p, " has no partner opposite"));
  } else if (r.partner_moves) {
    return absl::InvalidArgumentError("rules.partner_moves: needs teams");
  }
  if (r.deadline < 0) return absl::InvalidArgumentError("rules.deadline: negative");
  if (r.limit < 0) return absl::InvalidArgumentError("rules.limit: negative");
  if (r.limit_unit != LimitUnit::kNone && r.limit == 0)
    return absl::InvalidArgumentError("rules.limit: zero with a limit unit");
  if (absl::Status st = check_options(r); !st.ok()) return st;
  // A record or position line names its table by id alone, so an id that is
  // a preset's means that preset's rules, exactly — but for who moves first,
  // which both texts state themselves.
  if (const Rules* p = find_preset(r.id); p != nullptr) {
    Rules same = *p;
    same.first_seat = r.first_seat;
    if (same == r) return absl::OkStatus();
    const auto mine = describe(r), theirs = describe(same);
    std::string first;
    for (size_t i = 0; i < mine.size() && first.empty(); ++i)
      if (mine[i].second != theirs[i].second) first = mine[i].first;
    return absl::InvalidArgumentError(absl::StrCat(
        "rules.id: '", r.id, "' is a preset's id, but option ", first,
        " differs from the preset's: a custom table needs an id of its own (set id)"));
  }
  return absl::OkStatus();
}

}  // namespace sternhalma
