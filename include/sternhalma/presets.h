/// @file
/// presets.h — the tables of rule book §7 by id.
#ifndef STERNHALMA_PRESETS_H_
#define STERNHALMA_PRESETS_H_

#include <span>
#include <string_view>

#include "absl/status/status.h"
#include "sternhalma/rules.h"

namespace sternhalma {

/// Every preset, in the rule book's order. The storage is static and immutable.
std::span<const Rules> presets();

/// The preset with this id, or nullptr.
const Rules* find_preset(std::string_view id);

/// Whether a (custom) table is playable: seats, marbles and options that fit
/// together (teams need four or six seats), every field one the option text
/// can carry (options.h, check_options), and an id that is not a preset's
/// unless the rules are that preset's (who moves first aside), so that a
/// record or position line means one table. The error names the field.
absl::Status validate(const Rules& rules);

}  // namespace sternhalma

#endif  // STERNHALMA_PRESETS_H_
