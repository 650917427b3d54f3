/// @file
/// env.h — the game as a reinforcement-learning environment: action indices,
/// the legal mask, observation planes from a seat's view, rewards, the
/// symmetries of a table, and a vector of N games stepped in one call with
/// auto-reset and a seeded sampler of legal actions.
///
/// Why here and not in a binding: the C ABI (and through it Python, Rust and
/// every FFI user) gets one encoding, computed where the game lives, without a
/// call per cell. The env decides no rule: legality, passes, arrivals, places
/// and endings are the Game's; the env encodes them.
///
/// Players. A table with P seats has players 0..P-1: the seats in turn order
/// from the table's first seat (classic-2: player 0 = W, player 1 = K;
/// race-2: player 0 = K, player 1 = W). seating() gives the map.
///
/// Actions. A move (from, to) is the action from * 121 + to (14,641 ids).
/// Passes are automatic, as in the game: an action is always a move.
///
/// Observation planes (kNumPlanes = 12), from an observer seat's view: the
/// board is rotated so that the observer's home point is at the bottom
/// (point 0), i.e. cell c is drawn at rotate(c, -observer).
///   0..5  seat slots: slot k holds the marbles of the k-th played seat in turn
///         order after the observer (slot 0 = the observer's own); slots past
///         the number of seats are zero.
///   6     kings (any seat's; zero on tables without kings).
///   7     the goal of the marbles the observer moves (its own goal, or its
///         partner's when it moves for its partner).
///   8     cells where those marbles may not end a move (foreign points when
///         the zones are closed or no-entry; zero when free).
///   9     turns left to the nearest limit, as a fraction of that limit: the
///         table's limit (turns, or rounds) and the env's own max_turns;
///         1 when there is neither.
///   10    the observer's own moves left to the exit deadline, as a fraction of
///         the deadline (0 once it has passed); 1 on tables without one.
///   11    1 when the observer moves its partner's marbles (team tables).
/// Scalar planes (9..11) fill every cell of the star. Binary planes are 0/1.
/// With uint8 observations the scalar planes hold round(255 * value).
/// Layouts: kCells is (12, 121), cells in the rule book order (of the rotated board);
/// kGrid is (12, 17, 17) indexed [plane][r + 8][q + 8] in axial coordinates
/// (row r + 9, line q + 9), zero off the star.
#ifndef STERNHALMA_ENV_H_
#define STERNHALMA_ENV_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "sternhalma/bits.h"
#include "sternhalma/game.h"
#include "sternhalma/move.h"
#include "sternhalma/player.h"
#include "sternhalma/random.h"
#include "sternhalma/rules.h"

namespace sternhalma {

inline constexpr int kNumActions = kNumCells * kNumCells;  ///< action ids 0..14640 (see "Actions" above)
inline constexpr int kNoAction = -1;  ///< no action: the game is over
/// The action of move m: from * 121 + to.
constexpr int action_of(Move m) { return m.from * kNumCells + m.to; }
/// The move of an action (0 .. kNumActions - 1).
constexpr Move move_of(int action) {
  return {static_cast<uint8_t>(action / kNumCells), static_cast<uint8_t>(action % kNumCells)};
}

inline constexpr int kNumPlanes = 12;  ///< planes of an observation
/// The observation planes by index (see "Observation planes" above).
enum Plane : int {
  kPlaneSlot0 = 0,       ///< seat slot 0, the observer's own marbles (slots 0..5)
  kPlaneKings = 6,       ///< kings
  kPlaneGoal = 7,        ///< the goal of the marbles the observer moves
  kPlaneClosed = 8,      ///< cells where those marbles may not end a move
  kPlaneTurnsLeft = 9,   ///< turns left to the nearest limit
  kPlaneDeadline = 10,   ///< own moves left to the exit deadline
  kPlaneHelping = 11,    ///< 1 when the observer moves its partner's marbles
};
/// An observation's layout (see "Layouts" above).
enum class ObsLayout : uint8_t {
  kCells,  ///< (12, 121)
  kGrid    ///< (12, 17, 17)
};
/// An observation's values.
enum class ObsType : uint8_t {
  kFloat32,  ///< float, 0..1
  kUint8     ///< uint8_t, 0..255
};
inline constexpr int kGridSide = 17;  ///< rows and columns of a grid plane
/// Values per plane: 121 (cells) or 289 (grid).
constexpr int plane_size(ObsLayout l) { return l == ObsLayout::kCells ? kNumCells : kGridSide * kGridSide; }
/// Values of one observation: kNumPlanes * plane_size(l).
constexpr int obs_values(ObsLayout l) { return kNumPlanes * plane_size(l); }
/// Bytes of one observation.
constexpr int obs_bytes(ObsLayout l, ObsType t) {
  return obs_values(l) * (t == ObsType::kFloat32 ? 4 : 1);
}

/// Players in turn order from the table's first seat. seating(rules) has
/// Position's precondition: validate(rules) is ok.
struct Seating {
  int num_players = 0;                  ///< the number of players (played seats)
  std::array<Seat, kMaxSeats> seat{};   ///< player -> seat
  std::array<int, kMaxSeats> player{};  ///< seat -> player (-1: not played)
};
/// The Seating of a table (Position's precondition, as above).
Seating seating(const Rules& rules);

/// The rewards an env gives (see game_returns).
enum class RewardKind : uint8_t {
  kRank,  ///< places spread over [-1, 1]; a shared place shares the mean value
  kWin,   ///< +1 for place 1, -1 otherwise
};
/// Each player's return (out[player], num_players entries): zeros while the
/// game is not over. Rank: with U units (seats, or teams in a team game) the
/// k-th best position is worth 1 - 2(k-1)/(U-1); units sharing a place share
/// the mean value of the positions they fill, so the values sum to zero
/// (two seats: win +1, loss -1, draw 0). Partners get their team's value.
void game_returns(const Game& game, RewardKind kind, float* out);

/// The observation of `observer` (a played seat) in `layout`, written in full
/// into out (obs_values(layout) values). `turns_cap` is the env's max_turns
/// (0: none) for plane 9.
/// @{
void observe(const Game& game, Seat observer, ObsLayout layout, int turns_cap, float* out);
void observe(const Game& game, Seat observer, ObsLayout layout, int turns_cap, uint8_t* out);
/// @}

/// A symmetry of the star: reflect (in the axis through m1 and e17) when
/// `reflect`, then rotate `rotation` sixths clockwise.
struct Symmetry {
  int rotation = 0;       ///< sixths of a turn clockwise, 0..5
  bool reflect = false;   ///< reflect first
  /// Equal when both fields are.
  bool operator==(const Symmetry&) const = default;
};
/// The image of cell c under s.
Cell apply_symmetry(Symmetry s, Cell c);
/// The image of an action under s: both of its cells mapped.
int apply_symmetry_action(Symmetry s, int action);
/// The symmetries that map the table onto itself: the played seats onto the
/// played seats (partners onto partners), and the turn order onto itself. A
/// reflection reverses the turn order, so it qualifies only when that does
/// not matter (at most two seats). The identity is first.
std::vector<Symmetry> table_symmetries(const Rules& rules);

/// The frame of the actions an env takes and gives (step's actions, the
/// mask, the legal-action lists, sample_legal, legal_actions,
/// engine_action). kBoard: the board's own cells. kObserver: the frame of
/// the observation, the board turned so that the observer's home is at the
/// bottom: the board action a is apply_symmetry_action({-seat, false}, a) for
/// the observer's seat (the seat to act; for a game that just ended there is
/// no action to take, its mask and list are empty).
enum class ActionFrame : uint8_t {
  kBoard,     ///< the board's own cells
  kObserver   ///< the observation's frame
};

/// The options of a VecEnv.
struct EnvOptions {
  ObsLayout layout = ObsLayout::kCells;   ///< the observations' layout
  ObsType dtype = ObsType::kFloat32;      ///< the observations' values
  RewardKind reward = RewardKind::kRank;  ///< the rewards
  /// Truncate a game after this many turns (0: never). It must leave the
  /// caller a turn: more than the engine opponents' opening turns (the
  /// engines before the caller's first player in turn order), else create()
  /// refuses it (OutOfRange).
  int max_turns = 0;
  bool auto_reset = true;   ///< a step on a finished game resets it (else an error)
  /// Engine opponents: opponents[player] set means that player is a computer
  /// player of that level, whose moves the env plays itself, right after a
  /// reset and after every step, until a learning player is to act or the
  /// game ends. At least one player must be left to the caller.
  std::array<std::optional<Level>, kMaxSeats> opponents{};
  /// Keep each game's record (history, events, undo snapshots). Off, the
  /// games run in the Game's playout mode (Game::stop_recording): a step
  /// allocates nothing and a game's memory does not grow with its turns,
  /// which is what makes large vectors fast; records then hold no moves.
  bool record = true;
  ActionFrame action_frame = ActionFrame::kBoard;  ///< the frame of every action
};

/// Where a step writes (the caller's memory, sized for num_envs games).
struct EnvBuffers {
  void* obs = nullptr;            ///< num_envs * obs_bytes
  uint8_t* mask = nullptr;        ///< num_envs * kNumActions, 0/1
  float* rewards = nullptr;       ///< num_envs * num_players
  uint8_t* terminated = nullptr;  ///< num_envs
  uint8_t* truncated = nullptr;   ///< num_envs
  int32_t* to_play = nullptr;     ///< num_envs: the player whose view obs is
  /// The legal actions of every game, listed from the game's own move set
  /// (no scan of the mask): row i holds num_legal[i] actions, in the order
  /// the game generates its moves (not sorted), then -1 up to kMaxMoves.
  int32_t* legal = nullptr;       ///< num_envs * kMaxMoves
  int32_t* num_legal = nullptr;   ///< num_envs
};

/// N games of one table. reset() writes every buffer in full. A step writes
/// what changed: the env remembers, for the last kMaxViews buffer sets it
/// wrote (known by their obs and mask pointers), what each game's
/// observation and mask there hold, and updates a set it knows in place:
/// the mask entries that changed, and, when the same player looks again,
/// the cells and scalar planes that changed. A set it does not know is
/// written in full. So a caller may alternate two sets (a player's view
/// changes little between its turns; VectorEnv in Python does this), and a
/// set must not be changed by anyone else between the steps that write it.
/// Next-step auto-reset: a step that
/// ends a game (terminated by the rules, or truncated at max_turns) writes the
/// final observation (from the view of the learning player that moved last
/// when the game is over) and an empty mask; the next step ignores that game's action,
/// resets it and writes its first observation with reward 0.
class VecEnv {
 public:
  static constexpr size_t kMaxEnvs = size_t{1} << 20;  ///< the ceiling of num_envs

  /// num_envs games of the table; call reset() before the first step().
  /// OutOfRange: num_envs not 1..kMaxEnvs, max_turns negative or within the
  /// engine opponents' opening turns (see EnvOptions::max_turns).
  /// InvalidArgument: a layout, dtype, reward or action_frame that is none of
  /// its enum's values, an opponent for a player the table does not have, no
  /// player left to the caller. Game::create's errors for the table.
  static absl::StatusOr<VecEnv> create(const Rules& rules, const EnvOptions& options,
                                       size_t num_envs);

  /// The calls that take a game index i want i < size() (asserted; the C ABI
  /// checks it), except playouts(), which returns OutOfRange.
  size_t size() const { return envs_.size(); }
  /// The options it was created with.
  const EnvOptions& options() const { return opt_; }
  /// The players and their seats.
  const Seating& players() const { return seating_; }
  /// The table.
  const Rules& rules() const { return initial_.rules(); }
  /// Game i.
  const Game& game(size_t i) const { return envs_[i].game; }
  /// Whether game i ended at the last step (it resets at the next one).
  bool done(size_t i) const { return envs_[i].done; }
  /// Whether game i ended at the last step by the env's max_turns.
  bool truncated(size_t i) const { return envs_[i].truncated; }

  /// Every game to its start; game i's sampler is seeded with seed + i.
  void reset(uint64_t seed, const EnvBuffers& out);
  /// One action per game (kNoAction or anything for a finished game). All or
  /// nothing: an illegal action (or, without auto_reset, a finished game, or
  /// no reset() yet: FailedPrecondition) changes nothing and says which game
  /// and why.
  absl::Status step(const int32_t* actions, const EnvBuffers& out);
  /// A uniformly random legal action per game from its own seeded stream
  /// (kNoAction for a finished game).
  void sample_legal(int32_t* actions);
  /// Legal actions of game i, sorted.
  std::vector<int32_t> legal_actions(size_t i) const;
  /// The player who acts next in game i (-1 when it is done).
  int current_player(size_t i) const;
  /// The move a computer player of `level` seeded with `seed` would play in
  /// game i (kNoAction when it is done).
  int engine_action(size_t i, Level level, uint64_t seed) const;

  /// Mean returns of n playouts of game i from its current state: each turn a
  /// uniformly random legal move with probability `epsilon`, else the normal
  /// player's move; at most max_turns turns. A finished playout scores the
  /// game's returns; an unfinished one a heuristic (not a rule): each
  /// player's lead in ranking distance over the players' mean, as
  /// tanh(lead / 10) (antisymmetric, so zero-sum with two players).
  /// out: num_players, written only on success.
  /// Ceilings (the work grows with the turns played, most of them a
  /// player's search): n <= kMaxPlayouts and max_turns <=
  /// kMaxEnvPlayoutTurns, else OutOfRange (epsilon not in 0..1 too); the
  /// turns of all n playouts at most kMaxEnvPlayoutTurnsInAll, a playout
  /// that plays none (max_turns 0, or game i over) counting one (about 5 s
  /// on one core with epsilon 0, 0.1 s with epsilon 1), else
  /// ResourceExhausted and nothing written.
  /// @{
  static constexpr int kMaxEnvPlayoutTurns = 100'000;
  static constexpr int64_t kMaxEnvPlayoutTurnsInAll = 200'000;
  absl::Status playouts(size_t i, int n, double epsilon, int max_turns, uint64_t seed,
                        float* out) const;
  /// @}

 private:
  struct One {
    Game game;
    Rng rng;
    Seat last_mover = -1;
    bool done = false, truncated = false;
    bool full_mask = false;  ///< this step writes its mask row in full
    std::array<std::optional<Player>, kMaxSeats> bots;  ///< by player
    explicit One(const Game& g) : game(g) {}
  };
  /// What one game's part of a buffer set holds.
  struct Seen {
    Seat observer = -1, owner = -1;   ///< whose view the observation is (-1: not known)
    bool mask = false;                ///< `set` is what the mask holds
    std::array<float, 3> scalars{};   ///< planes 9..11 as written
    std::vector<uint16_t> set;        ///< the mask entries set
    int legal = -1;                   ///< the legal-list row's entries before its -1s (-1: not known)
    std::array<Bits, kMaxSeats> slots{};  ///< the marbles drawn in slot planes 0..5
    Bits kings{};
  };
  struct View {
    const void* obs = nullptr;
    const uint8_t* mask = nullptr;
    const int32_t* legal = nullptr;  ///< the legal lists the seen rows are of
    uint64_t used = 0;
    std::vector<Seen> seen;  ///< per game
  };
  /// The views of the buffer sets written last. A copy of the env knows none
  /// (the buffers belong to the original).
  struct Views {
    std::vector<View> v;
    View none;  ///< the view of a set without obs and mask: remembers nothing
    uint64_t clock = 0;
    Views() = default;
    Views(const Views&) {}
    Views(Views&&) = default;
    Views& operator=(const Views&) {
      v.clear();
      return *this;
    }
    Views& operator=(Views&&) = default;
  };
  /// At most kMaxViews sets are remembered: up to ~300 bytes per game each.
  static constexpr size_t kMaxViews = 4;
  static constexpr size_t kMaskAhead = 8;  ///< games whose mask lines are prefetched ahead

  void restart(size_t i);
  void play(size_t i, Move m, bool agent);
  void play_bots(size_t i);
  VecEnv(const Game& initial, const EnvOptions& o, size_t n);
  View& view_of(const EnvBuffers& out);
  void write(size_t i, const EnvBuffers& out, View& view, bool full);
  void update_masks(uint8_t* mask, View& view);
  template <class T>
  void write_obs(size_t i, Seat observer, Seen& seen, bool full, T* out) const;
  void make_fixed();
  void write_legal(size_t i, const EnvBuffers& out, Seen* seen, bool full) const;
  /// Game i's board action a in the env's action frame, and back.
  int rotation_of(size_t i) const;
  int to_frame(size_t i, int a) const;
  int from_frame(size_t i, int a) const;

  Game initial_;
  EnvOptions opt_;
  Seating seating_;
  std::vector<One> envs_;
  bool reset_ = false;  ///< reset() was called: the opponents are seated
  std::vector<unsigned char> fixed_;  ///< per player: observe_fixed() of its own view
  Views views_;
};

}  // namespace sternhalma

#endif  // STERNHALMA_ENV_H_
