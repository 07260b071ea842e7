// `rocm-smi --showtopo --json`: an object with one "cardN" entry per AMD GPU (holding its
// "(Topology) Numa Node") and a "system" entry whose keys read "(Topology) Link type between DRM
// devices i and j" (XGMI or PCIE), as ROCm SMI's rocm_smi.py writes them. Not JSON, or JSON of
// another shape, is an error naming file:line:col (JSON) or the JSON pointer.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <regex>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"
#include "util/json_text.hpp"

namespace rigplan::inspect {

RocmReport parse_rocm_topo(std::string_view text, const std::string& file) {
  require_text(text, file);
  nlohmann::json doc = parse_json(text, file);
  if (!doc.is_object()) throw InputError(InputIssue{file, "", 0, 0, "expected a JSON object: not `rocm-smi --showtopo --json` output"});
  RocmReport r;
  static const std::regex card(R"(^card([0-9]{1,3})$)");
  static const std::regex link(R"(^\(Topology\) Link type between DRM devices ([0-9]{1,3}) and ([0-9]{1,3})$)");
  std::map<int, std::optional<int>> numa;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    std::smatch m;
    const std::string& key = it.key();
    if (std::regex_match(key, m, card)) {
      if (!it->is_object()) throw InputError(InputIssue{file, "/" + key, 0, 0, "expected an object"});
      std::optional<int> node;
      auto n = it->find("(Topology) Numa Node");
      if (n != it->end() && n->is_string() && !n->get<std::string>().empty() &&
          n->get<std::string>().find_first_not_of("0123456789") == std::string::npos && n->get<std::string>().size() < 5)
        node = std::stoi(n->get<std::string>());
      numa[std::stoi(m[1])] = node;
      if (numa.size() > kMaxInspectGpus)
        throw InputError(InputIssue{file, "/" + key, 0, 0, fmt::format("more than {} cards", kMaxInspectGpus)});
    } else if (key == "system") {
      if (!it->is_object()) throw InputError(InputIssue{file, "/system", 0, 0, "expected an object"});
      for (auto s = it->begin(); s != it->end(); ++s) {
        std::smatch lm;
        const std::string& sk = s.key();
        if (!std::regex_match(sk, lm, link)) continue;
        if (!s->is_string()) throw InputError(InputIssue{file, "/system/" + sk, 0, 0, "expected a string (XGMI or PCIE)"});
        require_name(s->get<std::string>(), "link type", file, 0, 0);
        if (r.links.size() >= kMaxInspectGpus * kMaxInspectGpus)
          throw InputError(InputIssue{file, "/system", 0, 0, fmt::format("more than {} links", kMaxInspectGpus * kMaxInspectGpus)});
        r.links.push_back(fmt::format("{}-{} {}", lm[1].str(), lm[2].str(), s->get<std::string>()));
      }
    }
  }
  if (numa.empty()) throw InputError(InputIssue{file, "", 0, 0, "no \"cardN\" entries: not `rocm-smi --showtopo --json` output"});
  r.cards = static_cast<int>(numa.size());
  for (const auto& [k, v] : numa) r.numa.push_back(v);
  return r;
}

}  // namespace rigplan::inspect
