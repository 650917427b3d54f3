/* sternhalma.h — the stable C ABI of the sternhalma rules engine.
 *
 * Plain C99; also compiles as C++. Every function returns an sh_status (or a
 * plain value that cannot fail), never throws, and never keeps a pointer the
 * caller passed in. Conventions:
 *
 * - Handles (sh_rules, sh_position, ...) are opaque; *_free(NULL) is a no-op.
 *   A handle may be used by one thread at a time; different handles may be
 *   used by different threads at once. There is no global mutable state.
 * - Errors: on failure a function returns a status other than SH_OK, leaves
 *   every handle and output untouched (except the size in *needed / *count
 *   for SH_ERR_BUFFER), and records a readable message: on the handle it was
 *   called on (sh_rules_error(h), sh_position_error(h), ...) and, for every
 *   call, on the calling thread (sh_last_error()). Messages stay until the
 *   next failure on the same handle / thread.
 * - Buffers belong to the caller. Text out: (char *buf, size_t size,
 *   size_t *needed): *needed receives strlen + 1. buf == NULL with size == 0
 *   asks for the size and returns SH_OK; a buffer shorter than *needed gives
 *   SH_ERR_BUFFER and is left unwritten. Arrays out: (T *out, size_t cap,
 *   size_t *count), the same rules with element counts.
 * - Cells are the SPEC's indices 0..120 (m1 = 0, i9 = 60, e17 = 120); seats
 *   are the points 0..5 they start on (W R B K Y G); a move is (from, to).
 */
#ifndef STERNHALMA_C_H_
#define STERNHALMA_C_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SH_VERSION_MAJOR 0
#define SH_VERSION_MINOR 1
#define SH_VERSION_PATCH 0

#define SH_NUM_CELLS 121
#define SH_MAX_SEATS 6
#define SH_NO_CELL (-1)
#define SH_NO_SEAT (-1)

typedef enum sh_status {
  SH_OK = 0,
  SH_ERR_NULL = 1,      /* a required pointer or handle is NULL */
  SH_ERR_BUFFER = 2,    /* buffer too small; the size needed is reported */
  SH_ERR_CELL = 3,      /* not a cell index or name */
  SH_ERR_MOVE = 4,      /* illegal or malformed move */
  SH_ERR_PARSE = 5,     /* malformed text (position, record, ...) */
  SH_ERR_PRESET = 6,    /* unknown preset id */
  SH_ERR_OPTION = 7,    /* unknown rule option, bad value, unplayable table */
  SH_ERR_STATE = 8,     /* not possible now (game over, nothing to undo...) */
  SH_ERR_SEAT = 9,      /* not a seat, or a seat the table does not play */
  SH_ERR_RANGE = 10,    /* a number out of its range (depth, index, ...) */
  SH_ERR_MEMORY = 11,   /* out of memory */
  SH_ERR_INTERNAL = 12  /* a bug: please report the message */
} sh_status;

typedef struct sh_rules sh_rules;       /* a table: a preset or custom rules */
typedef struct sh_position sh_position; /* board, seat to move, round */

typedef struct sh_move {
  int from;
  int to;
} sh_move;

/* ---- library ---------------------------------------------------------- */

/* "MAJOR.MINOR.PATCH" of the library actually loaded. */
const char *sh_version(void);
/* MAJOR * 10000 + MINOR * 100 + PATCH. */
unsigned sh_version_number(void);
/* A static name for a status ("SH_ERR_CELL"); "SH_UNKNOWN" otherwise. */
const char *sh_status_name(sh_status status);
/* The message of the last failed call on this thread ("" if none). */
const char *sh_last_error(void);

/* ---- cells and geometry (SPEC §1) ------------------------------------- */

sh_status sh_cell_from_name(const char *name, int *cell);
sh_status sh_cell_name(int cell, char *buf, size_t size, size_t *needed);
/* Axial coordinates q = line - 9, r = row - 9. */
sh_status sh_cell_axial(int cell, int *q, int *r);
/* The cell at (q, r); SH_ERR_CELL when off the star. */
sh_status sh_cell_at(int q, int r, int *cell);
/* out[d] = neighbour in direction d (E, W, UR, UL, DL, DR) or SH_NO_CELL. */
sh_status sh_cell_neighbours(int cell, int out[6]);
/* The point (0..5) the cell lies in, or -1 for the central hexagon. */
sh_status sh_cell_point(int cell, int *point);
/* 2-D drawing coordinates x = q + r/2, y = r*sqrt(3)/2. */
sh_status sh_cell_xy(int cell, double *x, double *y);
/* cell rotated k sixths of a turn clockwise (any k); mirrored (1<->5, 2<->4). */
sh_status sh_cell_rotate(int cell, int k, int *out);
sh_status sh_cell_reflect(int cell, int *out);
sh_status sh_cell_distance(int a, int b, int *steps);
/* The cells of point p (marbles == 10) or of its 15-cell camp (15), sorted. */
sh_status sh_camp_cells(int point, int marbles, int *out, size_t cap, size_t *count);
/* The tip cell of point p (m1 for 0, e17 for 3). */
sh_status sh_tip_cell(int point, int *cell);
/* Cells foreign to the seat on point p (SPEC §3), sorted. */
sh_status sh_foreign_cells(int point, int *out, size_t cap, size_t *count);
/* 'W' 'R' 'B' 'K' 'Y' 'G' <-> 0..5. */
sh_status sh_seat_letter(int seat, char *letter);
sh_status sh_seat_from_letter(char letter, int *seat);

/* ---- presets and rules (SPEC §7) -------------------------------------- */

size_t sh_preset_count(void);
sh_status sh_preset_id(size_t index, char *buf, size_t size, size_t *needed);
/* A new rules handle holding the preset `id`. */
sh_status sh_rules_new(const char *id, sh_rules **out);
sh_status sh_rules_clone(const sh_rules *rules, sh_rules **out);
void sh_rules_free(sh_rules *rules);
const char *sh_rules_error(const sh_rules *rules);
sh_status sh_rules_id(const sh_rules *rules, char *buf, size_t size, size_t *needed);
/* Bit p set: point p is played. */
sh_status sh_rules_seats(const sh_rules *rules, unsigned *mask);
/* Display name of a seat ("white", or "red"/"blue" in race-2). */
sh_status sh_rules_seat_name(const sh_rules *rules, int seat, char *buf, size_t size,
                             size_t *needed);
/* Any rule option by name, its value as text ("jumps" -> "standard"). */
sh_status sh_rules_get_option(const sh_rules *rules, const char *name, char *buf,
                              size_t size, size_t *needed);
/* Sets one option from text ("zones", "free"); all or nothing. It does not
 * check the table as a whole: sh_rules_validate does, and so does every call
 * that makes a position of the table. */
sh_status sh_rules_set_option(sh_rules *rules, const char *name, const char *value);
/* Several "name = value" settings, one per line or separated by ';'; all or
 * nothing. */
sh_status sh_rules_set_options(sh_rules *rules, const char *settings);
/* SH_OK when the table is playable, else SH_ERR_OPTION naming the field. */
sh_status sh_rules_validate(const sh_rules *rules);
/* Every option, one "name = value" per line. */
sh_status sh_rules_describe(const sh_rules *rules, char *buf, size_t size, size_t *needed);

/* ---- positions (SPEC §8) ---------------------------------------------- */

/* The start position of a table. */
sh_status sh_position_new(const sh_rules *rules, sh_position **out);
/* A preset id alone or a full position line of a preset. */
sh_status sh_position_parse(const char *text, sh_position **out);
/* A position line of a custom table (its id must be the table's id). */
sh_status sh_position_parse_rules(const sh_rules *rules, const char *text,
                                  sh_position **out);
sh_status sh_position_clone(const sh_position *pos, sh_position **out);
void sh_position_free(sh_position *pos);
const char *sh_position_error(const sh_position *pos);
/* A new rules handle with the position's table. */
sh_status sh_position_rules(const sh_position *pos, sh_rules **out);
sh_status sh_position_to_text(const sh_position *pos, char *buf, size_t size, size_t *needed);
/* A text drawing of the board, row 17 at the top, one line per row. */
sh_status sh_position_render(const sh_position *pos, char *buf, size_t size, size_t *needed);
sh_status sh_position_to_move(const sh_position *pos, int *seat);
sh_status sh_position_round(const sh_position *pos, int *round);
sh_status sh_position_hash(const sh_position *pos, uint64_t *hash);
/* The seat on the cell, or SH_NO_SEAT; *king (may be NULL) 1 for a king. */
sh_status sh_position_owner(const sh_position *pos, int cell, int *seat, int *king);
/* The cells of a seat, sorted. */
sh_status sh_position_pieces(const sh_position *pos, int seat, int *out, size_t cap,
                             size_t *count);

/* Compact form for batch calls: SH_PACKED_SIZE bytes. Byte c (0..120) is
 * SH_PACKED_EMPTY or the seat on c, plus SH_PACKED_KING for a king; byte
 * 121 is the seat to move; bytes 122..127 are zero. */
#define SH_PACKED_SIZE 128
#define SH_PACKED_EMPTY 0xFF
#define SH_PACKED_KING 0x10
sh_status sh_position_pack(const sh_position *pos, unsigned char out[SH_PACKED_SIZE]);
/* A position of the table from its packed form (round 0). */
sh_status sh_position_unpack(const sh_rules *rules, const unsigned char in[SH_PACKED_SIZE],
                             sh_position **out);

/* ---- moves (SPEC §3) -------------------------------------------------- */

/* Legal moves of the seat to move, sorted by (from, to). */
sh_status sh_position_legal_moves(const sh_position *pos, sh_move *out, size_t cap,
                                  size_t *count);
sh_status sh_position_count_moves(const sh_position *pos, size_t *count);
/* Destinations of the marble on `from` under its owner's rules, sorted. */
sh_status sh_position_destinations(const sh_position *pos, int from, int *out, size_t cap,
                                   size_t *count);
sh_status sh_position_is_legal(const sh_position *pos, int from, int to, int *legal);
/* Cells where the seat may not end a move (foreign points when closed). */
sh_status sh_position_closed_cells(const sh_position *pos, int seat, int *out, size_t cap,
                                   size_t *count);
/* Canonical path of a legal move of the marble on from (cells, both ends). */
sh_status sh_position_canonical_path(const sh_position *pos, int from, int to, int *out,
                                     size_t cap, size_t *count);
/* Up to `limit` routes of the move, written one after the other, each
 * followed by SH_NO_CELL; *count = cells + separators; *paths how many
 * routes; *truncated (may be NULL) 1 when routes were left out. */
sh_status sh_position_all_paths(const sh_position *pos, int from, int to, size_t limit,
                                int *out, size_t cap, size_t *count, size_t *paths,
                                int *truncated);
/* Move text ("l2-l3", "m1-m3-k5", "m1-k5") of the seat to move -> (from, to). */
sh_status sh_position_parse_move(const sh_position *pos, const char *text, sh_move *move);
/* The canonical path of a legal move as text. */
sh_status sh_position_format_move(const sh_position *pos, int from, int to, char *buf,
                                  size_t size, size_t *needed);
/* Plays a legal move of the seat to move, with no game rules: the next seat
 * with marbles moves; the round grows when the turn passes the first seat. */
sh_status sh_position_play(sh_position *pos, int from, int to);

/* ---- perft (SPEC §10) ------------------------------------------------- */

sh_status sh_perft(const sh_position *pos, int depth, uint64_t *nodes);
/* perft(depth - 1) after each first move, sorted by move. */
sh_status sh_divide(const sh_position *pos, int depth, sh_move *moves, uint64_t *nodes,
                    size_t cap, size_t *count);

/* ---- batch calls ------------------------------------------------------ */

/* counts[i] = legal moves of the seat to move in packed position i. */
sh_status sh_batch_count_moves(const sh_rules *rules, const unsigned char *packed, size_t n,
                               uint32_t *counts);
/* All moves of n packed positions, concatenated; offsets[i]..offsets[i+1]
 * are position i's moves (offsets has n + 1 entries). *count = total moves. */
sh_status sh_batch_legal_moves(const sh_rules *rules, const unsigned char *packed, size_t n,
                               size_t *offsets, sh_move *out, size_t cap, size_t *count);
/* counts[i] = legal moves in position text i (preset positions). On a parse
 * error *bad (may be NULL) is the index of the text. */
sh_status sh_batch_count_moves_text(const char *const *texts, size_t n, uint32_t *counts,
                                    size_t *bad);
/* n random playouts from pos (no game rules: uniform legal moves, passes
 * when stuck) until a seat fills its goal with its own marbles or max_plies.
 * winners[i] (may be NULL): that seat or SH_NO_SEAT; plies[i] (may be
 * NULL): plies played. Deterministic for a seed. */
sh_status sh_position_playouts(const sh_position *pos, size_t n, int max_plies, uint64_t seed,
                             int *winners, int *plies);

/* ---- games (SPEC §4, §5) ---------------------------------------------- */

typedef struct sh_game sh_game;     /* a whole game with undo */
typedef struct sh_player sh_player; /* a computer player (SPEC §9) */

typedef enum sh_seat_status {
  SH_SEAT_NOT_PLAYED = 0,
  SH_SEAT_PLAYING = 1,
  SH_SEAT_ARRIVED = 2,
  SH_SEAT_OUT = 3
} sh_seat_status;

typedef enum sh_event_kind {
  SH_EVENT_MOVE = 0,
  SH_EVENT_PASS = 1,
  SH_EVENT_ARRIVAL = 2,
  SH_EVENT_OUT = 3,
  SH_EVENT_RESIGN = 4,
  SH_EVENT_FLAG = 5,
  SH_EVENT_DRAW = 6,
  SH_EVENT_END = 7
} sh_event_kind;

typedef enum sh_end_reason {
  SH_END_NONE = 0,
  SH_END_ALL_PLACED = 1,
  SH_END_FIRST_ARRIVAL = 2,
  SH_END_LAST_REPLY = 3,
  SH_END_LIMIT = 4,
  SH_END_REPETITION = 5,
  SH_END_NO_MOVES = 6,
  SH_END_NO_PROGRESS = 7,
  SH_END_RESIGN = 8
} sh_end_reason;

typedef enum sh_out_reason {
  SH_OUT_NONE = 0,
  SH_OUT_DEADLINE = 1,
  SH_OUT_RETURN_HOME = 2,
  SH_OUT_RESIGNED = 3,
  SH_OUT_PARTNER = 4
} sh_out_reason;

typedef struct sh_event {
  int kind;       /* sh_event_kind */
  int seat;       /* who moved, passed, arrived, ... (SH_NO_SEAT: none) */
  int owner;      /* SH_EVENT_MOVE: whose marble */
  int from, to;   /* SH_EVENT_MOVE */
  int place;      /* SH_EVENT_ARRIVAL / SH_EVENT_OUT: the place taken */
  int out_reason; /* sh_out_reason */
  int end_reason; /* sh_end_reason (SH_EVENT_END) */
  int by_flag;    /* SH_EVENT_MOVE played by the table for a fallen flag */
} sh_event;

typedef struct sh_seat_info {
  int status;         /* sh_seat_status */
  int place;          /* 1 (best) .. N; 0: not placed yet */
  int out_reason;     /* sh_out_reason */
  int moves_made;     /* own moves (the deadline counts these) */
  int turns_taken;    /* moves + passes */
  int64_t reserve_ms; /* clock reserve (0 without clocks) */
} sh_seat_info;

/* A new game of the table; first_seat SH_NO_SEAT: the table's first seat. */
sh_status sh_game_new(const sh_rules *rules, int first_seat, sh_game **out);
/* A game from a position (its seat to move moves first). */
sh_status sh_game_from_position(const sh_position *pos, sh_game **out);
/* Replays a record (SPEC §8) of a preset, or (rules non-NULL) of that table. */
sh_status sh_game_from_record(const sh_rules *rules, const char *record, sh_game **out);
sh_status sh_game_clone(const sh_game *game, sh_game **out);
void sh_game_free(sh_game *game);
const char *sh_game_error(const sh_game *game);
/* A new position handle with the current position. */
sh_status sh_game_position(const sh_game *game, sh_position **out);
/* The seat to move and whose marbles it moves (SH_NO_SEAT when over). */
sh_status sh_game_to_move(const sh_game *game, int *seat, int *marbles_of);
/* over: 0/1; end: sh_end_reason; draw: 0/1 (any may be NULL). */
sh_status sh_game_state(const sh_game *game, int *over, int *end, int *draw);
/* Turns in all, completed rounds, actions that undo can take back (any may be NULL). */
sh_status sh_game_counters(const sh_game *game, int *turns, int *round, int *actions);
sh_status sh_game_seat(const sh_game *game, int seat, sh_seat_info *info);
/* places[p] for the six points (0: not placed or not played). */
sh_status sh_game_places(const sh_game *game, int places[6]);
sh_status sh_game_legal_moves(const sh_game *game, sh_move *out, size_t cap, size_t *count);
/* SH_OK when the move is legal now, else SH_ERR_MOVE (or SH_ERR_STATE when
 * the game is over) with the reason. */
sh_status sh_game_check(const sh_game *game, int from, int to);
/* *eliminates = 1 when the legal move puts a seat out (the exit deadline). */
sh_status sh_game_eliminates(const sh_game *game, int from, int to, int *eliminates);
/* Plays a move of the seat to move; elapsed_ms is charged to its clock (a
 * fallen flag is then played instead: see the events). */
sh_status sh_game_apply(sh_game *game, int from, int to, int64_t elapsed_ms);
sh_status sh_game_apply_text(sh_game *game, const char *move, int64_t elapsed_ms);
sh_status sh_game_resign(sh_game *game, int seat);
/* The flag of the seat to move falls. */
sh_status sh_game_flag(sh_game *game);
/* Takes back up to n actions (with their automatic passes); *undone (may be
 * NULL) how many. SH_ERR_STATE when there is nothing to take back. */
sh_status sh_game_undo(sh_game *game, int n, int *undone);
/* Events from index `first` on (poll with first = events seen so far). */
sh_status sh_game_events(const sh_game *game, size_t first, sh_event *out, size_t cap,
                         size_t *count);
/* One event as a line ("move W m3-m4", "arrive W place 1", ...). */
sh_status sh_game_event_text(const sh_game *game, size_t index, char *buf, size_t size,
                             size_t *needed);
/* Clocks: every seat gets reserve_ms, each move earns increment_ms. Only
 * before the first action (else SH_ERR_STATE). */
sh_status sh_game_set_clock(sh_game *game, int64_t reserve_ms, int64_t increment_ms);
/* The record so far (a line break every per_line turns; 0: one line). */
sh_status sh_game_record(const sh_game *game, int per_line, char *buf, size_t size,
                         size_t *needed);
/* Distances of a seat (SPEC §4 rule 10): the goal (assignment) distance, the
 * tip distance and its marbles in the goal (any may be NULL). */
sh_status sh_position_distance(const sh_position *pos, int seat, int *goal, int *tip,
                               int *in_goal);

/* ---- ratings (SPEC §6) ------------------------------------------------ */

/* Rating changes of n players from places (1 = best, equal = shared) and
 * ratings; k_prime <= 0: 2K/N. */
sh_status sh_rating_changes(const int *places, const double *ratings, size_t n, double k,
                            double k_prime, double *changes);
/* The changes for a finished game's played seats, in seat order; ratings and
 * changes have one entry per played seat (n). */
sh_status sh_game_rating_changes(const sh_game *game, const double *ratings, size_t n,
                                 double k, double k_prime, double *changes);

/* ---- computer players (SPEC §9) --------------------------------------- */

/* level: "easy", "normal" or "hard". */
sh_status sh_player_new(const char *level, uint64_t seed, sh_player **out);
void sh_player_free(sh_player *player);
const char *sh_player_error(const sh_player *player);
/* The player's move for the seat to move (SH_ERR_STATE when the game is over). */
sh_status sh_player_choose(sh_player *player, const sh_game *game, sh_move *move);

/* n games of uniformly random legal moves under every game rule, from the
 * game's current state, each at most max_turns turns; places (may be NULL,
 * n * 6 ints): each game's places by point; turns (may be NULL): turns
 * played. Deterministic for a seed. */
sh_status sh_game_playouts(const sh_game *game, size_t n, int max_turns, uint64_t seed,
                           int *places, int *turns);

/* ---- names and bounds -------------------------------------------------- */

/* The most legal moves any position of any table can have: a seat has at
 * most 15 marbles and a marble ends on an empty cell, of which there are at
 * most 121 - 15 = 106, so 15 * 106 = 1590 bounds every list of legal moves
 * (the C++ kMaxMoves). A buffer of SH_MAX_MOVES sh_move never needs a size
 * query. */
#define SH_MAX_MOVES 1590

/* Static names of the game enums, the words the event lines use:
 * "all-placed", "deadline", "arrive", "playing"; "unknown" for a value
 * outside the enum. */
const char *sh_end_reason_name(int reason);
const char *sh_out_reason_name(int reason);
const char *sh_event_kind_name(int kind);
const char *sh_seat_status_name(int status);

/* A copy of a computer player, generator state included: both then choose
 * the same moves. */
sh_status sh_player_clone(const sh_player *player, sh_player **out);

#ifdef __cplusplus
}
#endif

#endif /* STERNHALMA_C_H_ */
