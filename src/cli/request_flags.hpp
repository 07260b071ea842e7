// Command-line flags declared by the request-key table (include/rigplan/request_keys.hpp): a
// key's flag gets its help text (doc, allowed words, default) and its range or word check from
// the one declaration the request-file parsers and the schemas also read.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "cli/cli_common.hpp"
#include "rigplan/request_keys.hpp"

namespace rigplan::cli {

// "Tensor-parallel degree (default 1)", "Attention kernel (standard | flash; default flash)";
// `prefix` goes first ("Workload: "); defaults are left out when `show_default` is false (the
// command computes its own).
std::string key_help(const RequestKey& k, std::string_view prefix = {}, bool show_default = true);

// The check of a key's flag: a whole-number range, a finite-number range or the key's words;
// nullopt for keys of other types (ids, paths: their commands check them against the catalog).
std::optional<CLI::Validator> key_check(const RequestKey& k);

// Registers the flag of `cmd`'s key `name` (key_flag) storing into `var`, with key_help and key_check.
template <typename T>
CLI::Option* add_key_option(CLI::App* app, RequestCommand cmd, std::string_view name, T& var,
                            std::string_view prefix = {}, bool show_default = true) {
  const RequestKey& k = request_key(cmd, name);
  CLI::Option* o = app->add_option(key_flag(k), var, key_help(k, prefix, show_default));
  if (auto check = key_check(k)) o->check(*check);
  return o;
}

}  // namespace rigplan::cli
