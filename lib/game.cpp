// game.cpp — the turn flow of SPEC §4 and §5. Ending and ranking are in
// game_end.cpp.
#include "sternhalma/game.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"
#include "sternhalma/distance.h"
#include "sternhalma/movegen.h"
#include "sternhalma/notation.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

namespace sternhalma {

namespace {

std::string seat_str(Seat s) { return std::string(1, seat_letter(s)); }

}  // namespace

// The words of the enums, in enum order: one table each, read by index.
namespace {

constexpr std::string_view kEndReasonNames[] = {
    "none", "all-placed", "first-arrival", "last-reply", "limit",
    "repetition", "no-moves", "no-progress", "resign"};
constexpr std::string_view kOutReasonNames[] = {"none", "deadline", "returned-home", "resigned",
                                                "partner"};
constexpr std::string_view kSeatStatusNames[] = {"not-played", "playing", "arrived", "out"};
constexpr std::string_view kEventKindNames[] = {"move", "pass", "arrive", "out",
                                                "resign", "flag", "draw", "end"};
static_assert(std::size(kEndReasonNames) == static_cast<size_t>(EndReason::kResign) + 1);
static_assert(std::size(kOutReasonNames) == static_cast<size_t>(OutReason::kPartner) + 1);
static_assert(std::size(kSeatStatusNames) == static_cast<size_t>(SeatStatus::kOut) + 1);
static_assert(std::size(kEventKindNames) == static_cast<size_t>(Event::Kind::kEnd) + 1);

template <class E, size_t N>
std::string_view name_of(const std::string_view (&names)[N], E value) {
  const auto i = static_cast<size_t>(value);
  return i < N ? names[i] : "?";
}

}  // namespace

std::string_view end_reason_name(EndReason r) { return name_of(kEndReasonNames, r); }
std::string_view out_reason_name(OutReason r) { return name_of(kOutReasonNames, r); }
std::string_view seat_status_name(SeatStatus s) { return name_of(kSeatStatusNames, s); }
std::string_view event_kind_name(Event::Kind k) { return name_of(kEventKindNames, k); }

// ---------------------------------------------------------------- creation

Game::Game(const Rules& rules) : Game(rules, rules.first_seat) {}

Game::Game(const Rules& rules, Seat first_seat)
    : Game(
          [&] {
            Rules r = rules;
            r.first_seat = first_seat;
            return std::make_shared<const Rules>(std::move(r));
          }(),
          first_seat, nullptr) {}

Game::Game(std::shared_ptr<const Rules> rules, Seat first, const Position* from)
    : rules_(std::move(rules)), first_seat_(first), initial_(*rules_), st_(*rules_) {
  const Rules& r = *rules_;
  if (from) {
    for (Cell c = 0; c < kNumCells; ++c)
      if (from->at(c) != kEmpty) st_.pos.put(c, from->at(c), from->is_king(c));
    st_.pos.set_to_move(from->to_move());
    st_.pos.set_round(from->round());
    round_base_ = from->round();
  } else {
    st_.pos = Position::start(r);
    st_.pos.set_to_move(first);
  }
  for (Seat s = 0; s < kMaxSeats; ++s) {
    if (!r.plays(s)) continue;
    SeatState& ss = st_.seat[s];
    ss.status = SeatStatus::kPlaying;
    if (r.no_progress) ss.best_distance = ss.distance_bound = goal_distance(st_.pos, s);
  }
  for (Seat s = 0; s < kMaxSeats; ++s)
    goal_cells(r, s).for_each([&](Cell c) { goal_seats_[c] |= static_cast<uint8_t>(1 << s); });
  st_.worst_free = units_total();
  seats_changed();
  initial_ = st_.pos;
  record_position();
  settle();
}

absl::StatusOr<Game> Game::create(const Rules& rules, Seat first_seat) {
  if (absl::Status s = validate(rules); !s.ok()) return s;
  if (first_seat < 0 || first_seat >= kMaxSeats || !rules.plays(first_seat))
    return absl::InvalidArgumentError(
        absl::StrCat("game: first seat ", first_seat, " is not played in ", rules.id));
  return Game(rules, first_seat);
}

absl::StatusOr<Game> Game::create(const Rules& rules) { return create(rules, rules.first_seat); }

absl::StatusOr<Game> Game::create(std::string_view preset_id) {
  const Rules* r = find_preset(preset_id);
  if (!r) return absl::NotFoundError(absl::StrCat("game: unknown preset ", text::quote(preset_id)));
  return create(*r);
}

absl::StatusOr<Game> Game::from_position(const Rules& rules, const Position& pos) {
  if (absl::Status s = validate(rules); !s.ok()) return s;
  for (Cell c = 0; c < kNumCells; ++c)
    if (pos.at(c) != kEmpty && !rules.plays(pos.at(c)))
      return absl::InvalidArgumentError(absl::StrCat("game: ", cell_name(c), " holds a marble of ",
                                                     seat_str(pos.at(c)), ", not played in ",
                                                     rules.id));
  if (!rules.plays(pos.to_move()))
    return absl::InvalidArgumentError(
        absl::StrCat("game: seat to move ", seat_str(pos.to_move()), " is not played"));
  // A hand-built board gets the readers' one check (Position::unpack: at most
  // `marbles` pieces a seat, kings only on king tables, one each): more
  // marbles than the table has would overflow the move sets.
  const Packed packed = pos.pack();
  if (absl::StatusOr<Position> read = Position::unpack(packed.data(), rules); !read.ok())
    return absl::InvalidArgumentError(absl::StrCat("game: the position: ", read.status().message()));
  if (pos.round() < 0 || pos.round() > kMaxRound)
    return absl::InvalidArgumentError(
        absl::StrCat("game: the position's round ", pos.round(), " is not in 0..", kMaxRound));
  // A position does not say whether a seat is out: a played seat with no
  // pieces (out in a 3+ game, its marbles removed) would play on, passing
  // every turn, and be ranked with distance 0. Refused instead (docs/rules/choices.md).
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (rules.plays(s) && pos.count(s) == 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "game: seat ", seat_str(s), " has no pieces; a game needs every played seat on the board "
          "(a position does not say whether a seat is out: replay the game's record instead)"));
  Rules r = rules;
  r.first_seat = pos.to_move();
  return Game(std::make_shared<const Rules>(std::move(r)), pos.to_move(), &pos);
}

// ------------------------------------------------------------------ seats

SeatStatus Game::status(Seat s) const {
  if (s < 0 || s >= kMaxSeats) return SeatStatus::kNotPlayed;
  return st_.seat[s].status;
}

bool Game::takes_turns(Seat s) const {
  const SeatStatus st = st_.seat[s].status;
  if (st == SeatStatus::kPlaying) return true;
  const Rules& r = *rules_;
  return r.teams && r.partner_moves && st == SeatStatus::kArrived &&
         st_.seat[partner(s)].status == SeatStatus::kPlaying;
}

// A unit is a seat, or a team in a team game.
int Game::units_total() const {
  return rules_->teams ? rules_->num_seats() / 2 : rules_->num_seats();
}

// A team plays until it is placed (both arrived) or out; a seat until it has
// arrived or is out.
bool Game::team_playing(Seat s) const {
  const SeatState& ss = st_.seat[s];
  if (ss.status == SeatStatus::kNotPlayed || ss.status == SeatStatus::kOut) return false;
  if (!rules_->teams) return ss.status == SeatStatus::kPlaying;
  return ss.place == 0;
}

int Game::units_playing() const {
  int n = 0;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (team_playing(s) && (!rules_->teams || s < 3 || !rules_->plays(s - 3))) ++n;
  return n;
}

void Game::seats_changed() {
  st_.units = units_playing();
  st_.turn_seats = 0;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (takes_turns(s)) st_.turn_seats |= static_cast<uint8_t>(1 << s);
}


// ------------------------------------------------------------------ queries

std::vector<Move> Game::legal_moves() const {
  if (st_.over) return {};
  return sternhalma::legal_moves(st_.pos, owner_for(st_.pos.to_move()));
}

absl::Status Game::check(Move m) const {
  if (st_.over) return absl::FailedPreconditionError("move: the game is over");
  const Seat s = st_.pos.to_move(), o = owner_for(s);
  if (m.from >= kNumCells || m.to >= kNumCells)
    return absl::InvalidArgumentError(
        absl::StrCat("move: cell index ", int{m.from}, "/", int{m.to}, " is off the board"));
  // moves_ holds the legal moves of the seat to move (settle() keeps it).
  if (moves_.contains(m)) return absl::OkStatus();
  // Illegal: the message is built only now.
  const std::string where = absl::StrCat(cell_name(m.from), "-", cell_name(m.to));
  if (st_.pos.at(m.from) != o)
    return absl::InvalidArgumentError(absl::StrCat(
        "move ", where, ": ", seat_str(s), " to move", o != s ? absl::StrCat(" (for ", seat_str(o), ")") : std::string(),
        " has no marble on ", cell_name(m.from)));
  return absl::InvalidArgumentError(
      absl::StrCat("move ", where, ": not a legal move for ", seat_str(o)));
}

absl::StatusOr<Move> Game::parse_move(std::string_view text) const {
  if (st_.over) return absl::FailedPreconditionError("move: the game is over");
  absl::StatusOr<ParsedMove> pm =
      sternhalma::parse_move(st_.pos, text, owner_for(st_.pos.to_move()));
  if (!pm.ok()) return pm.status();
  return pm->move;
}

bool Game::eliminates(Move m) const {
  const Rules& r = *rules_;
  if (st_.over || r.deadline <= 0) return false;
  const Seat o = owner_for(st_.pos.to_move());
  if (st_.seat[o].moves < r.deadline) return false;
  const Bits& home = home_cells(o, r.marbles);
  return m.from < kNumCells && m.to < kNumCells && !home.test(m.from) && home.test(m.to);
}

OutReason Game::puts_out_near_deadline(Move m) const {
  const int deadline = rules_->deadline;
  const Seat s = st_.pos.to_move(), o = owner_for(s);
  if (eliminates(m)) return moves_.contains(m) ? OutReason::kReturnHome : OutReason::kNone;
  // Only the seat's own moves count towards its deadline (SPEC §5).
  if (o != s || st_.seat[s].moves + 1 != deadline || !moves_.contains(m)) return OutReason::kNone;
  // The deadline move: a marble still at home that could move on the board
  // after it puts the seat out; a marble with no legal move there is exempt.
  Position after = st_.pos;
  after.move_piece(m.from, m.to);
  bool late = false;
  const Bits home = after.pieces(s) & home_cells(s, rules_->marbles);
  home.for_each([&](Cell c) {
    if (!late && destinations(after, c).any()) late = true;
  });
  return late ? OutReason::kDeadline : OutReason::kNone;
}

Move Game::flag_move() const {
  const Seat o = owner_for(st_.pos.to_move());
  const Cell tip = tip_cell(opposite_point(o));
  Move best{};
  int best_gain = -1000;
  for (const Move m : sternhalma::legal_moves(st_.pos, o)) {  // sorted by (from, to)
    const int gain = hex_distance(m.from, tip) - hex_distance(m.to, tip);
    if (gain > best_gain) best_gain = gain, best = m;
  }
  return best;
}

int Game::occurrences() const {
  return rep_count_.count(st_.pos.hash());
}

const Position& Game::position_before(size_t i) const {
  return snaps_[static_cast<size_t>(history_[i].snapshot)].pos;
}

std::string Game::move_text(size_t i) const {
  return format_move(position_before(i), history_[i].move);
}

std::string Game::event_text(const Event& e) const {
  const std::string s = e.seat >= 0 ? seat_str(e.seat) : "";
  const auto k = text::av(event_kind_name(e.kind));
  switch (e.kind) {
    case Event::Kind::kMove:
      return absl::StrCat(k, " ", s, " ", move_text(static_cast<size_t>(e.action)),
                          e.owner != e.seat ? absl::StrCat(" for ", seat_str(e.owner)) : "");
    case Event::Kind::kArrival:
      return e.place ? absl::StrCat(k, " ", s, " place ", e.place) : absl::StrCat(k, " ", s);
    case Event::Kind::kOut:
      return absl::StrCat(k, " ", s, " place ", e.place, " ", text::av(out_reason_name(e.out)));
    case Event::Kind::kPass:
    case Event::Kind::kResign:
    case Event::Kind::kFlag: return absl::StrCat(k, " ", s);
    case Event::Kind::kDraw: return std::string(k);
    case Event::Kind::kEnd: return absl::StrCat(k, " ", text::av(end_reason_name(e.end)));
  }
  return "?";
}

// ------------------------------------------------------------------ recording

void Game::stop_recording() {
  recording_ = false;
  snaps_.clear();
  snaps_.shrink_to_fit();
  reps_.clear();
  reps_.shrink_to_fit();
}

void Game::push_snapshot() {
  if (!recording_) return;
  st_.history = history_.size();
  st_.events = events_.size();
  st_.reps = reps_.size();
  snaps_.push_back(st_);
}

int Game::record(Action a) {
  if (!recording_) return -1;
  history_.push_back(a);
  return static_cast<int>(history_.size()) - 1;
}

// The count of occurrences; a playout (not recording) counts only for the
// repetition rule.
int Game::record_position() {
  if (!recording_ && rules_->repetition == Repetition::kOff) return 0;
  const uint64_t h = st_.pos.hash();
  if (recording_) reps_.push_back(h);
  return rep_count_.add(h);
}

bool Game::undo() {
  if (snaps_.empty()) return false;
  State& sn = snaps_.back();
  history_.resize(sn.history);
  events_.resize(sn.events);
  while (reps_.size() > sn.reps) {
    rep_count_.remove(reps_.back());
    reps_.pop_back();
  }
  st_ = std::move(sn);
  snaps_.pop_back();
  if (st_.over)
    moves_.clear();
  else
    find_moves(st_.pos, owner_for(st_.pos.to_move()), moves_);
  return true;
}

int Game::undo(int n) {
  int k = 0;
  while (k < n && undo()) ++k;
  return k;
}

// ------------------------------------------------------------------ actions

absl::Status Game::set_clock(Clock c) {
  if (c.reserve_ms < 1 || c.reserve_ms > kMaxClockMs || c.increment_ms < 0 ||
      c.increment_ms > kMaxClockMs)
    return absl::OutOfRangeError(absl::StrCat("clock: reserve ", c.reserve_ms, " and increment ",
                                              c.increment_ms, " ms: the reserve must be in 1..",
                                              kMaxClockMs, ", the increment in 0..", kMaxClockMs));
  if (!snaps_.empty() || st_.turns > 0)
    return absl::FailedPreconditionError("clock: set it before the first action");
  clock_on_ = true;
  clock_ = c;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (rules_->plays(s)) st_.seat[s].reserve_ms = c.reserve_ms;
  return absl::OkStatus();
}

namespace {

absl::Status check_elapsed(int64_t elapsed_ms) {
  if (elapsed_ms >= 0) return absl::OkStatus();
  return absl::OutOfRangeError(absl::StrCat("move: elapsed time ", elapsed_ms, " ms is negative"));
}

}  // namespace

absl::Status Game::apply(Move m, int64_t elapsed_ms) {
  if (absl::Status s = check_elapsed(elapsed_ms); !s.ok()) return s;
  if (absl::Status s = check(m); !s.ok()) return s;
  const Seat s = st_.pos.to_move();
  int64_t& reserve = st_.seat[s].reserve_ms;
  if (clock_on_ && elapsed_ms > reserve) return flag();
  push_snapshot();
  // 0 <= elapsed <= reserve <= kMaxClockMs and increment <= kMaxClockMs: no overflow.
  if (clock_on_) reserve = std::min(kMaxClockMs, reserve - elapsed_ms + clock_.increment_ms);
  play_move(s, owner_for(s), m, false);
  settle();
  return absl::OkStatus();
}

absl::Status Game::apply(std::string_view text, int64_t elapsed_ms) {
  if (absl::Status s = check_elapsed(elapsed_ms); !s.ok()) return s;
  absl::StatusOr<Move> m = parse_move(text);
  if (!m.ok()) return m.status();
  return apply(*m, elapsed_ms);
}

absl::Status Game::resign(Seat s) {
  if (st_.over) return absl::FailedPreconditionError("resign: the game is over");
  if (s < 0 || s >= kMaxSeats || !rules_->plays(s))
    return absl::InvalidArgumentError(absl::StrCat("resign: seat ", s, " is not played"));
  // Any seat still playing; in a team game, any seat of a team still playing.
  if (!team_playing(s))
    return absl::FailedPreconditionError(
        absl::StrCat("resign: ", seat_str(s), " is no longer playing"));
  push_snapshot();
  const int a = record({.kind = Action::Kind::kResign, .seat = s, .owner = s});
  event({.kind = Event::Kind::kResign, .seat = s, .owner = s, .action = a});
  do_resign(s);
  settle();
  return absl::OkStatus();
}

absl::Status Game::flag() {
  if (st_.over) return absl::FailedPreconditionError("flag: the game is over");
  const Seat s = st_.pos.to_move();
  push_snapshot();
  const int a = record({.kind = Action::Kind::kFlag, .seat = s, .owner = s});
  event({.kind = Event::Kind::kFlag, .seat = s, .owner = s, .action = a});
  // Choice: a fallen flag's reserve is 0 on every table (its time ran out);
  // on 004 the move the table then plays earns the increment.
  const bool table_moves = rules_->flag == FlagRule::kBestMove;
  if (clock_on_) st_.seat[s].reserve_ms = table_moves ? clock_.increment_ms : 0;
  if (table_moves) {
    play_move(s, owner_for(s), flag_move(), true);
  } else {
    do_resign(s);
  }
  settle();
  return absl::OkStatus();
}

// ------------------------------------------------------------------ turn flow

// A move of seat s (with the marbles of `owner`): the board, the counters,
// the exit deadline (rule 7), arrivals, then the end of the turn.
void Game::play_move(Seat s, Seat owner, Move m, bool by_flag) {
  assert(!st_.over && s == st_.pos.to_move() && owner == owner_for(s));
  assert(st_.pos.at(m.from) == owner && st_.pos.at(m.to) == kEmpty);
  assert(moves_.contains(m));  // puts_out answers kNone for any other move
  const Rules& r = *rules_;
  // Rule 7, decided before the move exactly as puts_out() tells a front end.
  const OutReason out = puts_out(m);
  arrived_this_turn_ = false;
  const int a = record({.kind = Action::Kind::kMove, .seat = s, .owner = owner, .move = m,
                        .by_flag = by_flag, .snapshot = static_cast<int>(snaps_.size()) - 1});
  st_.pos.move_piece(m.from, m.to);
  event({.kind = Event::Kind::kMove, .seat = s, .owner = owner, .move = m, .action = a});
  ++st_.seat[s].turns;
  ++st_.turns;
  if (s == owner) ++st_.seat[s].moves;  // the deadline counts own moves only
  if (r.no_progress) track_progress(owner, m);
  if (out == OutReason::kReturnHome) put_out(owner, OutReason::kReturnHome, true);
  if (out == OutReason::kDeadline) put_out(s, OutReason::kDeadline, true);
  if (!st_.over) check_arrivals(s, m.to);
  after_turn(s);
}

// 002's no-progress rule: a move of owner's marble that brings its goal
// distance (the assignment of its marbles outside the goal to the free goal
// cells) below the lowest so far is progress. The assignment needs no
// computing while a lower bound of it stays at or above the best, and a
// move changes the distance by at least
// - outside the goal to outside it: the least change of the marble's
//   distance to a free goal cell (the matching keeps its cell), which is
//   positive for a move away from every free cell;
// - into or out of the goal or inside it: minus the marble's displacement
//   (hex distance from -> to: swapping its cell into the matching costs no
//   more, by the triangle inequality).
// The bound is lowered (or raised) by that at every move and reset to the
// exact distance when it falls below the best. It holds when the seat has
// as many marbles as goal cells (every start position); with a hand-built
// count the distance is computed every move.
void Game::track_progress(Seat owner, Move m) {
  const Rules& r = *rules_;
  SeatState& os = st_.seat[owner];
  const Bits& goal = goal_cells(r, owner);
  const Bits& own = st_.pos.pieces(owner);
  const bool bounded = own.count() == goal.count();
  if (bounded && !goal.test(m.from) && !goal.test(m.to)) {
    int least = kNumCells;
    goal.minus(own).for_each(
        [&](Cell j) { least = std::min(least, hex_distance(m.to, j) - hex_distance(m.from, j)); });
    os.distance_bound += least;
  } else {
    os.distance_bound -= hex_distance(m.from, m.to);
  }
  assert(!bounded || os.distance_bound <= goal_distance(st_.pos, owner));
  if (bounded && os.distance_bound >= os.best_distance) return;
  const int d = goal_distance(st_.pos, owner);
  os.distance_bound = d;
  if (d < os.best_distance) {
    os.best_distance = d;
    st_.last_progress = st_.turns;
  }
}

// Rule 2: an automatic, recorded pass of seat s.
void Game::pass_turn(Seat s) {
  const Seat o = owner_for(s);
  const int a = record({.kind = Action::Kind::kPass, .seat = s, .owner = o});
  event({.kind = Event::Kind::kPass, .seat = s, .owner = o, .action = a});
  ++st_.seat[s].turns;
  ++st_.turns;
  arrived_this_turn_ = false;
  after_turn(s);
}

// The one place the turn moves on.
void Game::give_turn(Seat next) {
  assert(next >= 0 && next < kMaxSeats && has_turn(next));
  st_.pos.set_to_move(next);
  update_round();
}

// After an action: the seats that cannot move pass, until one can or the
// game ends.
void Game::settle() {
  while (!st_.over) {
    Seat s = st_.pos.to_move();
    if (!has_turn(s)) {
      s = next_turn_seat(s);
      if (s < 0) return end_game(EndReason::kAllPlaced);
      give_turn(s);
    }
    find_moves(st_.pos, owner_for(s), moves_);
    if (!moves_.empty()) return;
    bool any = false;
    for (Seat t = 0; t < kMaxSeats && !any; ++t)
      if (has_turn(t) && has_move(st_.pos, owner_for(t))) any = true;
    if (!any) return end_game(EndReason::kNoMoves);
    pass_turn(s);
  }
}

bool goal_reached(const Position& pos, Seat s) {
  const Rules& r = pos.rules();
  const Bits& goal = goal_cells(r, s);
  const Bits& own = pos.pieces(s);
  bool ok = r.anti_blocking ? ((pos.occupied() & goal) == goal && (own & goal).any())
                            : (own & goal) == goal;
  if (ok && r.king()) ok = (own & pos.kings()).test(tip_cell(opposite_point(s)));
  return ok;
}

bool Game::arrived_now(Seat s) const { return goal_reached(st_.pos, s); }

// Arrivals after a move to `to`, in turn order from the mover: places, the
// two-player last reply (rule 5) and its draw. A move can only complete
// the goals it lands in (leaving a goal or taking marbles off the board
// never completes one), so after the first move only the seats whose goal
// holds `to` are looked at; the first move looks at every seat (a
// hand-built start may hold a completed goal).
void Game::check_arrivals(Seat first, Cell to) {
  const Rules& r = *rules_;
  const unsigned seats = st_.moved ? goal_seats_[static_cast<size_t>(to)] : 63u;
  st_.moved = true;
  if (!seats) return;
  for (int i = 0; i < kMaxSeats && !st_.over; ++i) {
    const Seat t = first + i < kMaxSeats ? first + i : first + i - kMaxSeats;
    if (!(seats >> t & 1) || st_.seat[t].status != SeatStatus::kPlaying) continue;
    if (!arrived_now(t)) continue;
    st_.seat[t].status = SeatStatus::kArrived;
    st_.arrived = true;
    bool draw = false;
    if (r.teams) {
      const Seat p = partner(t);
      if (st_.seat[p].status == SeatStatus::kArrived) {
        st_.seat[t].place = st_.seat[p].place = st_.best_free++;
        arrived_this_turn_ = true;
      }
    } else if (st_.reply_seat == t) {
      // Rule 5: the last reply arrives too: a draw, both first.
      int first_place = 1;
      for (Seat q = 0; q < kMaxSeats; ++q)
        if (q != t && st_.seat[q].status == SeatStatus::kArrived) first_place = st_.seat[q].place;
      st_.seat[t].place = first_place;
      st_.draw = draw = true;
      st_.reply_seat = -1;
    } else {
      st_.seat[t].place = st_.best_free++;
      arrived_this_turn_ = true;
      if (r.last_reply && r.num_seats() == 2) {
        const Seat b = r.next_seat(t);
        if (st_.seat[b].status == SeatStatus::kPlaying && st_.seat[b].turns < st_.seat[t].turns)
          st_.reply_seat = b;
      }
    }
    seats_changed();
    event({.kind = Event::Kind::kArrival, .seat = t, .owner = t, .place = st_.seat[t].place});
    if (draw) event({.kind = Event::Kind::kDraw});
  }
}

void Game::put_out(Seat s, OutReason why, bool remove) {
  assert(s >= 0 && s < kMaxSeats && st_.seat[s].status != SeatStatus::kNotPlayed);
  const Rules& r = *rules_;
  const int place = st_.worst_free--;
  const bool take_off = remove && (r.teams || r.num_seats() >= 3);
  auto out = [&](Seat t, OutReason w) {
    st_.seat[t].status = SeatStatus::kOut;
    st_.seat[t].out = w;
    st_.seat[t].place = place;
    if (take_off) st_.pos.clear_seat(t);
    event({.kind = Event::Kind::kOut, .seat = t, .owner = t, .place = place, .out = w});
  };
  out(s, why);
  if (r.teams) out(partner(s), OutReason::kPartner);
  seats_changed();
  if (st_.reply_seat == s) st_.reply_seat = -1;
}

void Game::update_round() {
  int m = -1;
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (st_.seat[s].status == SeatStatus::kPlaying && (m < 0 || st_.seat[s].turns < m))
      m = st_.seat[s].turns;
  if (m >= 0) st_.pos.set_round(round_base_ + m);
}

}  // namespace sternhalma
