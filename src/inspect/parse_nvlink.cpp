// `nvidia-smi nvlink -s` (--status): for each GPU a "GPU n: NAME (UUID: ...)" line, then one line
// per NVLink, "Link k: 26.562 GB/s" when it is up and "Link k: <inactive>" when it is down; a
// GPU whose links are all down may instead print NVML's "Unable to retrieve NVLink information as
// all links are inActive". Any other line under a GPU is an error naming file:line:col, so a
// different report saved under this name is refused rather than read as "no NVLink".
#include <fmt/format.h>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

NvlinkReport parse_nvlink(std::string_view text, const std::string& file) {
  require_text(text, file);
  NvlinkReport r;
  auto lines = split_lines(text);
  for (std::size_t li = 0; li < lines.size(); ++li) {
    int lno = static_cast<int>(li) + 1;
    std::string_view raw = lines[li];
    std::string_view line = trim(raw);
    int col = static_cast<int>(raw.find_first_not_of(" \t")) + 1;
    if (line.empty()) continue;
    auto bad = [&](const std::string& why) { return InputError(InputIssue{file, "", lno, col, why}); };
    if (line.rfind("GPU ", 0) == 0) {
      std::string_view rest;
      auto idx = leading_number(line.substr(4), &rest);
      if (!idx || rest.empty() || rest.front() != ':' || *idx >= kMaxInspectGpus || *idx != static_cast<int>(*idx))
        throw bad("a GPU line must read \"GPU n: NAME\"");
      NvlinkReport::Gpu g;
      g.index = static_cast<int>(*idx);
      std::string_view name = trim(rest.substr(1));
      if (auto p = name.find(" (UUID"); p != std::string_view::npos) name = name.substr(0, p);
      require_name(name, "GPU name", file, lno, col);
      if (r.gpus.size() >= kMaxInspectGpus) throw bad(fmt::format("more than {} GPUs", kMaxInspectGpus));
      g.name = std::string(name);
      r.gpus.push_back(g);
      continue;
    }
    if (r.gpus.empty()) throw bad("expected a \"GPU n: NAME\" line first: this is not `nvidia-smi nvlink -s` output");
    if (line.rfind("NVML:", 0) == 0 && line.find("inActive") != std::string_view::npos) continue;  // all links down
    if (line.rfind("Link ", 0) != 0) throw bad(fmt::format("\"{}\" is not a Link line of `nvidia-smi nvlink -s`", line));
    std::string_view rest;
    auto k = leading_number(line.substr(5), &rest);
    if (!k || rest.empty() || rest.front() != ':') throw bad("a link line must read \"Link k: SPEED GB/s\" or \"Link k: <inactive>\"");
    std::string_view state = trim(rest.substr(1));
    auto& g = r.gpus.back();
    if (static_cast<std::size_t>(g.listed) >= kMaxNvlinksPerGpu)
      throw bad(fmt::format("more than {} links under GPU {}", kMaxNvlinksPerGpu, g.index));
    ++g.listed;
    if (state == "<inactive>") continue;
    std::string_view unit;
    auto speed = leading_number(state, &unit);
    if (!speed || trim(unit) != "GB/s")
      throw bad(fmt::format("link state \"{}\" is neither a speed in GB/s nor <inactive>", state));
    if (*speed > 0) ++g.up;
  }
  return r;
}

}  // namespace rigplan::inspect
