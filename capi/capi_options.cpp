// capi_options.cpp — rule options by name as text (options.h), for the C ABI.
#include <string>

#include "capi_internal.h"
#include "sternhalma/options.h"
#include "sternhalma/presets.h"
#include "sternhalma/text.h"

using namespace sternhalma;
using namespace sh_capi;

SH_API sh_status sh_rules_get_option(const sh_rules* rules, const char* name, char* buf,
                                     size_t size, size_t* needed) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    if (name == nullptr) return null_arg(&rules->error, "name");
    auto v = get_option(rules->rules, name);
    if (!v.ok()) return status_of(&rules->error, v.status(), SH_ERR_OPTION);
    return put_text(&rules->error, *v, buf, size, needed);
  });
}

SH_API sh_status sh_rules_set_option(sh_rules* rules, const char* name, const char* value) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    if (name == nullptr) return null_arg(&rules->error, "name");
    if (value == nullptr) return null_arg(&rules->error, "value");
    return status_of(&rules->error, set_option(rules->rules, name, value), SH_ERR_OPTION);
  });
}

SH_API sh_status sh_rules_set_options(sh_rules* rules, const char* settings) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    if (settings == nullptr) return null_arg(&rules->error, "settings");
    return status_of(&rules->error, set_options(rules->rules, settings), SH_ERR_OPTION);
  });
}

SH_API sh_status sh_rules_derive_id(sh_rules* rules) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    rules->rules.id = derived_id(rules->rules);
    return SH_OK;
  });
}

SH_API sh_status sh_rules_validate(const sh_rules* rules) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    return status_of(&rules->error, validate(rules->rules), SH_ERR_OPTION);
  });
}

SH_API sh_status sh_rules_describe(const sh_rules* rules, char* buf, size_t size, size_t* needed) {
  return guard(slot_of(rules), [&] {
    if (rules == nullptr) return null_arg(nullptr, "rules");
    std::string s;
    for (const auto& [name, value] : describe(rules->rules)) s += name + " = " + value + "\n";
    return put_text(&rules->error, s, buf, size, needed);
  });
}
