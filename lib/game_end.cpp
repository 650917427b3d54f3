// game_end.cpp — how a game ends and how the unfinished are ranked (SPEC §4
// rules 5, 6, 8, 9, 11; §5).
#include <algorithm>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/game.h"

namespace sternhalma {

// The one way a game ends: the units still playing are ranked (rule 8),
// all sharing the best free place when draw_all (002's limit with nobody
// arrived, a repetition under repetition = draw: both draws), and the end
// is recorded.
void Game::end_game(EndReason why, bool draw_all) {
  if (st_.over) return;
  rank_rest(draw_all);
  if (draw_all) {
    st_.draw = true;
    event({.kind = Event::Kind::kDraw});
  }
  st_.over = true;
  st_.end = why;
  moves_.clear();
  event({.kind = Event::Kind::kEnd, .end = why});
}

// Rule 8: the units still playing take the free places from the best one,
// by the table's key (teams: the partners' keys summed), equal keys sharing
// a place (competition ranking: 1, 2, 2, 4). draw_all: they all share the
// best free place (002's limit with nobody arrived).
void Game::rank_rest(bool draw_all) {
  const Rules& r = *rules_;
  struct Unit {
    int goal = 0, dist = 0;
    Seat seats[2] = {-1, -1};
  };
  std::vector<Unit> units;
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (!team_playing(s)) continue;
    if (r.teams && s >= 3) continue;  // the team was taken with its lower seat
    Unit u;
    u.seats[0] = s;
    if (r.teams) u.seats[1] = partner(s);
    if (r.ranking == Ranking::kGoalThenDistance)
      for (const Seat t : u.seats)
        if (t >= 0) u.goal += marbles_in_goal(st_.pos, t);
    units.push_back(u);
  }
  // The distance decides only between units with equal goal marbles: the
  // assignment distance (a Hungarian assignment per seat) is computed for
  // those alone.
  for (Unit& u : units) {
    const bool tied = std::count_if(units.begin(), units.end(),
                                    [&](const Unit& o) { return o.goal == u.goal; }) > 1;
    if (!tied) continue;
    for (const Seat t : u.seats)
      if (t >= 0) u.dist += ranking_distance(st_.pos, t);
  }
  std::stable_sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) {
    return a.goal != b.goal ? a.goal > b.goal : a.dist < b.dist;
  });
  for (size_t i = 0; i < units.size(); ++i) {
    size_t first = i;
    while (first > 0 && units[first - 1].goal == units[i].goal &&
           units[first - 1].dist == units[i].dist)
      --first;
    const int place = draw_all ? st_.best_free : st_.best_free + static_cast<int>(first);
    for (const Seat t : units[i].seats)
      if (t >= 0) st_.seat[t].place = place;
  }
  st_.best_free += static_cast<int>(units.size());
}

// After every turn (move or pass) of seat s: the game ends, or the turn
// passes on and the endings that look at the new position are checked.
void Game::after_turn(Seat s) {
  if (st_.over) return;
  if (const EndReason why = ending_before_next(s); why != EndReason::kNone) return end_game(why);
  const Seat next = next_turn_seat(s);
  if (next < 0) return end_game(EndReason::kAllPlaced);
  give_turn(next);
  const int seen = record_position();
  // Choice: a pending last reply is owed before any other ending.
  if (st_.reply_seat >= 0) return;
  if (limit_reached()) return end_by_limit();
  if (rules_->repetition != Repetition::kOff && seen >= 3)
    return end_game(EndReason::kRepetition, rules_->repetition == Repetition::kDraw);
  if (no_progress()) return end_game(EndReason::kNoProgress);
}

// The endings decided by the turn just played, before the next seat moves.
EndReason Game::ending_before_next(Seat s) const {
  // Rule 5: the last reply was played (an arrival in it made the draw).
  if (st_.draw || st_.reply_seat == s) return EndReason::kLastReply;
  if (rules_->end == EndRule::kFirstArrival && arrived_this_turn_ && st_.reply_seat < 0)
    return EndReason::kFirstArrival;
  // Rule 6: one unit (or none) left playing.
  if (st_.reply_seat < 0 && st_.units <= 1) return EndReason::kAllPlaced;
  return EndReason::kNone;
}

bool Game::limit_reached() const {
  const Rules& r = *rules_;
  return (r.limit_unit == LimitUnit::kTurns && st_.turns >= r.limit) ||
         (r.limit_unit == LimitUnit::kRounds && st_.pos.round() - round_base_ >= r.limit);
}

// Rule 9; 002: a draw when nobody has arrived, counting a seat that arrived
// and is out since (State::arrived).
void Game::end_by_limit() {
  end_game(EndReason::kLimit, rules_->limit_draw_if_none_arrived && !st_.arrived);
}

// 002: 30 x seats still playing turns without a new lowest goal distance.
bool Game::no_progress() const {
  if (!rules_->no_progress) return false;
  int playing = 0;
  for (Seat t = 0; t < kMaxSeats; ++t)
    if (st_.seat[t].status == SeatStatus::kPlaying) ++playing;
  return st_.turns - st_.last_progress >= 30 * playing;
}

// Rule 11. 000: the game ends at once, the resigner last. 002/004: 3+ — the
// resigner is out and the rest play on. Two players (or two teams): the
// opponent wins, on every table.
void Game::do_resign(Seat s) {
  const Rules& r = *rules_;
  if (r.resign == ResignRule::kEndsGame || units_total() == 2) {
    put_out(s, OutReason::kResigned, false);
    return end_game(EndReason::kResign);
  }
  put_out(s, OutReason::kResigned, true);
  if (st_.reply_seat < 0 && st_.units <= 1) return end_game(EndReason::kAllPlaced);
  update_round();
  // Fewer seats play on, so the counts that look at the seats still playing
  // may be reached without another turn: a limit in rounds (every seat
  // still playing has taken that many turns: the resigner may have been the
  // one behind) and no progress (30 x seats still playing).
  if (st_.reply_seat >= 0) return;
  if (limit_reached()) return end_by_limit();
  if (no_progress()) return end_game(EndReason::kNoProgress);
}

}  // namespace sternhalma
