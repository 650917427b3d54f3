// presets: the tables of SPEC §7, and the rules of one of them as options.
//
//   sternhalma presets              one line per preset: "<id>  <description>"
//   sternhalma presets --rules ID   the preset's options, "name = value" per
//                                   line, in options.h's order (the input a
//                                   front end edits to build its own table)
#include <cstdio>

#include "commands.h"
#include "sternhalma/options.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

namespace sternhalma::cli {

int cmd_presets(const Args& args) {
  if (args.empty()) {
    for (const Rules& r : presets())
      std::printf("%s  %s\n", r.id.c_str(), r.description.c_str());
    return 0;
  }
  if (args[0] != "--rules") return usage_error("presets: unknown argument " + text::quote(args[0]));
  if (args.size() != 2) return usage_error("presets --rules: expected one preset id");
  const Rules* r = find_preset(args[1]);
  if (r == nullptr) return usage_error("presets --rules: unknown preset " + text::quote(args[1]));
  for (const auto& [name, value] : describe(*r))
    std::printf("%s = %s\n", name.c_str(), value.c_str());
  return 0;
}

}  // namespace sternhalma::cli
