// game_end.cpp — how a game ends and how the unfinished are ranked (SPEC §4
// rules 5, 6, 8, 9, 11; §5).
#include <algorithm>
#include <vector>

#include "sternhalma/distance.h"
#include "sternhalma/game.h"

namespace sternhalma {

void Game::finish(EndReason why) {
  if (st_.over) return;
  st_.over = true;
  st_.end = why;
  event({Event::Kind::kEnd, -1, -1, {}, 0, OutReason::kNone, why, -1});
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
    for (const Seat t : u.seats) {
      if (t < 0) continue;
      if (r.ranking == Ranking::kGoalThenDistance) u.goal += marbles_in_goal(st_.pos, t);
      u.dist += ranking_distance(st_.pos, t);
    }
    units.push_back(u);
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

void Game::after_turn(Seat s) {
  const Rules& r = *rules_;
  if (st_.over) return;
  // Rule 5: the last reply was played (an arrival in it made the draw).
  if (st_.draw) {
    rank_rest(false);
    finish(EndReason::kLastReply);
    return;
  }
  if (st_.reply_seat == s) {
    st_.reply_seat = -1;
    rank_rest(false);
    finish(EndReason::kLastReply);
    return;
  }
  if (r.end == EndRule::kFirstArrival && arrived_this_turn_ && st_.reply_seat < 0) {
    rank_rest(false);
    finish(EndReason::kFirstArrival);
    return;
  }
  // Rule 6: one unit (or none) left playing.
  if (st_.reply_seat < 0 && units_playing() <= 1) {
    rank_rest(false);
    finish(EndReason::kAllPlaced);
    return;
  }
  const Seat next = next_turn_seat(s);
  if (next < 0) {
    rank_rest(false);
    finish(EndReason::kAllPlaced);
    return;
  }
  st_.pos.set_to_move(next);
  update_round();
  record_position();
  // Choice: a pending last reply is owed before any other ending.
  if (st_.reply_seat >= 0) return;
  const bool limit = (r.limit_unit == LimitUnit::kTurns && st_.turns >= r.limit) ||
                     (r.limit_unit == LimitUnit::kRounds && st_.pos.round() >= r.limit);
  if (limit) {
    bool anybody_arrived = false;
    for (Seat t = 0; t < kMaxSeats; ++t)
      if (st_.seat[t].status == SeatStatus::kArrived) anybody_arrived = true;
    const bool draw = r.limit_draw_if_none_arrived && !anybody_arrived;
    rank_rest(draw);
    if (draw) {
      st_.draw = true;
      event({Event::Kind::kDraw, -1, -1, {}, 0, OutReason::kNone, EndReason::kNone, -1});
    }
    finish(EndReason::kLimit);
    return;
  }
  if (r.repetition && occurrences() >= 3) {
    rank_rest(false);
    finish(EndReason::kRepetition);
    return;
  }
  if (r.no_progress) {
    int playing = 0;
    for (Seat t = 0; t < kMaxSeats; ++t)
      if (st_.seat[t].status == SeatStatus::kPlaying) ++playing;
    if (st_.turns - st_.last_progress >= 30 * playing) {
      rank_rest(false);
      finish(EndReason::kNoProgress);
    }
  }
}

// Rule 11. 000: the game ends at once, the resigner last. 002/004: 3+ — the
// resigner is out and the rest play on. Two players (or two teams): the
// opponent wins, on every table.
void Game::do_resign(Seat s) {
  const Rules& r = *rules_;
  if (r.resign == ResignRule::kEndsGame || units_total() == 2) {
    put_out(s, OutReason::kResigned, false);
    rank_rest(false);
    finish(EndReason::kResign);
    return;
  }
  put_out(s, OutReason::kResigned, true);
  if (st_.reply_seat < 0 && units_playing() <= 1) {
    rank_rest(false);
    finish(EndReason::kAllPlaced);
    return;
  }
  update_round();
}

}  // namespace sternhalma
