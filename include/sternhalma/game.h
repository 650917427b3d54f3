// game.h — a whole game under a table of Rules (rule book §4, §5): turns, passes,
// arrivals and places, the exit deadline, limits, repetition, resignations,
// flags and clocks, with exact undo.
//
// A Game owns its Rules (shared, immutable) so that copies of a Game stay
// valid: its Position points into that shared copy. Games share no mutable
// state; independent games may run on different threads.
//
// Actions and turns. A *turn* is a move or a pass (rule book §4). An *action* is
// what a caller does: apply a move, resign a seat, or report a fallen flag.
// After every action the game plays the automatic passes of seats with no
// legal move (they are recorded turns, in history() and events()). undo()
// takes back the last action together with the passes that followed it, and
// restores everything: position, hash, places, clocks and counters.
//
// Where the rule book's sources are silent, the game follows the library's
// choices: the rule book, choices (docs/rules/choices.md), "Turns, arrivals
// and the end".
#ifndef STERNHALMA_GAME_H_
#define STERNHALMA_GAME_H_

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "sternhalma/move.h"
#include "sternhalma/movegen.h"
#include "sternhalma/internal/position_counts.h"
#include "sternhalma/position.h"
#include "sternhalma/rules.h"

/// @file
/// A whole game under a table of Rules (rule book §4, §5); the notes at the
/// top of this header give its design.

namespace sternhalma {

/// A seat's state in a game.
enum class SeatStatus : uint8_t {
  kNotPlayed,  ///< the point is not played at this table
  kPlaying,    ///< still playing
  kArrived,    ///< filled its goal (in a team game: individually)
  kOut,        ///< eliminated or resigned
};

/// Why a game ended (rule book §4).
enum class EndReason : uint8_t {
  kNone,         ///< not over
  kAllPlaced,    ///< every seat has arrived or is out (incl. one seat left)
  kFirstArrival, ///< the table ends at the first arrival
  kLastReply,    ///< the two-player last reply has been played
  kLimit,        ///< move limit (turns or rounds)
  kRepetition,   ///< third occurrence of a position
  kNoMoves,      ///< no seat that has a turn has a legal move
  kNoProgress,   ///< 002: 30 x seats turns without a new lowest distance
  kResign,       ///< 000: a resignation (or flag) ends the game at once
};
/// The word of an ending in event lines: "all-placed", "limit", ...
std::string_view end_reason_name(EndReason r);

/// Why a seat went out (rule book §4 rules 7 and 11, §5).
enum class OutReason : uint8_t {
  kNone,         ///< not out
  kDeadline,     ///< a marble still in its home camp, with a legal move, after the deadline
  kReturnHome,   ///< a marble brought back home after the deadline
  kResigned,     ///< resignation (or a flag that counts as one)
  kPartner,      ///< its partner went out
};
/// The word of an out reason in event lines: "deadline", "resigned", ...
std::string_view out_reason_name(OutReason r);
/// "not-played", "playing", "arrived", "out".
std::string_view seat_status_name(SeatStatus s);

/// Rule 3 on a board: whether seat s's marbles on pos complete its goal under
/// pos's table (anti-blocking: every goal cell occupied, at least one by s;
/// else every goal cell s's; with the king, s's king on the goal's tip). The
/// game's arrival check and the computer players' search both ask this.
bool goal_reached(const Position& pos, Seat s);

/// One entry of the record: a turn (move or pass) or an action (resign, flag).
struct Action {
  /// What the entry is.
  enum class Kind : uint8_t {
    kMove,    ///< a move
    kPass,    ///< an automatic pass (rule book §4 rule 2)
    kResign,  ///< a resignation
    kFlag     ///< a fallen flag
  };
  Kind kind = Kind::kMove;  ///< what the entry is
  Seat seat = 0;      ///< who moved / passed / resigned / flagged
  Seat owner = 0;     ///< whose marble moved (a partner's, rule book §5)
  Move move{};        ///< kMove only
  bool by_flag = false;  ///< kMove played by the table for a fallen flag (004)
  int snapshot = -1;  ///< internal: the state before this move's action
};

/// Something that happened in a game, in the order it happened: what the
/// `replay` lines (event_text) and the C ABI's sh_event report.
struct Event {
  /// What happened.
  enum class Kind : uint8_t {
    kMove,     ///< a seat moved
    kPass,     ///< a seat with no legal move passed
    kArrival,  ///< a seat filled its goal and took a place
    kOut,      ///< a seat went out
    kResign,   ///< a seat resigned
    kFlag,     ///< the flag of the seat to move fell
    kDraw,     ///< the game ended in a draw
    kEnd,      ///< the game ended
  };
  Kind kind = Kind::kMove;  ///< what happened
  Seat seat = -1;           ///< who moved, passed, arrived, ... (-1: none)
  Seat owner = -1;          ///< kMove: whose marble
  Move move{};              ///< kMove
  int place = 0;            ///< kArrival / kOut: the place taken (0 = none yet)
  OutReason out = OutReason::kNone;  ///< kOut: why
  EndReason end = EndReason::kNone;  ///< kEnd: why
  int action = -1;          ///< index into history() (kMove, kPass, kResign, kFlag)
};
/// The first word of the event's line: "move", "pass", "arrive", "out",
/// "resign", "flag", "draw", "end".
std::string_view event_kind_name(Event::Kind k);

/// Clock values are in 0..kMaxClockMs (10^12 ms, about 31 years; a reserve
/// must be at least 1). A reserve never grows past kMaxClockMs (increments
/// beyond it are dropped), so clock arithmetic cannot overflow.
inline constexpr int64_t kMaxClockMs = 1'000'000'000'000;

/// A game's clocks (rule book §4 rule 11), the same for every seat.
struct Clock {
  int64_t reserve_ms = 0;    ///< each seat's starting reserve, 1..kMaxClockMs
  int64_t increment_ms = 0;  ///< earned after each move, 0..kMaxClockMs
};

/// A whole game under a table of Rules (rule book §4, §5), with exact undo;
/// the notes at the top of game.h give its design and the choices it makes
/// where the rule book is silent.
class Game {
 public:
  /// A new game from the start position; `first_seat` must be played
  /// (default: rules.first_seat). Invalid rules or seat: use create().
  /// @{
  explicit Game(const Rules& rules);
  Game(const Rules& rules, Seat first_seat);
  /// @}
  /// A new game as the constructors make it, with the rules and the seat
  /// checked: validate()'s error for a table that is not playable,
  /// InvalidArgument for a first seat it does not play.
  /// @{
  static absl::StatusOr<Game> create(const Rules& rules, Seat first_seat);
  static absl::StatusOr<Game> create(const Rules& rules);
  /// @}
  /// A preset by id (NotFound for an unknown id).
  static absl::StatusOr<Game> create(std::string_view preset_id);
  /// A game from a hand-built position (the seat to move moves first; no
  /// turns or moves counted yet, so limits and deadlines count this game's
  /// own turns and rounds from 0; the position's round goes on from the
  /// given one, as play() in perft.h counts it). Its rules must be a valid
  /// table.
  /// The board must be one the position readers accept (at most `marbles`
  /// pieces a seat, kings only on king tables) and its round 0..kMaxRound;
  /// InvalidArgument otherwise.
  /// @{
  static constexpr int kMaxRound = sternhalma::kMaxRound;
  static absl::StatusOr<Game> from_position(const Rules& rules, const Position& pos);
  /// @}

  /// Copies share the Rules and nothing mutable: a copy is an independent
  /// game with the same history (undo works on both).
  /// @{
  Game(const Game&) = default;
  Game& operator=(const Game&) = default;
  Game(Game&&) = default;
  Game& operator=(Game&&) = default;
  /// @}

  /// The table.
  const Rules& rules() const { return *rules_; }
  /// The table, shared with the game's copies.
  std::shared_ptr<const Rules> shared_rules() const { return rules_; }
  /// The seat that moved first.
  Seat first_seat() const { return first_seat_; }
  /// The current position.
  const Position& position() const { return st_.pos; }
  /// The position before the game's first action.
  const Position& initial_position() const { return initial_; }
  /// The current position's hash (Position::hash()).
  uint64_t hash() const { return st_.pos.hash(); }

  /// Whether the game is over.
  bool is_over() const { return st_.over; }
  /// Why it ended (kNone while it is not over).
  EndReason end_reason() const { return st_.end; }
  /// Whether it ended in a draw.
  bool is_draw() const { return st_.draw; }
  /// The seat whose turn it is (-1 when the game is over).
  Seat to_move() const { return st_.over ? -1 : st_.pos.to_move(); }
  /// Whose marbles the seat to move moves: itself, or its partner when it has
  /// arrived and the table lets it move for its partner (-1 when over).
  Seat marbles_of() const { return st_.over ? -1 : owner_for(st_.pos.to_move()); }

  /// Seat s's state (kNotPlayed for a seat 0..5 the table does not play).
  SeatStatus status(Seat s) const;
  /// 1 (best) .. N (N = seats, or teams in a team game); 0 = not placed yet.
  int place(Seat s) const { return (s >= 0 && s < kMaxSeats) ? st_.seat[s].place : 0; }
  /// Why seat s went out (kNone while it has not). This call, moves_made,
  /// turns_taken and reserve_ms take a seat 0..5 (asserted in debug builds).
  OutReason out_reason(Seat s) const { return seat_state(s).out; }
  int moves_made(Seat s) const { return seat_state(s).moves; }   ///< own moves (deadline)
  int turns_taken(Seat s) const { return seat_state(s).turns; }  ///< moves + passes
  int turns() const { return st_.turns; }                       ///< turns in all
  int round() const { return st_.pos.round(); }  ///< the position's (from_position: goes on from its)
  /// Whether `s` still takes turns (playing, or arrived and moving for its partner).
  bool has_turn(Seat s) const { return s >= 0 && s < kMaxSeats && (st_.turn_seats >> s & 1); }

  /// Legal moves of the seat to move (sorted by (from, to)); empty when over.
  std::vector<Move> legal_moves() const;
  /// The same moves in generation order, kept by the game (no work, no
  /// allocation): what a playout draws from (moves()[k] is the k-th move of
  /// generate()'s list; moves().size() how many).
  const MoveSet& moves() const { return moves_; }
  /// OK when m is legal now, else why not (what and where).
  absl::Status check(Move m) const;
  /// A move as text (a path or from-to, rule book §8) read as the game reads it:
  /// for the seat to move, with the marbles it moves now (its partner's, when
  /// it moves for its partner: rule book §5). FailedPrecondition when the game is
  /// over; InvalidArgument (what and where) when the text is not a legal move.
  absl::StatusOr<Move> parse_move(std::string_view text) const;
  /// Whether m is a move rule 7 marks (rule book §4): one that brings a marble back
  /// into its home camp after its seat's deadline, and so puts that seat out.
  /// The deadline move that leaves a movable marble at home is not marked
  /// (the choices above).
  bool eliminates(Move m) const;
  /// Whether m, played now, puts a seat out, and why: kReturnHome for a move
  /// eliminates() marks (the marble's owner goes out); kDeadline for the
  /// mover's deadline move (its 30th own move, 40th with 15 marbles) when it
  /// leaves at home a marble that has a legal move on the board after it
  /// (rule 7, checked on a copy of the board; apply() puts seats out by this
  /// very answer);
  /// kNone otherwise, and for a move that is not legal now. So a front end
  /// can warn before either: eliminates() alone is the rule book's mark.
  OutReason puts_out(Move m) const {
    // Both reasons need the marbles' owner at its deadline move or past it:
    // most turns end here (apply() asks on every move, players for each).
    const int deadline = rules_->deadline;
    if (st_.over || deadline <= 0 || st_.seat[static_cast<size_t>(owner_for(st_.pos.to_move()))].moves + 1 < deadline)
      return OutReason::kNone;
    return puts_out_near_deadline(m);
  }
  /// A fallen flag on a table with FlagRule::kBestMove: the move it plays.
  Move flag_move() const;

  /// Plays m for the seat to move. `elapsed_ms` (>= 0, else OutOfRange) is
  /// charged to the seat's clock when clocks are set: when it exceeds the
  /// reserve, the flag falls instead (as flag()) and the move is not played;
  /// the call still returns OK (see events()). An illegal move changes
  /// nothing and returns the reason (InvalidArgument; FailedPrecondition
  /// when the game is over).
  absl::Status apply(Move m, int64_t elapsed_ms = 0);
  /// A move as text (a path or from-to, rule book §8).
  absl::Status apply(std::string_view text, int64_t elapsed_ms = 0);
  /// Seat s resigns (any seat still playing, at any time).
  absl::Status resign(Seat s);
  /// The flag of the seat to move falls (rule book §4 rule 11).
  absl::Status flag();

  /// Takes back the last action (and the automatic passes after it). False
  /// when there is none.
  bool undo();
  /// Takes back up to n actions; returns how many.
  int undo(int n);
  /// The number of actions undo() can take back.
  int actions() const { return static_cast<int>(snaps_.size()); }

  /// Clocks (bookkeeping only): every played seat gets the reserve; each move
  /// earns the increment. OutOfRange for a reserve outside 1..kMaxClockMs or
  /// an increment outside 0..kMaxClockMs; FailedPrecondition once a turn or
  /// an action was played and not taken back (after undoing every action the
  /// game is at its start again, and takes a clock).
  absl::Status set_clock(Clock c);
  /// Whether clocks are set.
  bool has_clock() const { return clock_on_; }
  /// Seat s's clock reserve (0 without clocks).
  int64_t reserve_ms(Seat s) const { return seat_state(s).reserve_ms; }

  /// Playout mode, for random playouts and self-play: from now on the game
  /// keeps no undo snapshots, history or events (undo() has nothing more to
  /// take back; history(), events() and records stop here), so a turn
  /// allocates nothing and memory does not grow with the turns, except for
  /// the repetition count on tables with the repetition rule (on other
  /// tables occurrences() stops counting).
  void stop_recording();
  /// Whether the game still records (stop_recording() not called).
  bool recording() const { return recording_; }

  /// The record: every turn and action, in order.
  const std::vector<Action>& history() const { return history_; }
  /// Every event, in order.
  const std::vector<Event>& events() const { return events_; }
  /// The position just before the move of history()[i] (which must be a move).
  const Position& position_before(size_t i) const;
  /// The canonical path text of the move of history()[i].
  std::string move_text(size_t i) const;
  /// One line per event (the `replay` format): "move W m3-m4", "pass K",
  /// "arrive W place 1", "out B place 3 deadline", "resign R", "flag W",
  /// "draw", "end limit".
  std::string event_text(const Event& e) const;
  /// The number of times the current position (board + seat to move) occurred.
  int occurrences() const;

 private:
  struct SeatState {
    SeatStatus status = SeatStatus::kNotPlayed;
    OutReason out = OutReason::kNone;
    int place = 0;
    int moves = 0, turns = 0;
    int best_distance = 0;  ///< lowest goal distance so far (no-progress rule)
    int distance_bound = 0;  ///< at most the goal distance now (track_progress)
    int64_t reserve_ms = 0;
  };
  struct State {
    explicit State(const Rules& r) : pos(r) {}
    Position pos;
    std::array<SeatState, kMaxSeats> seat{};
    int turns = 0;
    int best_free = 1, worst_free = 0;
    int units = 0;  ///< units_playing(), kept by every arrival and put_out
    uint8_t turn_seats = 0;  ///< bit s: has_turn(s); kept with units (seats_changed)
    int last_progress = 0;
    Seat reply_seat = -1;  ///< two-player last reply pending for this seat
    bool over = false, draw = false;
    bool moved = false;  ///< a move was played (arrivals looked at every seat)
    /// A seat has arrived, even one out since (an arrived partner whose team
    /// resigned or went out): 002's limit is a draw only when none has.
    bool arrived = false;
    EndReason end = EndReason::kNone;
    size_t history = 0, events = 0, reps = 0;
  };

  Game(std::shared_ptr<const Rules> rules, Seat first, const Position* from);
  OutReason puts_out_near_deadline(Move m) const;  ///< puts_out past its gate
  const SeatState& seat_state(Seat s) const {
    assert(s >= 0 && s < kMaxSeats);
    return st_.seat[static_cast<size_t>(s)];
  }

  /// Inline: the turn flow asks these several times a turn, from game.cpp and game_end.cpp.
  Seat partner(Seat s) const { return opposite_point(s); }
  Seat owner_for(Seat s) const {
    return st_.seat[static_cast<size_t>(s)].status == SeatStatus::kPlaying ? s : partner(s);
  }
  bool team_playing(Seat s) const;
  int units_total() const;
  int units_playing() const;
  bool takes_turns(Seat s) const;  ///< what has_turn() reads from st_.turn_seats
  void seats_changed();  ///< after a seat's status changed: units and turn seats
  /// The first seat after `from` in turn order (from itself last) that has a
  /// turn: the turn seats rotated so that from + 1 is bit 0.
  Seat next_turn_seat(Seat from) const {
    const unsigned m = st_.turn_seats, r = static_cast<unsigned>(from) + 1;  // 1..6
    const unsigned rot = ((m >> r) | (m << (kMaxSeats - r))) & 63u;
    if (!rot) return -1;
    return static_cast<Seat>((r + static_cast<unsigned>(std::countr_zero(rot))) % kMaxSeats);
  }

  /// Recording (all no-ops once recording stopped).
  void push_snapshot();
  int record(Action a);  ///< returns the action's index in history()
  void event(const Event& e) {
    if (recording_) events_.push_back(e);
  }
  int record_position();  ///< the occurrences of the position now (0: not counted)

  /// The turn flow (game.cpp), top-down: an action plays a move (or a
  /// resignation, a flag), then settle() passes for the seats that cannot
  /// move until one can or the game ends.
  void play_move(Seat s, Seat owner, Move m, bool by_flag);
  void settle();
  void pass_turn(Seat s);
  void track_progress(Seat owner, Move m);
  void give_turn(Seat next);
  void update_round();
  bool arrived_now(Seat s) const;
  void check_arrivals(Seat first, Cell to);
  void put_out(Seat s, OutReason why, bool remove);
  void do_resign(Seat s);

  /// Ending (game_end.cpp).
  void after_turn(Seat s);
  EndReason ending_before_next(Seat s) const;
  bool limit_reached() const;
  void end_by_limit();
  bool no_progress() const;
  void end_game(EndReason why, bool draw_all = false);
  void rank_rest(bool draw_all);

  std::shared_ptr<const Rules> rules_;
  Seat first_seat_ = 0;
  Position initial_;
  int round_base_ = 0;  ///< the round of the position the game started from
  State st_;
  bool arrived_this_turn_ = false;  ///< scratch, reset at every move
  bool clock_on_ = false;
  bool recording_ = true;
  Clock clock_{};
  MoveSet moves_;  ///< legal moves of the seat to move (empty when over)
  std::array<uint8_t, kNumCells> goal_seats_{};  ///< bit s of [c]: c is in goal_cells(rules, s)
  std::vector<State> snaps_;
  std::vector<Action> history_;
  std::vector<Event> events_;
  std::vector<uint64_t> reps_;  ///< hash after every turn (and the start)
  internal::PositionCounts rep_count_;
};

}  // namespace sternhalma

#endif  // STERNHALMA_GAME_H_
