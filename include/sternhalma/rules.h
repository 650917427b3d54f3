/// @file
/// rules.h — every rule of rule book §2–§7 as an option, so a table is just data.
///
/// A preset (presets.h) is a Rules value with an id; a front end may copy one
/// and change any field to build its own table. Seats are identified by the
/// point they start on (0..5), which fixes their letter W R B K Y G.
#ifndef STERNHALMA_RULES_H_
#define STERNHALMA_RULES_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sternhalma {

using Seat = int;  ///< = the seat's home point, 0..5
inline constexpr int kMaxSeats = 6;  ///< seats of a table at most, one per point
/// The seats' letters in point order (rule book §2).
inline constexpr std::string_view kSeatLetters = "WRBKYG";
/// The seats' default display names in point order (the `names` option).
inline constexpr std::array<std::string_view, kMaxSeats> kSeatColours = {
    "white", "red", "blue", "black", "yellow", "green"};

/// The letter of seat s (0..5): 0 -> 'W' ... 5 -> 'G'.
constexpr char seat_letter(Seat s) { return kSeatLetters[s]; }
/// 'W' -> 0 ... 'G' -> 5; -1 for anything else.
constexpr Seat seat_from_letter(char c) {
  for (int i = 0; i < kMaxSeats; ++i)
    if (kSeatLetters[i] == c) return i;
  return -1;
}

/// How a jump works (rule book §3; the `jumps` option).
enum class JumpRule : uint8_t {
  kStandard,  ///< over one adjacent marble
  kLong,      ///< over one marble k away, landing k beyond it (seed 000)
  kKing,      ///< Japanese: each player's king jumps whole runs; nobody jumps a king
};
/// What foreign points mean (rule book §3; the `zones` option).
enum class ZoneRule : uint8_t {
  kFree,     ///< any cell may be a destination
  kClosed,   ///< foreign points may be crossed in a chain but not ended on
  kNoEntry,  ///< foreign points may not be landed on at all
};
/// Goal lock (rule book §3, §11).
enum class GoalLock : uint8_t {
  kNo,      ///< a marble may leave its goal
  kYes,     ///< 000: a marble that starts its move in its goal ends it there
  kStrict,  ///< CCERL: a marble never lands outside its goal once it has landed
            ///< in it: one in its goal lands only in it, and a chain that
            ///< enters the goal does not leave it again
};
/// Threefold repetition of a position (the same board and seat to move).
enum class Repetition : uint8_t {
  kOff,     ///< no rule
  kRanked,  ///< 000: the game ends, the seats still playing ranked (rule 8)
  kDraw,    ///< CCERL: the game ends in a draw
};
/// Whether the game goes on after the first arrival (rule book §4 rule 4).
enum class EndRule : uint8_t {
  kPlayToEnd,     ///< play on until every seat is placed
  kFirstArrival   ///< the first arrival ends the game
};
/// What the move limit counts (rule book §4 rule 9).
enum class LimitUnit : uint8_t {
  kNone,    ///< no limit
  kTurns,   ///< turns in all
  kRounds   ///< completed rounds
};
/// The key that ranks the seats still playing at the end (rule book §4 rules
/// 8 and 10).
enum class Ranking : uint8_t {
  kGoalThenDistance,  ///< 000/002: marbles in goal, then assignment distance
  kTipDistance,       ///< 004: sum of steps to the goal's tip
};
/// What a resignation does with three or more seats (rule book §4 rule 11).
enum class ResignRule : uint8_t {
  kEndsGame,  ///< 000: 3+ players: the game ends at once, the resigner last
  kOut,       ///< 002/004: 3+ players: the resigner is out, the rest play on
};
/// What a fallen flag does (rule book §4 rule 11).
enum class FlagRule : uint8_t {
  kResign,    ///< a flag fall is a resignation
  kBestMove,  ///< 004: the table plays the move that gains most tip distance
};

/// A table: every rule as data. Each field is an option of the same name
/// (first_seat is first-seat; limit_unit with limit is limit;
/// limit_draw_if_none_arrived is limit-draw), whose values, defaults and
/// rule the rule book's option table gives (docs/rules/options.md); Rules{}
/// is that table's defaults, and the presets (presets.h) change them.
struct Rules {
  std::string id;                  ///< preset id, or the caller's name for a table
  uint8_t seats = 0;               ///< bit p set: point p is played
  Seat first_seat = 0;             ///< who moves first in a new game
  int marbles = 10;                ///< 10, or 15 on 15-cell camps
  JumpRule jumps = JumpRule::kStandard;  ///< how a jump works
  ZoneRule zones = ZoneRule::kClosed;    ///< what foreign points mean
  GoalLock goal_lock = GoalLock::kYes;   ///< whether marbles in their goal stay there
  bool anti_blocking = true;       ///< arrival: goal full, >= 1 own marble
  bool teams = false;              ///< partners opposite (rule book §5)
  bool partner_moves = false;      ///< an arrived partner moves for the other
  EndRule end = EndRule::kPlayToEnd;     ///< whether play goes on after the first arrival
  bool last_reply = false;         ///< two-player last reply (000)
  int deadline = 0;                ///< exit deadline in own moves; 0 = none
  LimitUnit limit_unit = LimitUnit::kNone;  ///< what the move limit counts
  int limit = 0;                   ///< the move limit in limit_unit; 0 with kNone
  bool limit_draw_if_none_arrived = false;  ///< 002
  bool no_progress = false;        ///< 002: 30 x seats turns without progress
  Repetition repetition = Repetition::kOff;  ///< threefold repetition
  Ranking ranking = Ranking::kGoalThenDistance;  ///< the ranking key at the end
  ResignRule resign = ResignRule::kEndsGame;     ///< what a resignation does
  FlagRule flag = FlagRule::kResign;             ///< what a fallen flag does
  /// The seats' display names in point order.
  std::array<std::string, kMaxSeats> names{std::string(kSeatColours[0]),
                                           std::string(kSeatColours[1]),
                                           std::string(kSeatColours[2]),
                                           std::string(kSeatColours[3]),
                                           std::string(kSeatColours[4]),
                                           std::string(kSeatColours[5])};
  std::string description;         ///< one line about the table

  /// Whether point s (0..5) is played.
  bool plays(Seat s) const { return (seats >> s) & 1; }
  /// The number of played seats.
  int num_seats() const { return __builtin_popcount(seats); }
  /// The next played seat clockwise after s.
  Seat next_seat(Seat s) const {
    for (int i = 1; i <= kMaxSeats; ++i)
      if (plays((s + i) % kMaxSeats)) return (s + i) % kMaxSeats;
    return s;
  }
  /// Whether the table plays with kings (JumpRule::kKing).
  bool king() const { return jumps == JumpRule::kKing; }
  /// Equal when every field is.
  bool operator==(const Rules&) const = default;
};

}  // namespace sternhalma

#endif  // STERNHALMA_RULES_H_
