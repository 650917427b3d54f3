/// @file
/// options.h — every field of a Rules readable and settable by name, as text.
///
/// Why: rule book §7 asks that every rule of a preset also be an individual option,
/// so a front end (CLI, C ABI, a GUI's table editor) can start from a preset
/// and change rules one by one to build its own table without knowing the
/// Rules struct. describe() lists `name = value` for every option in a fixed
/// order; set_option() parses one value and changes one field. Applying a
/// preset's describe() list to any Rules reproduces that preset exactly.
///
/// Options (values as describe() writes them; set_option also accepts the
/// alternatives in brackets):
///   id             table id, one token without spaces (the first field of a
///                  position line)
///   seats          played points, "0,3" [or seat letters "WK"]
///   first-seat     the point that moves first in a new game, "0" [or "W"]
///   marbles        10 | 15
///   jumps          standard | long | king
///   zones          free | closed | no-entry
///   goal-lock      yes | no | strict (yes/no also as on/off, true/false, 1/0;
///                  so are the other flags): yes, a marble that starts its
///                  move in its goal ends it there; strict, it never lands
///                  outside its goal once it has landed in it (rule book §11)
///   anti-blocking  yes | no
///   teams          yes | no
///   partner-moves  yes | no
///   end            to-the-end | first-arrival
///   last-reply     yes | no
///   deadline       own moves before the home camp must be empty, "30" | none [0]
///   limit          "150 turns" | "200 rounds" | none
///   limit-draw     yes | no   (a limit reached before anybody arrived: draw)
///   no-progress    yes | no
///   repetition     yes | no | draw: threefold repetition ends the game,
///                  ranked (yes) or drawn (draw)
///   ranking        goal-distance | tip-distance
///   resign         ends-game | out
///   flag           resign | best-move
///   names          the six seat display names in point order, comma-separated
///   description    one line of free text
///
/// id, names and description are free text only as far as this syntax can
/// carry it back: an id is 1..32 of A-Z a-z 0-9 - _ . +; a name 1..32 bytes
/// and a description up to 200 bytes, neither with ';' or a control byte
/// (line end, tab, escape, NUL). Anything else is refused, so describe() can
/// only report what the table has.
///
/// set_option changes nothing when it fails. It does not check that the table
/// as a whole is playable: call validate() (presets.h) when done.
#ifndef STERNHALMA_OPTIONS_H_
#define STERNHALMA_OPTIONS_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "sternhalma/rules.h"

namespace sternhalma {

/// Every option name, in describe()'s order.
const std::vector<std::string_view>& option_names();

/// (name, value) for every option, in option_names() order.
std::vector<std::pair<std::string, std::string>> describe(const Rules& rules);

/// The value of one option, as describe() writes it.
absl::StatusOr<std::string> get_option(const Rules& rules, std::string_view name);

/// Sets one option from text. Errors: "unknown option 'x'",
/// "option zones: 'y' is not one of free, closed, no-entry", ...; a value
/// longer than kMaxTextBytes (text.h) is refused before any work.
absl::Status set_option(Rules& rules, std::string_view name, std::string_view value);

/// Whether every field of `rules` is one describe() writes and set_option()
/// reads back to the same value (the errors are set_option's). validate()
/// (presets.h) calls it, so a table built in C++ field by field is held to
/// the same values as one built from text.
absl::Status check_options(const Rules& rules);

/// Applies several settings, one per line or separated by ';', each
/// `name = value` (spaces around '=' optional; empty lines and lines starting
/// with '#' ignored). All or nothing: on error `rules` is unchanged and the
/// error names the setting's position. At most kMaxTextBytes (text.h)
/// of settings; longer is refused before any work.
absl::Status set_options(Rules& rules, std::string_view settings);

/// An id for a table changed from a preset without an id of its own, so that
/// a user may change options without inventing a name and preset ids stay
/// honest: when rules.id is a preset's and the table differs from it, the id
/// "<preset>+<8 hex digits>", the digits the FNV-1a hash of the differing
/// options' "name=value;" text (describe()'s order): the same changes, the
/// same id. Otherwise rules.id as it is.
std::string derived_id(const Rules& rules);

}  // namespace sternhalma

#endif  // STERNHALMA_OPTIONS_H_
