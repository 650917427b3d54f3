// The table a command line names: a preset, changed by the settings of its
// --set options. One place for every command that takes --set (perft,
// divide, moves, show, play, match, replay), so they all build the same table
// from the same words; the rules' checks are the library's (set_options,
// validate).
#include "commands.h"
#include "sternhalma/options.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

void add_settings(std::string* settings, std::string_view more) {
  if (!settings->empty()) *settings += ';';
  settings->append(more);
}

absl::StatusOr<Rules> table_arg(std::string_view preset, std::string_view settings) {
  const Rules* base = find_preset(preset);
  if (!base)
    return absl::NotFoundError("unknown preset " + text::quote(preset) + " (list: sternhalma presets)");
  Rules table = *base;
  if (settings.empty()) return table;
  if (absl::Status st = set_options(table, settings); !st.ok()) return st;
  // Settings that leave the preset's id get the derived one (options.h);
  // an id the settings give is kept, and validate() holds it to the table.
  if (table.id == base->id) table.id = derived_id(table);
  // A custom table needs an id of its own: validate() refuses a preset's id
  // on rules that are not that preset's, so a record or position means one
  // table.
  if (absl::Status st = validate(table); !st.ok()) return st;
  return table;
}

}  // namespace sternhalma::cli
