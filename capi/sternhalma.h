/** @file
 * sternhalma.h — the stable C ABI of the sternhalma rules engine.
 *
 * Plain C99; also compiles as C++. Every function returns an sh_status (or a
 * plain value that cannot fail), never throws, and never keeps a pointer the
 * caller passed in. The C ABI decides no rule: every answer comes from the
 * C++ library (include/sternhalma/), so the C ABI, the bindings built on it
 * and the C++ API always agree.
 *
 * Conventions (they hold for every function below and are not repeated):
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
 * - Statuses: each function's comment lists the statuses it returns besides
 *   SH_OK. Two more can come from any function that returns an sh_status:
 *   SH_ERR_MEMORY (an allocation failed) and SH_ERR_INTERNAL (a bug). A
 *   required pointer or handle that is NULL gives SH_ERR_NULL; "(NULL ok)"
 *   marks the outputs that may be NULL when not wanted.
 * - Buffers belong to the caller. Text out: (char *buf, size_t size,
 *   size_t *needed): *needed (NULL ok) receives strlen + 1. buf == NULL with
 *   size == 0 asks for the size and returns SH_OK; buf == NULL with size != 0
 *   is SH_ERR_NULL; a buffer shorter than *needed gives SH_ERR_BUFFER and is
 *   left unwritten. Arrays out: (T *out, size_t cap, size_t *count), the
 *   same rules with element counts.
 * - Structs that may grow are passed with the caller's sizeof: as an
 *   argument for sh_seat_info and sh_event, which the library fills (see
 *   "growing structs" at sh_event for why and how), and in the first field,
 *   `size`, for the env's sh_env_options, sh_env_spec and sh_env_buffers,
 *   single structs a caller keeps and passes to many calls (see "the env's
 *   structs" at sh_env_options). Either way the library reads and writes
 *   only the bytes the caller's size covers.
 * - Cells are the rule book's indices 0..120 (m1 = 0, i9 = 60, e17 = 120); seats
 *   are the points 0..5 they start on (W R B K Y G); a move is (from, to).
 * - Work that grows with the input has a documented ceiling (SH_MAX_*); a
 *   call that would pass it returns SH_ERR_RANGE (an argument beyond it) or
 *   SH_ERR_LIMIT (the work itself reached it) and changes nothing.
 *
 * Layout: the header is a list of sections (library, cells, rules,
 * positions, moves, perft, batch, games, ratings, players, playouts). A new
 * group of calls is a new section appended at the end, before the closing
 * extern "C" block; new calls never change the order or the meaning of
 * existing ones, and new status and enum values are only appended.
 */
#ifndef STERNHALMA_C_H_
#define STERNHALMA_C_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header; sh_version() is the library's (they match
 * when the header and the library come from the same build). The one
 * source is the project version in the top meson.build; a test checks that
 * these three numbers agree with it. */
/** @{ */
#define SH_VERSION_MAJOR 0
#define SH_VERSION_MINOR 5
#define SH_VERSION_PATCH 1
/** @} */

#define SH_NUM_CELLS 121 /**< cells of the star, indices 0..120 (rule book §1) */
#define SH_MAX_SEATS 6   /**< seats of a table at most, one per point 0..5 */
#define SH_NO_CELL (-1)  /**< no cell: off the star, or a pass's move */
#define SH_NO_SEAT (-1)  /**< no seat: an empty cell, or nobody to move */

/** What a call did: SH_OK or why it failed (see "Statuses" above). */
typedef enum sh_status {
  SH_OK = 0,            /**< success */
  SH_ERR_NULL = 1,      /**< a required pointer or handle is NULL */
  SH_ERR_BUFFER = 2,    /**< buffer too small; the size needed is reported */
  SH_ERR_CELL = 3,      /**< not a cell index or name */
  SH_ERR_MOVE = 4,      /**< illegal or malformed move */
  SH_ERR_PARSE = 5,     /**< malformed text (position, record, ...) */
  SH_ERR_PRESET = 6,    /**< unknown preset id */
  SH_ERR_OPTION = 7,    /**< unknown rule option, bad value, unplayable table */
  SH_ERR_STATE = 8,     /**< not possible now (game over, nothing to undo...) */
  SH_ERR_SEAT = 9,      /**< not a seat, or a seat the table does not play */
  SH_ERR_RANGE = 10,    /**< a number out of its range (depth, index, ...) */
  SH_ERR_MEMORY = 11,   /**< out of memory */
  SH_ERR_INTERNAL = 12, /**< a bug: please report the message */
  SH_ERR_LIMIT = 13     /**< a documented ceiling on work or memory was reached */
} sh_status;

typedef struct sh_rules sh_rules;       /**< a table: a preset or custom rules */
typedef struct sh_position sh_position; /**< board, seat to move, round */

/** A move (rule book §3): the cell a marble leaves and the cell it ends on. */
typedef struct sh_move {
  int from; /**< the cell the marble leaves */
  int to;   /**< the cell it ends on */
} sh_move;

/* ---- library ---------------------------------------------------------- */

/** "MAJOR.MINOR.PATCH" of the library actually loaded (static storage). */
const char *sh_version(void);
/** MAJOR * 10000 + MINOR * 100 + PATCH of the library actually loaded. */
unsigned sh_version_number(void);
/** A static name for a status ("SH_ERR_CELL"); "SH_UNKNOWN" for any other
 * value. */
const char *sh_status_name(sh_status status);
/** The message of the last failed call on this thread ("" if none); valid
 * until the next failing call on this thread. */
const char *sh_last_error(void);

/* ---- cells and geometry (rule book §1) ------------------------------------- */

/** The index of a cell name ("k5").
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL not a cell name */
sh_status sh_cell_from_name(const char *name, int *cell);
/** The name of a cell ("k5").
 * @retval SH_ERR_CELL not 0..120
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_cell_name(int cell, char *buf, size_t size, size_t *needed);
/** Axial coordinates q = line - 9, r = row - 9.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_cell_axial(int cell, int *q, int *r);
/** The cell at (q, r).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL off the star */
sh_status sh_cell_at(int q, int r, int *cell);
/** out[d] = neighbour in direction d (E, W, UR, UL, DL, DR) or SH_NO_CELL.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_cell_neighbours(int cell, int out[6]);
/** The point (0..5) the cell lies in, or -1 for the central hexagon.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_cell_point(int cell, int *point);
/** 2-D drawing coordinates x = q + r/2, y = r*sqrt(3)/2.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_cell_xy(int cell, double *x, double *y);
/** The cell rotated k sixths of a turn clockwise (any k).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_cell_rotate(int cell, int k, int *out);
/** The cell mirrored (points 1<->5, 2<->4).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_cell_reflect(int cell, int *out);
/** Steps between two cells.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL either cell */
sh_status sh_cell_distance(int a, int b, int *steps);
/** The cells of point p (marbles == 10) or of its 15-cell camp (15), sorted.
 * @retval SH_ERR_SEAT not a point 0..5
 * @retval SH_ERR_RANGE marbles not 10 or 15
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_camp_cells(int point, int marbles, int *out, size_t cap, size_t *count);
/** The tip cell of point p (m1 for 0, e17 for 3).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not a point 0..5 */
sh_status sh_tip_cell(int point, int *cell);
/** Cells foreign to the seat on point p (rule book §3), sorted.
 * @retval SH_ERR_SEAT not a point 0..5
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_foreign_cells(int point, int *out, size_t cap, size_t *count);
/** 'W' 'R' 'B' 'K' 'Y' 'G' for the seats 0..5.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT */
sh_status sh_seat_letter(int seat, char *letter);
/** The seat of a letter (upper case only).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not one of W R B K Y G */
sh_status sh_seat_from_letter(char letter, int *seat);

/* ---- presets and rules (rule book §7) -------------------------------------- */

/** The number of presets (cannot fail). */
size_t sh_preset_count(void);
/** The id of preset `index` (0 .. sh_preset_count() - 1).
 * @retval SH_ERR_RANGE index
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_preset_id(size_t index, char *buf, size_t size, size_t *needed);
/** A new rules handle holding the preset `id`.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_PRESET unknown id */
sh_status sh_rules_new(const char *id, sh_rules **out);
/** A copy of a rules handle.
 * @retval SH_ERR_NULL */
sh_status sh_rules_clone(const sh_rules *rules, sh_rules **out);
/** Frees a rules handle (NULL: nothing to do). */
void sh_rules_free(sh_rules *rules);
/** The message of the last failed call on this handle ("" if none). */
const char *sh_rules_error(const sh_rules *rules);
/** The table's id ("classic-2", or a custom table's own id).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_rules_id(const sh_rules *rules, char *buf, size_t size, size_t *needed);
/** Bit p set: point p is played.
 * @retval SH_ERR_NULL */
sh_status sh_rules_seats(const sh_rules *rules, unsigned *mask);
/** Display name of a seat ("white", or "red"/"blue" in race-2).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not 0..5
 * @retval SH_ERR_BUFFER */
sh_status sh_rules_seat_name(const sh_rules *rules, int seat, char *buf, size_t size,
                             size_t *needed);
/** Any rule option by name, its value as text ("jumps" -> "standard").
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION unknown name
 * @retval SH_ERR_BUFFER */
sh_status sh_rules_get_option(const sh_rules *rules, const char *name, char *buf,
                              size_t size, size_t *needed);
/** Sets one option from text ("zones", "free"); all or nothing. It does not
 * check the table as a whole: sh_rules_validate does, and so does every call
 * that makes a position of the table.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION unknown name or bad value */
sh_status sh_rules_set_option(sh_rules *rules, const char *name, const char *value);
/** Several "name = value" settings, one per line or separated by ';'; all or
 * nothing.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION the first bad setting, named */
sh_status sh_rules_set_options(sh_rules *rules, const char *settings);
/** Gives a table changed from a preset without an id of its own the derived
 * id "<preset>+<8 hex digits>" (a hash of the options that differ: the same
 * changes, the same id); any other table keeps its id. Since 0.4.
 * @retval SH_ERR_NULL */
sh_status sh_rules_derive_id(sh_rules *rules);
/** SH_OK when the table is playable.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION naming the field */
sh_status sh_rules_validate(const sh_rules *rules);
/** Every option, one "name = value" per line.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_rules_describe(const sh_rules *rules, char *buf, size_t size, size_t *needed);

/* ---- positions (rule book §8) ---------------------------------------------- */

/** The start position of a table.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION the table is not playable */
sh_status sh_position_new(const sh_rules *rules, sh_position **out);
/** A preset id alone or a full position line of a preset.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_PRESET unknown preset id
 * @retval SH_ERR_PARSE the rest of the line, with the field and what is wrong */
sh_status sh_position_parse(const char *text, sh_position **out);
/** A position line of a custom table (its id must be the table's id).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION the table is not playable
 * @retval SH_ERR_PARSE */
sh_status sh_position_parse_rules(const sh_rules *rules, const char *text,
                                  sh_position **out);
/** A copy of a position handle.
 * @retval SH_ERR_NULL */
sh_status sh_position_clone(const sh_position *pos, sh_position **out);
/** Frees a position handle (NULL: nothing to do). */
void sh_position_free(sh_position *pos);
/** The message of the last failed call on this handle ("" if none). */
const char *sh_position_error(const sh_position *pos);
/** A new rules handle with the position's table.
 * @retval SH_ERR_NULL */
sh_status sh_position_rules(const sh_position *pos, sh_rules **out);
/** The position line (rule book §8), e.g. "classic-2 W W:m1,... K:... 0".
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_position_to_text(const sh_position *pos, char *buf, size_t size, size_t *needed);
/** A text drawing of the board: rows 17..1 top to bottom with their numbers
 * on both sides, a marble as its seat letter followed by '*' for a king (as
 * in the position line), '.' for an empty cell, the lines a..q under the
 * star, then "W to move, round 0 (classic-2)". The same drawing as the
 * `sternhalma show` command.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_position_render(const sh_position *pos, char *buf, size_t size, size_t *needed);
/** The seat to move.
 * @retval SH_ERR_NULL */
sh_status sh_position_to_move(const sh_position *pos, int *seat);
/** Completed rounds.
 * @retval SH_ERR_NULL */
sh_status sh_position_round(const sh_position *pos, int *round);
/** The Zobrist hash of board and seat to move (the same in every process).
 * @retval SH_ERR_NULL */
sh_status sh_position_hash(const sh_position *pos, uint64_t *hash);
/** The seat on the cell, or SH_NO_SEAT; *king (NULL ok) 1 for a king.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_position_owner(const sh_position *pos, int cell, int *seat, int *king);
/** The cells of a seat, sorted.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not 0..5
 * @retval SH_ERR_BUFFER */
sh_status sh_position_pieces(const sh_position *pos, int seat, int *out, size_t cap,
                             size_t *count);

/** Compact form for batch calls: SH_PACKED_SIZE bytes. Byte c (0..120) is
 * SH_PACKED_EMPTY or the seat on c, plus SH_PACKED_KING for a king; byte
 * 121 is the seat to move; bytes 122..127 are zero. */
/** @{ */
#define SH_PACKED_SIZE 128
#define SH_PACKED_EMPTY 0xFF
#define SH_PACKED_KING 0x10
/** @} */
/** The packed form of a position (its round is not kept).
 * @retval SH_ERR_NULL */
sh_status sh_position_pack(const sh_position *pos, unsigned char out[SH_PACKED_SIZE]);
/** A position of the table from its packed form (round 0), checked exactly
 * as the text parser checks a position line.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION the table is not playable
 * @retval SH_ERR_PARSE a byte that is not a position of the table, named by its
 *         index: a seat not played, more marbles than the table has, a second
 *         king, padding not 0 */
sh_status sh_position_unpack(const sh_rules *rules, const unsigned char in[SH_PACKED_SIZE],
                             sh_position **out);

/* ---- moves (rule book §3) -------------------------------------------------- */

/** Legal moves of the seat to move, sorted by (from, to).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_position_legal_moves(const sh_position *pos, sh_move *out, size_t cap,
                                  size_t *count);
/** The number of legal moves of the seat to move.
 * @retval SH_ERR_NULL */
sh_status sh_position_count_moves(const sh_position *pos, size_t *count);
/** Destinations of the marble on `from` under its owner's rules, sorted
 * (none for an empty cell).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_BUFFER */
sh_status sh_position_destinations(const sh_position *pos, int from, int *out, size_t cap,
                                   size_t *count);
/** *legal = 1 when (from, to) is a legal move of the seat to move, else 0.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL */
sh_status sh_position_is_legal(const sh_position *pos, int from, int to, int *legal);
/** Cells where the seat may not end a move (foreign points when closed).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not 0..5
 * @retval SH_ERR_BUFFER */
sh_status sh_position_closed_cells(const sh_position *pos, int seat, int *out, size_t cap,
                                   size_t *count);
/** Canonical path of a legal move of the marble on from (cells, both ends).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_MOVE not a legal move
 * @retval SH_ERR_BUFFER */
sh_status sh_position_canonical_path(const sh_position *pos, int from, int to, int *out,
                                     size_t cap, size_t *count);
/** Up to `limit` routes of the move, written one after the other, each
 * followed by SH_NO_CELL; *count = cells + separators; *paths (NULL ok) how
 * many routes; *truncated (NULL ok) 0 when every route is listed, 1 when
 * there are more than `limit`, 2 when the search stopped at the library's
 * ceiling (at most 100000 routes and 10000000 search hops per call, whatever
 * `limit` says; more routes may exist). Each call searches anew, so a size
 * query and a fill call each cost at most that.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_RANGE limit 0
 * @retval SH_ERR_MOVE not a legal move
 * @retval SH_ERR_BUFFER */
sh_status sh_position_all_paths(const sh_position *pos, int from, int to, size_t limit,
                                int *out, size_t cap, size_t *count, size_t *paths,
                                int *truncated);
/** Move text ("l2-l3", "m1-m3-k5", "m1-k5") of the seat to move -> (from, to).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_MOVE malformed or illegal, with the reason */
sh_status sh_position_parse_move(const sh_position *pos, const char *text, sh_move *move);
/** The canonical path of a legal move as text.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_MOVE not a legal move
 * @retval SH_ERR_BUFFER */
sh_status sh_position_format_move(const sh_position *pos, int from, int to, char *buf,
                                  size_t size, size_t *needed);
/** Plays a legal move of the seat to move, with no game rules: the next seat
 * with marbles moves; the round grows when the turn passes the first seat.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_MOVE not a legal move
 * @retval SH_ERR_LIMIT the round would pass 1 000 000 000, the most a position's
 *         text takes */
sh_status sh_position_play(sh_position *pos, int from, int to);

/* ---- perft (rule book §10) ------------------------------------------------- */

/** Leaf nodes of the move tree `depth` plies deep (0..32; perft(0) = 1).
 * Each ply multiplies the work by about 15 to 30, so the depth alone does
 * not bound it: a call stops with SH_ERR_LIMIT once it has counted more
 * than SH_MAX_PERFT_LEAVES sequences (about 12 minutes of one core on
 * classic-2; its perft(8), 6.5e10, is within), writing nothing.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE depth
 * @retval SH_ERR_LIMIT */
/** @{ */
#define SH_MAX_PERFT_LEAVES 1000000000000ULL
sh_status sh_perft(const sh_position *pos, int depth, uint64_t *nodes);
/** @} */
/** perft(depth - 1) after each first move, sorted by move (depth 1..32: a
 * first move needs one ply, so depth 0 is SH_ERR_RANGE, as in the CLI); the
 * counts add up to sh_perft. A seat with no legal move has one entry, its
 * pass, written (SH_NO_CELL, SH_NO_CELL). moves and nodes both NULL (cap 0)
 * asks for the count.
 * @retval SH_ERR_NULL one of moves/nodes NULL, not both
 * @retval SH_ERR_RANGE depth
 * @retval SH_ERR_BUFFER
 * @retval SH_ERR_LIMIT as sh_perft: the counts together */
sh_status sh_divide(const sh_position *pos, int depth, sh_move *moves, uint64_t *nodes,
                    size_t cap, size_t *count);

/* ---- batch calls ------------------------------------------------------ */

/** The most positions (or texts) one batch call takes: more is SH_ERR_RANGE
 * before any work. sh_batch_count_moves keeps 4 bytes per position,
 * sh_batch_legal_moves nothing beyond the caller's arrays (figures:
 * tests/README.md, "Ceilings"). */
#define SH_MAX_BATCH 1048576u

/** counts[i] = legal moves of the seat to move in packed position i (n
 * positions, n * SH_PACKED_SIZE bytes; n == 0 does nothing).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n > SH_MAX_BATCH
 * @retval SH_ERR_OPTION the table is not playable
 * @retval SH_ERR_PARSE position i is not one of the table */
sh_status sh_batch_count_moves(const sh_rules *rules, const unsigned char *packed, size_t n,
                               uint32_t *counts);
/** All moves of n packed positions, concatenated; offsets[i]..offsets[i+1]
 * are position i's moves (offsets has n + 1 entries). *count = total moves.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n > SH_MAX_BATCH
 * @retval SH_ERR_OPTION
 * @retval SH_ERR_PARSE
 * @retval SH_ERR_BUFFER */
sh_status sh_batch_legal_moves(const sh_rules *rules, const unsigned char *packed, size_t n,
                               size_t *offsets, sh_move *out, size_t cap, size_t *count);
/** counts[i] = legal moves in position text i (preset positions). On an
 * error in text i, *bad (NULL ok) is i.
 * @retval SH_ERR_NULL also a NULL text
 * @retval SH_ERR_RANGE n > SH_MAX_BATCH
 * @retval SH_ERR_PRESET
 * @retval SH_ERR_PARSE */
sh_status sh_batch_count_moves_text(const char *const *texts, size_t n, uint32_t *counts,
                                    size_t *bad);

/* ---- games (rule book §4, §5) ---------------------------------------------- */

typedef struct sh_game sh_game;     /**< a whole game with undo */
typedef struct sh_player sh_player; /**< a computer player (rule book §9) */

/** A seat's state in a game (sh_seat_info.status). */
typedef enum sh_seat_status {
  SH_SEAT_NOT_PLAYED = 0, /**< the point is not played at this table */
  SH_SEAT_PLAYING = 1,    /**< still playing */
  SH_SEAT_ARRIVED = 2,    /**< filled its goal (rule book §4 rule 3) */
  SH_SEAT_OUT = 3         /**< eliminated or resigned (sh_seat_info.out_reason says why) */
} sh_seat_status;

/** What an event (sh_event.kind) reports. */
typedef enum sh_event_kind {
  SH_EVENT_MOVE = 0,    /**< a seat moved (sh_event.from, sh_event.to) */
  SH_EVENT_PASS = 1,    /**< a seat with no legal move passed (rule book §4 rule 2) */
  SH_EVENT_ARRIVAL = 2, /**< a seat filled its goal and took a place */
  SH_EVENT_OUT = 3,     /**< a seat went out (sh_event.out_reason says why) */
  SH_EVENT_RESIGN = 4,  /**< a seat resigned */
  SH_EVENT_FLAG = 5,    /**< the flag of the seat to move fell */
  SH_EVENT_DRAW = 6,    /**< the game ended in a draw */
  SH_EVENT_END = 7      /**< the game ended (sh_event.end_reason says why) */
} sh_event_kind;

/** Why a game ended (rule book §4); the C++ sternhalma::EndReason. */
typedef enum sh_end_reason {
  SH_END_NONE = 0,          /**< not over */
  SH_END_ALL_PLACED = 1,    /**< every seat has arrived or is out */
  SH_END_FIRST_ARRIVAL = 2, /**< the table ends at the first arrival */
  SH_END_LAST_REPLY = 3,    /**< the two-player last reply has been played */
  SH_END_LIMIT = 4,         /**< the move limit (turns or rounds) */
  SH_END_REPETITION = 5,    /**< a position occurred for the third time */
  SH_END_NO_MOVES = 6,      /**< no seat that has a turn has a legal move */
  SH_END_NO_PROGRESS = 7,   /**< no new lowest distance for too long (002) */
  SH_END_RESIGN = 8         /**< a resignation (or flag) ended the game at once */
} sh_end_reason;

/** Why a seat went out; the C++ sternhalma::OutReason. */
typedef enum sh_out_reason {
  SH_OUT_NONE = 0,        /**< not out */
  SH_OUT_DEADLINE = 1,    /**< a marble that could move was still at home after the exit deadline (rule book §4 rule 7) */
  SH_OUT_RETURN_HOME = 2, /**< a marble of it was brought back home after the deadline (rule 7) */
  SH_OUT_RESIGNED = 3,    /**< it resigned, or its flag fell where that is a resignation */
  SH_OUT_PARTNER = 4      /**< its partner went out (rule book §5) */
} sh_out_reason;

/** Growing structs. sh_event and sh_seat_info are filled by the library,
 * sh_event in arrays. Each call that fills them takes the caller's
 * sizeof(struct) as an argument: the library writes the fields that fit in
 * that size (a caller built against an older header gets the fields it
 * knows), zero-fills any tail it does not know (a caller newer than the
 * library sees new fields as 0), and steps through an array by the caller's
 * size. New fields are only appended. Why an argument, not a size field
 * inside the struct (Win32's cbSize, libgit2's version) or an accessor per
 * field (SQLite's sqlite3_column_*): an array needs one stride for all its
 * elements, which a field in each element does not give without the caller
 * filling every element first; an argument cannot be forgotten (the
 * compiler asks for it); and one call still fetches a whole batch of events
 * (bindings poll them every turn), where accessors would cost a call per
 * field. The size must be at least SH_EVENT_SIZE_V1 / SH_SEAT_INFO_SIZE_V1
 * (the first published layouts), else SH_ERR_RANGE. This is the rule of
 * Linux's extensible structs (openat2, clone3). */
typedef struct sh_event {
  int kind;       /**< sh_event_kind */
  int seat;       /**< who moved, passed, arrived, ... (SH_NO_SEAT: none) */
  int owner;      /**< SH_EVENT_MOVE: whose marble */
  /** @{ */
  int from, to;   /**< SH_EVENT_MOVE (else SH_NO_CELL) */
  /** @} */
  int place;      /**< SH_EVENT_ARRIVAL / SH_EVENT_OUT: the place taken */
  int out_reason; /**< sh_out_reason */
  int end_reason; /**< sh_end_reason (SH_EVENT_END) */
  int by_flag;    /**< SH_EVENT_MOVE played by the table for a fallen flag */
} sh_event;
#define SH_EVENT_SIZE_V1 (9 * sizeof(int)) /**< the first published sh_event's size */

/** One seat's state in a game, filled by sh_game_seat (a growing struct). */
typedef struct sh_seat_info {
  int status;         /**< sh_seat_status */
  int place;          /**< 1 (best) .. N; 0: not placed yet */
  int out_reason;     /**< sh_out_reason */
  int moves_made;     /**< own moves (the deadline counts these) */
  int turns_taken;    /**< moves + passes */
  int64_t reserve_ms; /**< clock reserve (0 without clocks) */
} sh_seat_info;
/** The first published sh_seat_info's size. */
#define SH_SEAT_INFO_SIZE_V1 (offsetof(sh_seat_info, reserve_ms) + sizeof(int64_t))

/** Clock values (reserve, increment) are at most SH_MAX_CLOCK_MS (10^12 ms,
 * about 31 years); a reserve never grows past it (increments beyond it are
 * dropped), so no clock arithmetic can overflow. */
#define SH_MAX_CLOCK_MS INT64_C(1000000000000)

/** A new game of the table; first_seat SH_NO_SEAT: the table's first seat.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT first_seat not 0..5 or not played
 * @retval SH_ERR_OPTION the table is not playable */
sh_status sh_game_new(const sh_rules *rules, int first_seat, sh_game **out);
/** A game from a position (its seat to move moves first).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION the table is not playable, or the position cannot start
 *         a game of it: a played seat with no pieces, since a position does not
 *         say whether a seat is out; the message names the seat
 *
 * Changed in 0.3.0: 0.2.0 made a game in which such a seat passed every turn. */
sh_status sh_game_from_position(const sh_position *pos, sh_game **out);
/** The most bytes a record may have: sh_game_from_record refuses a longer
 * one, sh_game_record and sh_env_record never write one (since 0.4). */
#define SH_MAX_RECORD_BYTES 1048576u
/** Replays a record (rule book §8) of a preset, or of the table its tag line
 * names ("[rules classic-2;id=free-2;zones=free]", the preset and every
 * option changed: what sh_game_record writes for a table that is no
 * preset), or (rules non-NULL) of that table, which a tag must then name.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_PRESET unknown preset id
 * @retval SH_ERR_PARSE naming the token and what is wrong with it, an illegal
 *         move included; a bad tag; more than SH_MAX_RECORD_BYTES */
sh_status sh_game_from_record(const sh_rules *rules, const char *record, sh_game **out);
/** A copy of a game (with its history: undo works on both).
 * @retval SH_ERR_NULL */
sh_status sh_game_clone(const sh_game *game, sh_game **out);
/** Frees a game handle (NULL: nothing to do). */
void sh_game_free(sh_game *game);
/** The message of the last failed call on this handle ("" if none). */
const char *sh_game_error(const sh_game *game);
/** A new position handle with the current position.
 * @retval SH_ERR_NULL */
sh_status sh_game_position(const sh_game *game, sh_position **out);
/** The seat to move and whose marbles it moves (SH_NO_SEAT when over);
 * marbles_of NULL ok.
 * @retval SH_ERR_NULL */
sh_status sh_game_to_move(const sh_game *game, int *seat, int *marbles_of);
/** over: 0/1; end: sh_end_reason; draw: 0/1 (each NULL ok).
 * @retval SH_ERR_NULL game */
sh_status sh_game_state(const sh_game *game, int *over, int *end, int *draw);
/** Turns in all, completed rounds, actions that undo can take back (each
 * NULL ok).
 * @retval SH_ERR_NULL game */
sh_status sh_game_counters(const sh_game *game, int *turns, int *round, int *actions);
/** One seat's state; info_size = sizeof(sh_seat_info) (see "growing
 * structs").
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not 0..5
 * @retval SH_ERR_RANGE info_size below SH_SEAT_INFO_SIZE_V1 */
sh_status sh_game_seat(const sh_game *game, int seat, sh_seat_info *info, size_t info_size);
/** places[p] for the six points (0: not placed or not played).
 * @retval SH_ERR_NULL */
sh_status sh_game_places(const sh_game *game, int places[6]);
/** Legal moves of the seat to move, sorted (none when over).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_game_legal_moves(const sh_game *game, sh_move *out, size_t cap, size_t *count);
/** SH_OK when the move is legal now.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_STATE the game is over
 * @retval SH_ERR_MOVE with the reason */
sh_status sh_game_check(const sh_game *game, int from, int to);
/** The move that text (a path or from-to, rule book §8) names, read as
 * sh_game_apply_text reads it: for the seat to move, with the marbles it
 * moves now (its partner's when it moves for its partner, rule book §5). *out is
 * written only on SH_OK.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_STATE the game is over
 * @retval SH_ERR_MOVE malformed or not legal now, with the reason
 *
 * New in 0.2.0. */
sh_status sh_game_parse_move(const sh_game *game, const char *text, sh_move *out);
/** *eliminates = 1 when the legal move is one the rule book rule 7 marks: it brings a
 * marble back into its home camp after its seat's deadline, putting that seat
 * out (the deadline move itself is not marked: sternhalma/game.h).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_STATE over
 * @retval SH_ERR_MOVE not legal */
sh_status sh_game_eliminates(const sh_game *game, int from, int to, int *eliminates);
/** *reason = whether the legal move puts a seat out when played now, and why
 * (sh_out_reason): SH_OUT_RETURN_HOME for the moves sh_game_eliminates
 * marks (the marble's owner goes out); SH_OUT_DEADLINE for the mover's
 * deadline move when it leaves at home a marble that could still move (the rule book
 * rule 7, checked on a copy of the board after the move); else SH_OUT_NONE.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_CELL
 * @retval SH_ERR_STATE over
 * @retval SH_ERR_MOVE not legal
 *
 * New in 0.3.0. */
sh_status sh_game_puts_out(const sh_game *game, int from, int to, int *reason);
/** Plays a move of the seat to move; elapsed_ms (>= 0) is charged to its
 * clock: when it exceeds the reserve, the flag falls instead (see the
 * events) and the call still returns SH_OK.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE elapsed_ms negative
 * @retval SH_ERR_CELL
 * @retval SH_ERR_STATE over
 * @retval SH_ERR_MOVE illegal, with the reason */
sh_status sh_game_apply(sh_game *game, int from, int to, int64_t elapsed_ms);
/** sh_game_apply with the move as text (a path or from-to).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE elapsed_ms negative
 * @retval SH_ERR_STATE over
 * @retval SH_ERR_MOVE malformed or illegal */
sh_status sh_game_apply_text(sh_game *game, const char *move, int64_t elapsed_ms);
/** A seat still playing resigns (at any time, its turn or not).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_SEAT not 0..5 or not played
 * @retval SH_ERR_STATE over, or the seat no longer plays */
sh_status sh_game_resign(sh_game *game, int seat);
/** The flag of the seat to move falls: its reserve becomes 0, and the table's
 * flag rule applies (a resignation, or on 004 the move the table plays).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_STATE over */
sh_status sh_game_flag(sh_game *game);
/** Takes back up to n (>= 1) actions with their automatic passes; *undone
 * (NULL ok) how many.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n < 1
 * @retval SH_ERR_STATE nothing to take back */
sh_status sh_game_undo(sh_game *game, int n, int *undone);
/** Events from index `first` on (poll with first = events seen so far);
 * event_size = sizeof(sh_event) (see "growing structs").
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE first beyond the events, or event_size below
 *         SH_EVENT_SIZE_V1
 * @retval SH_ERR_BUFFER */
sh_status sh_game_events(const sh_game *game, size_t first, sh_event *out, size_t event_size,
                         size_t cap, size_t *count);
/** One event as a line ("move W m3-m4", "arrive W place 1", ...).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE no such event
 * @retval SH_ERR_BUFFER */
sh_status sh_game_event_text(const sh_game *game, size_t index, char *buf, size_t size,
                             size_t *needed);
/** Clocks: every seat gets reserve_ms (1..SH_MAX_CLOCK_MS), each move earns
 * increment_ms (0..SH_MAX_CLOCK_MS). Only before the first action.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE a value out of its range
 * @retval SH_ERR_STATE an action was played */
sh_status sh_game_set_clock(sh_game *game, int64_t reserve_ms, int64_t increment_ms);
/** The record so far (a line break every per_line turns; 0: one line); a
 * table that is no preset is named by a tag line first (read back by
 * sh_game_from_record with rules NULL). At most SH_MAX_RECORD_BYTES, the
 * reader's ceiling: a longer one (a game without a limit, played on) is
 * SH_ERR_LIMIT, and nothing is written.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE per_line negative
 * @retval SH_ERR_BUFFER
 * @retval SH_ERR_LIMIT */
sh_status sh_game_record(const sh_game *game, int per_line, char *buf, size_t size,
                         size_t *needed);
/** Distances of a seat (rule book §4 rule 10): the goal (assignment) distance, the
 * tip distance and its marbles in the goal (each NULL ok).
 * @retval SH_ERR_NULL pos
 * @retval SH_ERR_SEAT not 0..5 or not played */
sh_status sh_position_distance(const sh_position *pos, int seat, int *goal, int *tip,
                               int *in_goal);

/* ---- ratings (rule book §6) ------------------------------------------------ */

/** Rating changes from n places (1 = best, equal = shared, 0 = not played:
 * the entry takes no part and its change is 0) and n ratings (an unplayed
 * entry's is ignored); changes has n entries. Places by seat, as
 * sh_game_places writes them (n = 6), are taken as they are. k_prime <= 0:
 * 2K/N, N the played entries.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n > 6, fewer than 2 played, a place < 0, a used rating
 *         NaN or infinite, k or a k_prime > 0 NaN or not in (0, 1000] */
sh_status sh_rating_changes(const int *places, const double *ratings, size_t n, double k,
                            double k_prime, double *changes);
/** The changes for a finished game. n = 6: ratings and changes by seat
 * (SH_MAX_SEATS entries, a seat not played has change 0); n = the number
 * of played seats: one entry per played seat, in seat order.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n neither, else exactly as sh_rating_changes for the same
 *         numbers
 * @retval SH_ERR_STATE the game is not over, or is a team game: unrated */
sh_status sh_game_rating_changes(const sh_game *game, const double *ratings, size_t n,
                                 double k, double k_prime, double *changes);

/* ---- computer players (rule book §9) --------------------------------------- */

/** level: "easy", "normal", "hard" or "expert" (searches the others'
 * replies); the same level, seed and node budget on the same game choose
 * the same moves. A new player has its level's default budget.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_OPTION unknown level */
sh_status sh_player_new(const char *level, uint64_t seed, sh_player **out);
/** Frees a player handle (NULL: nothing to do). */
void sh_player_free(sh_player *player);
/** The message of the last failed call on this handle ("" if none). */
const char *sh_player_error(const sh_player *player);
/** The player's move for the seat to move.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_STATE the game is over */
sh_status sh_player_choose(sh_player *player, const sh_game *game, sh_move *move);

/** Budgets of hard and expert per move (C++: sternhalma::Budget): `nodes`,
 * positions the search visits (deterministic), and/or `time_ms`, wall-clock
 * milliseconds (NOT deterministic: the move depends on the machine and its
 * load); 0 = no limit of that kind, both 0 = the level's default (expert:
 * 20 000 nodes; 800 000 boards of its race plan where it plans one; 30 000
 * boards of its field search on four to six seats without teams, C++:
 * player.h). A node budget is a ceiling on the positions visited, however
 * small; a time budget is met within 2 ms natively (the search reads the clock
 * every 16 nodes; C++: kTimeBudgetMarginMs, kTimeCheckNodes). Easy and normal
 * ignore budgets. */
/** @{ */
#define SH_MAX_BUDGET_NODES 1000000000
#define SH_MAX_BUDGET_MS 3600000
/** @} */
/** @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE nodes or time_ms negative or above its ceiling; the
 *         budget is unchanged */
sh_status sh_player_set_budget(sh_player *player, int64_t nodes, int64_t time_ms);
/** The budget as set (0, 0 for the default). Either pointer may be NULL.
 * @retval SH_ERR_NULL player */
sh_status sh_player_budget(const sh_player *player, int64_t *nodes, int64_t *time_ms);
/** What the player's last sh_player_choose did: positions visited and depth
 * searched (expert: plies of the deepest finished iteration; hard: own
 * moves looked ahead; 0 before the first choice). Either may be NULL.
 * @retval SH_ERR_NULL player */
sh_status sh_player_last_stats(const sh_player *player, int64_t *nodes, int *depth);

/** The most search threads one expert player may use (C++:
 * kMaxSearchThreads). */
#define SH_MAX_SEARCH_THREADS 16
/** Expert's search threads (C++: Player::set_threads): the root's moves are
 * shared out among them over one transposition table. With 1, a new
 * player's count, the same level, seed, node budget and game choose the
 * same move; with more, a search to the same depth finds the same move,
 * but how deep a node or time budget gets depends on how the threads ran
 * (not deterministic), and a node budget counts the main thread's nodes.
 * Where expert samples the field (four to six seats without teams) each
 * thread grows a search tree of its own within the budget instead, so a
 * node budget is each tree's ceiling and the same seed, node budget, game
 * and count choose the same move. Other levels ignore it. sh_player_clone
 * keeps the count. New in 0.5.0.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE threads not 1..SH_MAX_SEARCH_THREADS; the count is
 *         unchanged */
sh_status sh_player_set_threads(sh_player *player, int threads);
/** Expert's search threads as set (1 for a new player). New in 0.5.0.
 * @retval SH_ERR_NULL */
sh_status sh_player_threads(const sh_player *player, int *threads);

/* ---- random playouts --------------------------------------------------- */

/** Ceilings of the playout calls: at most SH_MAX_PLAYOUTS playouts per call
 * (more: SH_ERR_RANGE), each at most SH_MAX_PLAYOUT_TURNS turns (a larger
 * limit: SH_ERR_RANGE), and at most SH_MAX_PLAYOUT_TURNS turns played in
 * all per call (more: SH_ERR_LIMIT, with nothing written). A playout keeps
 * no history, so memory stays a few kilobytes per call; the turn ceiling
 * bounds the time (about a second on one core). Split bigger batches into
 * several calls. */
/** @{ */
#define SH_MAX_PLAYOUTS 1000000
#define SH_MAX_PLAYOUT_TURNS 2000000
/** @} */

/** n games of uniformly random legal moves under every game rule, from the
 * game's current state, each until it is over or max_turns turns were
 * played; places (NULL ok, n * 6 ints): each game's places by point (0: not
 * placed); turns (NULL ok): turns played. Playout i depends only on the
 * game, seed and i: the same call gives the same games, here and through
 * the C++ API (sternhalma::playouts).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n or max_turns beyond the ceilings above, max_turns
 *         negative
 * @retval SH_ERR_LIMIT the turns in all reached the ceiling */
sh_status sh_game_playouts(const sh_game *game, size_t n, int max_turns, uint64_t seed,
                           int *places, int *turns);
/** sh_game_playouts from a position: each playout is a game that starts at
 * pos (its seat to move first) under every rule of its table, played until
 * it is over or max_plies turns were played. winners[i] (NULL ok): the seat
 * that took place 1 alone by arriving (filling its goal as the table says:
 * anti-blocking and the king included), else SH_NO_SEAT; plies[i] (NULL
 * ok): turns played. The same seed gives the same games as
 * sh_game_playouts on sh_game_from_position(pos).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE
 * @retval SH_ERR_LIMIT as sh_game_playouts
 * @retval SH_ERR_OPTION as sh_game_from_position: the table is not playable, or
 *         a played seat has no pieces */
sh_status sh_position_playouts(const sh_position *pos, size_t n, int max_plies, uint64_t seed,
                               int *winners, int *plies);

/* ---- names and bounds -------------------------------------------------- */

/** The most legal moves any position of any table can have: a seat has at
 * most 15 marbles and a marble ends on an empty cell, of which there are at
 * most 121 - 15 = 106, so 15 * 106 = 1590 bounds every list of legal moves
 * (the C++ kMaxMoves). A buffer of SH_MAX_MOVES sh_move never needs a size
 * query. */
#define SH_MAX_MOVES 1590

/** Static names of the game enums, the words the event lines use:
 * "all-placed", "deadline", "arrive", "playing"; "unknown" for a value
 * outside the enum. They cannot fail (never NULL). */
/** @{ */
const char *sh_end_reason_name(int reason);
const char *sh_out_reason_name(int reason);
const char *sh_event_kind_name(int kind);
const char *sh_seat_status_name(int status);
/** @} */

/** A copy of a computer player, generator state and budget included: both
 * then choose the same moves.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_MEMORY */
sh_status sh_player_clone(const sh_player *player, sh_player **out);

/* ---- reinforcement-learning environments ------------------------------ */
/**
 * N games of one table stepped in one call, encoded for learning agents
 * (C++: include/sternhalma/env.h). The env decides no rule: legality,
 * automatic passes, places and endings are the game's.
 *
 * Players: a table with P seats has players 0..P-1, its seats in turn order
 * from the table's first seat (sh_env_spec.seats gives the map).
 * Actions: the move (from, to) is the action from * 121 + to
 * (SH_ENV_NUM_ACTIONS ids); passes stay automatic, so an action is a move.
 * Observation: SH_ENV_NUM_PLANES planes from an observer's view, the board
 * rotated so that the observer's home point is at the bottom (cell c is
 * seen at sh_cell_rotate(c, -observer)):
 *   0..5  seat slots: the marbles of the k-th played seat in turn order
 *         after the observer (slot 0: its own); unused slots are zero;
 *   6     kings (any seat's);
 *   7     the goal of the marbles the observer moves (its partner's goal
 *         when it moves for its partner);
 *   8     cells where those marbles may not end a move (closed zones);
 *   9     turns left to the nearest limit (the table's limit or the env's
 *         max_turns) as a fraction of it; 1 with neither;
 *   10    the observer's own moves left to the exit deadline as a fraction
 *         of it (0 once passed); 1 on tables without a deadline;
 *   11    1 when the observer moves its partner's marbles.
 * Scalar planes (9..11) fill every cell of the star; the others are 0/1.
 * With SH_OBS_UINT8 the scalar planes hold round(255 * value).
 * Layouts: SH_OBS_CELLS is (12, 121), cells in the rule book order; SH_OBS_GRID is
 * (12, 17, 17) indexed [plane][r + 8][q + 8] (axial q, r), zero off the star.
 * Rewards: SH_REWARD_RANK spreads the U units' places (seats, or teams) over
 * [-1, 1]: the k-th best is worth 1 - 2(k-1)/(U-1), units sharing a place
 * share the mean of the values they span (zero-sum; two seats: win +1, loss
 * -1, draw 0); SH_REWARD_WIN: +1 for place 1, -1 otherwise. Both are given at
 * the step that ends the game, zeros at every other step.
 */
typedef struct sh_env sh_env;

#define SH_ENV_NUM_ACTIONS 14641 /**< 121 * 121 */
#define SH_ENV_NUM_PLANES 12 /**< planes of an observation (see "Observation" above) */
#define SH_ENV_NO_ACTION (-1) /**< no action: the game has ended */
#define SH_ENV_MAX_ENVS 1048576 /**< the ceiling of num_envs */

/** An observation's layout (see "Layouts" above). */
typedef enum sh_obs_layout {
  SH_OBS_CELLS = 0, /**< (12, 121) */
  SH_OBS_GRID = 1   /**< (12, 17, 17) */
} sh_obs_layout;
/** An observation's values: float 0..1, or bytes 0..255. */
typedef enum sh_obs_dtype {
  SH_OBS_FLOAT32 = 0, /**< float */
  SH_OBS_UINT8 = 1    /**< uint8_t */
} sh_obs_dtype;
/** The rewards (see "Rewards" above). */
typedef enum sh_reward_kind {
  SH_REWARD_RANK = 0, /**< places spread over [-1, 1] */
  SH_REWARD_WIN = 1   /**< +1 for place 1, else -1 */
} sh_reward_kind;
/** The frame of every action the env takes and gives (step's actions, the
 * mask, the legal lists, sample_legal, legal_actions, engine_action):
 * SH_ACTION_BOARD the board's own cells; SH_ACTION_OBSERVER the
 * observation's frame, the board turned so that the seat to act has its home
 * at the bottom (board action a is sh_cell_rotate of both cells by -seat).
 * Since 0.4. */
typedef enum sh_action_frame {
  SH_ACTION_BOARD = 0,    /**< the board's own cells */
  SH_ACTION_OBSERVER = 1  /**< the observation's frame */
} sh_action_frame;

/** The env's structs grow as sh_event does (new fields only appended), but
 * carry the caller's sizeof in their first field, `size`: each is one struct
 * that a caller fills once and passes to many calls (the buffers to every
 * step), so the size travels with it. sh_env_options_init(o, sizeof *o) sets
 * it for the options; the caller sets it for the spec and the buffers. The
 * library reads only the fields the size covers (a field past it takes its
 * default), writes only within it (a tail it does not know is zero-filled),
 * and refuses a size below the first published layout (SH_ENV_*_SIZE_V1)
 * with SH_ERR_RANGE.
 *
 * Options of a new env. */
typedef struct sh_env_options {
  size_t size;    /**< the caller's sizeof(sh_env_options) */
  int layout;     /**< sh_obs_layout (default SH_OBS_CELLS) */
  int dtype;      /**< sh_obs_dtype (default SH_OBS_FLOAT32) */
  int reward;     /**< sh_reward_kind (default SH_REWARD_RANK) */
  int max_turns;  /**< truncate a game after this many turns; 0: never (default) */
  int auto_reset; /**< 1 (default): a step on an ended game resets it; 0: SH_ERR_STATE */
  /** Engine opponents, by player: NULL (default) leaves the player to the
   * caller; a level name ("easy", "normal", "hard", ...: sh_player_new's)
   * makes it a computer player whose moves the env plays itself after a
   * reset and after every step, until a caller's player is to act or the
   * game ends. At least one player must be left to the caller. */
  const char *opponents[SH_MAX_SEATS];
  /** 1 (default): each game keeps its record (sh_env_record); 0: the games
   * run in the game's playout mode, keeping no history, events or undo
   * snapshots, so a step allocates nothing and large vectors stay fast
   * (sh_env_record then gives the preset and first seat only). */
  int record;
  /** Since 0.4. `reserved` (unread) keeps action_frame past the end of the
   * 0.3 struct, whose sizeof covers the padding after record. */
  int reserved;
  int action_frame; /**< sh_action_frame (default SH_ACTION_BOARD) */
} sh_env_options;
/** The first published sh_env_options's size. */
#define SH_ENV_OPTIONS_SIZE_V1 (offsetof(sh_env_options, auto_reset) + sizeof(int))

/** What an env is (filled by sh_env_spec; growable like sh_env_options). */
typedef struct sh_env_spec {
  size_t size;             /**< the caller's sizeof(sh_env_spec) */
  size_t num_envs;         /**< games stepped together */
  int num_players;         /**< players of a game: the table's seats */
  int seats[SH_MAX_SEATS]; /**< player -> seat; SH_NO_SEAT past num_players */
  int planes;              /**< SH_ENV_NUM_PLANES */
  /** @{ */
  int height, width;       /**< a plane: 1 x 121 (cells) or 17 x 17 (grid) */
  /** @} */
  size_t obs_values;       /**< values of one game's observation */
  size_t obs_bytes;        /**< bytes of one game's observation */
  int num_actions;         /**< SH_ENV_NUM_ACTIONS */
} sh_env_spec;
/** The first published sh_env_spec's size. */
#define SH_ENV_SPEC_SIZE_V1 (offsetof(sh_env_spec, num_actions) + sizeof(int))

/** Where reset and step write: the caller's memory, for all num_envs games,
 * game i at offset i. Growable like sh_env_options. Any pointer may be NULL
 * (not written). sh_env_reset writes every buffer in full. The env
 * remembers what it wrote into the last 4 buffer sets (known by their obs
 * and mask pointers, never read or written outside a call) and sh_env_step
 * updates a set it knows in place: the mask entries that changed and, when
 * the same player looks again, the observation cells and scalar planes that
 * changed; a set it does not know is written in full. So a caller may
 * alternate two sets (a player's view changes little between its turns;
 * Python's VectorEnv does), and nobody else may change a set's obs or mask
 * between the steps that write it (a changed set: pass new pointers or call
 * reset). A clone knows none of the original's sets.
 * to_play[i] is the player whose view obs i is: the player to act, or, in a
 * game that has just ended (terminated or truncated), the caller's player
 * who moved last. */
typedef struct sh_env_buffers {
  size_t size;          /**< the caller's sizeof(sh_env_buffers) */
  void *obs;            /**< num_envs * obs_bytes */
  uint8_t *mask;        /**< num_envs * SH_ENV_NUM_ACTIONS, 0/1 */
  float *rewards;       /**< num_envs * num_players */
  uint8_t *terminated;  /**< num_envs: the game ended by its rules */
  uint8_t *truncated;   /**< num_envs: stopped by the env's max_turns */
  int32_t *to_play;     /**< num_envs */
  /** Since 0.4: the legal actions of every game, written by the step from
   * the game's moves (no scan of the mask): row i (SH_MAX_MOVES entries)
   * holds num_legal[i] actions in the env's frame, in the order the game
   * generates its moves (not sorted), then -1; an ended game has none. */
  int32_t *legal;       /**< num_envs * SH_MAX_MOVES */
  int32_t *num_legal;   /**< num_envs */
} sh_env_buffers;
/** The first published sh_env_buffers's size. */
#define SH_ENV_BUFFERS_SIZE_V1 (offsetof(sh_env_buffers, to_play) + sizeof(int32_t *))

/** Fills the defaults into the `size` bytes of *options and sets
 * options->size = size; size is the caller's sizeof(sh_env_options) (a
 * caller built against an older header passes a smaller one, and nothing
 * past it is written).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE size below SH_ENV_OPTIONS_SIZE_V1
 *
 * Changed in 0.2.0: 0.1.0 took no size and wrote its own sizeof, past the struct
 * of a caller built against an older header. */
sh_status sh_env_options_init(sh_env_options *options, size_t size);
/** num_envs games of the table (options NULL: the defaults); call
 * sh_env_reset before the first step.
 * @retval SH_OK
 * @retval SH_ERR_NULL rules, out
 * @retval SH_ERR_RANGE num_envs not 1..SH_ENV_MAX_ENVS, max_turns < 0, a
 *         max_turns within the engine opponents' opening turns (those before the
 *         caller's first player), which would end every game in reset,
 *         options->size below SH_ENV_OPTIONS_SIZE_V1
 * @retval SH_ERR_OPTION an unknown layout, dtype, reward or opponent level, an
 *         opponent for a player the table does not have, no player left to the
 *         caller, unplayable rules
 * @retval SH_ERR_MEMORY */
sh_status sh_env_new(const sh_rules *rules, const sh_env_options *options, size_t num_envs,
                     sh_env **out);
/** An independent copy (games, samplers).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_MEMORY */
sh_status sh_env_clone(const sh_env *env, sh_env **out);
/** Frees an env handle (NULL: nothing to do). */
void sh_env_free(sh_env *env);
/** The message of the env's last failed call ("env handle is NULL" for NULL). */
const char *sh_env_error(const sh_env *env);
/** Fills *spec within spec->size (set by the caller).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE spec->size below SH_ENV_SPEC_SIZE_V1 */
sh_status sh_env_spec_get(const sh_env *env, sh_env_spec *spec);
/** Every game to its start; game i's sampler is seeded with seed + i. Writes
 * every buffer in full.
 * @retval SH_OK
 * @retval SH_ERR_NULL env, buffers
 * @retval SH_ERR_RANGE buffers->size below SH_ENV_BUFFERS_SIZE_V1 */
sh_status sh_env_reset(sh_env *env, uint64_t seed, const sh_env_buffers *buffers);
/** One action per game (actions: num_envs entries, n == num_envs). Next-step
 * auto-reset: a step that ends game i (terminated or truncated) writes its
 * final observation, an empty mask and the returns; the next step ignores
 * game i's action, resets it and writes its first observation. All or
 * nothing.
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n is not num_envs, an action not 0..14640, buffers->size
 *         below SH_ENV_BUFFERS_SIZE_V1
 * @retval SH_ERR_MOVE an action that is not legal: the message names the game
 * @retval SH_ERR_STATE no sh_env_reset yet, or auto_reset off and a game has
 *         ended */
sh_status sh_env_step(sh_env *env, const int32_t *actions, size_t n,
                      const sh_env_buffers *buffers);
/** A uniformly random legal action per game from the game's own seeded
 * stream; SH_ENV_NO_ACTION for an ended game.
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE n is not num_envs */
sh_status sh_env_sample_legal(sh_env *env, int32_t *actions, size_t n);
/** The legal actions of game i, sorted (none once it has ended).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i
 * @retval SH_ERR_BUFFER see the header's top */
sh_status sh_env_legal_actions(const sh_env *env, size_t i, int32_t *out, size_t cap,
                               size_t *count);
/** Game i: the player to act (-1 when it has ended), turns played, whether it
 * has ended by its rules / been truncated (any may be NULL).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i */
sh_status sh_env_status(const sh_env *env, size_t i, int *to_play, int *turns,
                        int *terminated, int *truncated);
/** The action a computer player of `level` seeded with `seed` would play in
 * game i now (SH_ENV_NO_ACTION when game i has ended).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i
 * @retval SH_ERR_OPTION level */
sh_status sh_env_engine_action(const sh_env *env, size_t i, const char *level, uint64_t seed,
                               int32_t *action);
/** The observation of game i from player's view, written in full (bytes ==
 * spec.obs_bytes).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i, bytes
 * @retval SH_ERR_SEAT player not 0..num_players-1 */
sh_status sh_env_observe(const sh_env *env, size_t i, int player, void *out, size_t bytes);
/** Each player's return in game i (zeros until it ends by its rules); n ==
 * num_players.
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i, n */
sh_status sh_env_returns(const sh_env *env, size_t i, float *out, size_t n);
/** A new position handle with game i's position.
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i
 * @retval SH_ERR_MEMORY */
sh_status sh_env_position(const sh_env *env, size_t i, sh_position **out);
/** The record of game i so far (rule book §8, one line). Text out as at the top.
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i
 * @retval SH_ERR_BUFFER */
sh_status sh_env_record(const sh_env *env, size_t i, char *buf, size_t size, size_t *needed);
/** Mean returns of n playouts of game i from its current state (game i is not
 * changed): each turn a uniformly random legal move with probability epsilon
 * (0..1), else the normal player's move, at most max_turns turns. A playout
 * that ended scores the game's returns; one that has not scores a heuristic
 * (not a rule): each player's lead in ranking distance (rule book §4 rule 10)
 * over the players' mean, as tanh(lead / 10). Deterministic for a seed.
 * The work grows with the turns played: n <= SH_MAX_PLAYOUTS, max_turns <=
 * 100000, and at most 200000 turns in all n playouts, one that plays none
 * (max_turns 0, game i over) counting one (about 5 s on one core with
 * epsilon 0, most turns being the normal player's search; 0.1 s with
 * epsilon 1). out: num_players entries (n_out == num_players), written only
 * on SH_OK.
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE i, n, max_turns, epsilon, n_out
 * @retval SH_ERR_LIMIT the turns in all reached the ceiling: split the call */
sh_status sh_env_playouts(const sh_env *env, size_t i, int n, double epsilon, int max_turns,
                          uint64_t seed, float *out, size_t n_out);
/** The symmetries of the env's table: reflect (in the axis through m1 and
 * e17) when reflect[k], then rotate rotation[k] sixths clockwise; those that
 * map the played seats and the turn order onto themselves (a reflection
 * only with two seats). The identity first; at most 12. Map cells with
 * sh_cell_reflect / sh_cell_rotate. Arrays out as at the top (both arrays
 * the same capacity).
 * @retval SH_OK
 * @retval SH_ERR_NULL
 * @retval SH_ERR_BUFFER */
sh_status sh_env_symmetries(const sh_env *env, int *rotation, int *reflect, size_t cap,
                            size_t *count);

/* ---- parallel perft ---------------------------------------------------- */

/** sh_perft on up to `threads` threads (1..256): the tree is split at the
 * root (or at the first two plies when the root has few moves); the result is
 * the same for every thread count. The call returns when every thread has
 * finished.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE depth 0..32, threads 1..256
 * @retval SH_ERR_LIMIT as sh_perft */
sh_status sh_perft_threads(const sh_position *pos, int depth, int threads, uint64_t *nodes);

/* ---- match statistics --------------------------------------------------- */

/** The figures of a match, computed from results so that any harness gets
 * the numbers `sternhalma match` reports. The models (stated in full in the
 * C++ include/sternhalma/match_stats.h): a unit is a player, or in a team
 * game a team (partners share a place and are not opponents); a score is 1
 * above, 1/2 level, 0 below; logistic Elo 400 log10(s / (1 - s)); 95 %
 * intervals as mean +- 1.96 standard errors of the per-game (per-pair)
 * values; games 2k and 2k+1 form pair k of the pentanomial (pair scores 0,
 * 1/2, 1, 3/2, 2: counts[0..4]); the SPRT is the pentanomial GSPRT with
 * Wald's bounds, H0 Elo = elo0, H1 Elo = elo1. Every figure is finite: zero
 * games give {0, 0, 0}; for Elo a score is clamped to half a game from 0
 * and 1; a pentanomial count of 0 is taken as 0.001 by the SPRT. New in
 * 0.4.0. */
typedef struct sh_interval {
  /** @{ */
  double value, low, high; /**< a figure and its 95 % interval */
  /** @} */
} sh_interval;

#define SH_MAX_MATCH_GAMES 16777216 /**< game indices 0..SH_MAX_MATCH_GAMES - 1 */
/** The ceiling of each count given to sh_elo_* and sh_sprt, and of their sum. */
#define SH_MAX_STATS_COUNT 1125899906842624 /**< 2^50 */
#define SH_MAX_SPRT_ELO 1000 /**< |elo0|, |elo1| of an SPRT */

/** What an SPRT decided so far (sh_sprt_result.decision). */
typedef enum sh_sprt_decision {
  SH_SPRT_CONTINUE = 0,  /**< lower < llr < upper */
  SH_SPRT_ACCEPT_H0 = 1, /**< llr <= lower */
  SH_SPRT_ACCEPT_H1 = 2  /**< llr >= upper */
} sh_sprt_decision;

/** An SPRT's hypotheses; grows as sh_env_options does (the caller's sizeof
 * in `size`, set by sh_sprt_test_init). */
typedef struct sh_sprt_test {
  size_t size;  /**< the caller's sizeof(sh_sprt_test) */
  double elo0;  /**< H0, logistic Elo; below elo1 (default 0: set both) */
  double elo1;  /**< H1 (default 0) */
  double alpha; /**< false positive rate (default 0.05) */
  double beta;  /**< false negative rate (default 0.05) */
} sh_sprt_test;
/** The first published sh_sprt_test's size. */
#define SH_SPRT_TEST_SIZE_V1 (offsetof(sh_sprt_test, beta) + sizeof(double))

/** An SPRT's state (filled with the caller's result_size, as sh_event). */
typedef struct sh_sprt_result {
  double llr;   /**< the log-likelihood ratio */
  double lower; /**< ln(beta / (1 - alpha)) */
  double upper; /**< ln((1 - beta) / alpha) */
  int decision; /**< sh_sprt_decision */
} sh_sprt_result;
/** The first published sh_sprt_result's size. */
#define SH_SPRT_RESULT_SIZE_V1 (offsetof(sh_sprt_result, decision) + sizeof(int))

/** One player's figures (filled with the caller's size, as sh_event). */
typedef struct sh_player_stats {
  int64_t games;     /**< games it played */
  int64_t wins;      /**< its unit alone in place 1 */
  int64_t draws;     /**< place 1 shared with an opponent */
  int64_t losses;    /**< any other place */
  sh_interval place; /**< mean place (1 = best) */
} sh_player_stats;
/** The first published sh_player_stats's size. */
#define SH_PLAYER_STATS_SIZE_V1 (offsetof(sh_player_stats, place) + sizeof(sh_interval))

typedef struct sh_match_stats sh_match_stats; /**< the results of one match */

/** Elo and its interval from single games (trinomial).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE a count negative, a count or the sum above
 *         SH_MAX_STATS_COUNT */
sh_status sh_elo_from_wdl(int64_t wins, int64_t draws, int64_t losses, sh_interval *elo);
/** Elo and its interval from game pairs (pentanomial).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE as sh_elo_from_wdl */
sh_status sh_elo_from_pentanomial(const int64_t counts[5], sh_interval *elo);
/** Fills the defaults into the `size` bytes of *test and sets test->size.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE size below SH_SPRT_TEST_SIZE_V1 */
sh_status sh_sprt_test_init(sh_sprt_test *test, size_t size);
/** Whether a test is valid; the message names the field.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE test->size below SH_SPRT_TEST_SIZE_V1, elo0 or elo1 NaN,
 *         infinite or beyond +-SH_MAX_SPRT_ELO, elo0 >= elo1, alpha or beta not
 *         in (0, 1), alpha + beta >= 1 */
sh_status sh_sprt_check(const sh_sprt_test *test);
/** The SPRT on pentanomial counts; result_size = sizeof(sh_sprt_result).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE sh_sprt_check's, the counts' as sh_elo_from_wdl,
 *         result_size below SH_SPRT_RESULT_SIZE_V1 */
sh_status sh_sprt(const sh_sprt_test *test, const int64_t counts[5], sh_sprt_result *result,
                  size_t result_size);

/** An empty match of `players` players.
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE players not 2..6 */
sh_status sh_match_stats_new(int players, sh_match_stats **out);
/** A copy of a match's results.
 * @retval SH_ERR_NULL */
sh_status sh_match_stats_clone(const sh_match_stats *stats, sh_match_stats **out);
/** Frees a match handle (NULL: nothing to do). */
void sh_match_stats_free(sh_match_stats *stats);
/** The message of the last failed call on this handle ("" if none). */
const char *sh_match_stats_error(const sh_match_stats *stats);
/** One finished game, in any order: places[i] (1..players; 1 = best, equal =
 * shared) of player i, n = players; teams: NULL with n_teams 0 (no teams),
 * or one team id (0..players - 1) per player, partners sharing an id and a
 * place. Memory: one byte per game index up to the largest added.
 * @retval SH_ERR_NULL places; teams with n_teams > 0
 * @retval SH_ERR_RANGE game_index not 0..SH_MAX_MATCH_GAMES - 1, n or n_teams
 *         not players, a place or team id out of range, partners with different
 *         places, one team only
 * @retval SH_ERR_STATE game_index added before */
sh_status sh_match_stats_add(sh_match_stats *stats, int64_t game_index, const int *places,
                             size_t n, const int *teams, size_t n_teams);
/** The number of players; games added; *two_units 1 when every game had
 * exactly two units (two players or two teams; 1 with no games), else 0.
 * @retval SH_ERR_NULL */
/** @{ */
sh_status sh_match_stats_players(const sh_match_stats *stats, int *players);
sh_status sh_match_stats_games(const sh_match_stats *stats, int64_t *games);
sh_status sh_match_stats_two_units(const sh_match_stats *stats, int *two_units);
/** @} */
/** Player `player`'s figures; size = sizeof(sh_player_stats).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_RANGE player not 0..players - 1, size below
 *         SH_PLAYER_STATS_SIZE_V1 */
sh_status sh_match_stats_player(const sh_match_stats *stats, int player, sh_player_stats *out,
                                size_t size);
/** How i did against j: *games (NULL ok) in which they were opponents,
 * *score (NULL ok) i's points over j in them.
 * @retval SH_ERR_NULL stats
 * @retval SH_ERR_RANGE i or j not 0..players - 1 */
sh_status sh_match_stats_pairwise(const sh_match_stats *stats, int i, int j, int64_t *games,
                                  double *score);
/** Player 0's score in [0, 1] (per game the mean against its opponents) and
 * its Elo.
 * @retval SH_ERR_NULL */
/** @{ */
sh_status sh_match_stats_score(const sh_match_stats *stats, sh_interval *score);
sh_status sh_match_stats_elo(const sh_match_stats *stats, sh_interval *elo);
/** @} */
/** Two-unit figures, from player 0's unit's view: W/D/L (each NULL ok), the
 * pentanomial counts of the pairs whose two games are in, the SPRT on them
 * (result_size as sh_sprt).
 * @retval SH_ERR_NULL
 * @retval SH_ERR_STATE a game had more than two units
 * @retval SH_ERR_RANGE the SPRT only, checked first: as sh_sprt */
/** @{ */
sh_status sh_match_stats_wdl(const sh_match_stats *stats, int64_t *wins, int64_t *draws,
                             int64_t *losses);
sh_status sh_match_stats_pentanomial(const sh_match_stats *stats, int64_t counts[5]);
sh_status sh_match_stats_sprt(const sh_match_stats *stats, const sh_sprt_test *test,
                              sh_sprt_result *result, size_t result_size);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* STERNHALMA_C_H_ */
