// Help text and checks of the flags the request-key table declares (see request_flags.hpp).
#include "cli/request_flags.hpp"

#include <fmt/format.h>

#include <vector>

namespace rigplan::cli {

namespace {

std::string default_text(const nlohmann::json& def) {
  if (def.is_string()) return def.get<std::string>();
  if (def.is_boolean()) return def.get<bool>() ? "true" : "false";
  return fmt::format("{:g}", def.get<double>());
}

}  // namespace

std::string key_help(const RequestKey& k, std::string_view prefix, bool show_default) {
  std::vector<std::string> notes;
  if (k.type == KeyType::Word) notes.push_back(key_words(k));
  if (show_default && !k.def.is_null() && k.type != KeyType::Flag) notes.push_back("default " + default_text(k.def));
  std::string help = fmt::format("{}{}", prefix, k.doc);
  if (!notes.empty()) help += fmt::format(" ({})", fmt::join(notes, "; "));
  return help;
}

std::optional<CLI::Validator> key_check(const RequestKey& k) {
  switch (k.type) {
    case KeyType::Integer:
      return CLI::Range(static_cast<long long>(k.lo), static_cast<long long>(k.hi));
    case KeyType::Number:
      return finite_range(k.lo, k.hi, k.lo_open);
    case KeyType::Word:
      return CLI::IsMember(std::vector<std::string>(k.words.begin(), k.words.end()));
    default:
      return std::nullopt;
  }
}

}  // namespace rigplan::cli
