// `nvidia-smi topo -m`: the GPU-by-GPU link matrix (X, NV#, PIX, PXB, PHB, NODE, SYS; SOC is the
// older name of SYS) and each GPU's NUMA affinity, which tells whether the GPUs hang off one
// socket or two. nvidia-smi separates columns by tabs; copies pasted from a terminal often have
// spaces instead, so a header without tabs is split on blanks with the three two- and three-word
// column names ("CPU Affinity", "NUMA Affinity", "GPU NUMA ID") rejoined. NIC rows and the legend
// are skipped; the NIC columns of the GPU rows are kept (each GPU's path to each NIC), named by
// the "NIC Legend" ("NIC0: mlx5_0") where the output has one. A GPU row that is short, or holds a link code nvidia-smi does not print, is an error
// naming file:line:col.
#include <fmt/format.h>

#include <cctype>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

namespace {

struct Cell {
  std::string text;
  int col = 1;  // 1-based column in the line
};

std::vector<Cell> split_cells(std::string_view line, bool tabs) {
  std::vector<Cell> out;
  std::size_t i = 0;
  if (tabs) {
    for (;;) {
      std::size_t tab = line.find('\t', i);
      std::string_view raw = line.substr(i, tab == std::string_view::npos ? std::string_view::npos : tab - i);
      std::size_t first = raw.find_first_not_of(" \r");
      out.push_back({std::string(trim(raw)), static_cast<int>(i + (first == std::string_view::npos ? 0 : first)) + 1});
      if (tab == std::string_view::npos) break;
      i = tab + 1;
    }
    return out;
  }
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\r')) ++i;
    if (i >= line.size()) break;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\r') ++i;
    out.push_back({std::string(line.substr(start, i - start)), static_cast<int>(start) + 1});
  }
  return out;
}

// Header cells without tabs: rejoin the multi-word column names.
std::vector<Cell> join_header(std::vector<Cell> cells) {
  std::vector<Cell> out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    auto at = [&](std::size_t k) { return i + k < cells.size() ? cells[i + k].text : std::string(); };
    if (at(0) == "GPU" && at(1) == "NUMA" && at(2) == "ID") { out.push_back({"GPU NUMA ID", cells[i].col}); i += 2; }
    else if ((at(0) == "CPU" || at(0) == "NUMA") && at(1) == "Affinity") { out.push_back({at(0) + " Affinity", cells[i].col}); i += 1; }
    else out.push_back(cells[i]);
  }
  return out;
}

bool is_link_code(const std::string& s) {
  if (s == "X" || s == "SYS" || s == "SOC" || s == "NODE" || s == "PHB" || s == "PXB" || s == "PIX") return true;
  if (s.size() > 2 && s.compare(0, 2, "NV") == 0)
    return s.find_first_not_of("0123456789", 2) == std::string::npos;
  return false;
}

bool is_gpu_name(const std::string& s) {
  return s.size() > 3 && s.compare(0, 3, "GPU") == 0 && s.find_first_not_of("0123456789", 3) == std::string::npos;
}

}  // namespace

TopoReport parse_topo(std::string_view text, const std::string& file) {
  require_text(text, file);
  const std::string plain = strip_terminal_escapes(text);
  auto lines = split_lines(plain);
  TopoReport r;
  std::vector<Cell> header;
  bool tabs = false;
  int header_line = 0;
  std::size_t numa_col = 0;
  std::vector<std::size_t> nic_cols;  // header indexes of the NIC columns
  for (std::size_t li = 0; li < lines.size(); ++li) {
    std::string_view line = lines[li];
    int lno = static_cast<int>(li) + 1;
    if (trim(line).rfind("Legend", 0) == 0) break;
    if (header.empty()) {
      if (line.find("GPU0") == std::string_view::npos) continue;
      tabs = line.find('\t') != std::string_view::npos;
      header = split_cells(line, tabs);
      if (!tabs) header = join_header(header);
      if (!header.empty() && header.front().text.empty()) header.erase(header.begin());  // the blank corner
      if (header.size() > kMaxTopoColumns)
        throw InputError(InputIssue{file, "", lno, 1, fmt::format("a header of {} columns, more than {}", header.size(), kMaxTopoColumns)});
      for (std::size_t c = 0; c < header.size(); ++c) {
        if (is_gpu_name(header[c].text)) r.gpus.push_back(header[c].text);
        if (r.gpus.size() > kMaxInspectGpus)
          throw InputError(InputIssue{file, "", lno, header[c].col, fmt::format("more than {} GPUs", kMaxInspectGpus)});
        if (header[c].text == "NUMA Affinity") numa_col = c + 1;
        bool affinity = header[c].text == "CPU Affinity" || header[c].text == "NUMA Affinity" || header[c].text == "GPU NUMA ID";
        if (!is_gpu_name(header[c].text) && !affinity && !header[c].text.empty() && nic_cols.size() < kMaxTopoColumns) {
          nic_cols.push_back(c);
          r.nics.push_back(header[c].text);
        }
      }
      header_line = lno;
      continue;
    }
    auto cells = split_cells(line, tabs && line.find('\t') != std::string_view::npos);
    if (cells.empty() || cells.front().text.empty()) continue;
    if (!is_gpu_name(cells.front().text)) continue;  // NIC rows, blank lines
    std::size_t row = r.links.size();
    if (row >= r.gpus.size() || cells.front().text != r.gpus[row])
      throw InputError(InputIssue{file, "", lno, cells.front().col,
                                  fmt::format("row {} where {} was expected (the header at line {} names {} GPUs)",
                                              cells.front().text, row < r.gpus.size() ? r.gpus[row] : "no further GPU",
                                              header_line, r.gpus.size())});
    std::vector<std::string> links;
    for (std::size_t g = 0; g < r.gpus.size(); ++g) {
      if (g + 1 >= cells.size())
        throw InputError(InputIssue{file, "", lno, static_cast<int>(line.size()) + 1,
                                    fmt::format("row {} ends after {} of its {} GPU columns (truncated?)",
                                                r.gpus[row], g, r.gpus.size())});
      const Cell& c = cells[g + 1];
      if (!is_link_code(c.text))
        throw InputError(InputIssue{file, "", lno, c.col,
                                    fmt::format("\"{}\" is not a link code nvidia-smi prints (X, NV#, PIX, PXB, PHB, "
                                                "NODE, SYS)",
                                                c.text)});
      links.push_back(c.text);
    }
    // The GPU's path to each NIC; a cell that is not a link code (a short, trimmed copy) is "".
    std::vector<std::string> to_nic;
    for (std::size_t c : nic_cols)
      to_nic.push_back(c + 1 < cells.size() && is_link_code(cells[c + 1].text) ? cells[c + 1].text : "");
    r.gpu_nic.push_back(std::move(to_nic));
    std::optional<int> numa;
    if (numa_col && numa_col < cells.size()) {
      const Cell& c = cells[numa_col];
      if (!c.text.empty() && std::isdigit(static_cast<unsigned char>(c.text[0]))) {
        if (c.text.find_first_not_of("0123456789") != std::string::npos || c.text.size() > 4)
          throw InputError(InputIssue{file, "", lno, c.col, fmt::format("NUMA affinity \"{}\" is not a node number", c.text)});
        numa = std::stoi(c.text);
      }
    }
    r.links.push_back(std::move(links));
    r.numa.push_back(numa);
  }
  if (header.empty())
    throw InputError(InputIssue{file, "", 1, 1, "no header naming GPU0: this is not `nvidia-smi topo -m` output"});
  // "NIC Legend:" then "  NIC0: mlx5_0": the device names of the NIC columns.
  for (std::string_view line : lines) {
    std::string_view t = trim(line);
    auto colon = t.find(": ");
    if (t.rfind("NIC", 0) != 0 || colon == std::string_view::npos || colon < 4) continue;
    std::string key(t.substr(0, colon));
    if (key.find_first_not_of("0123456789", 3) != std::string::npos) continue;
    for (auto& n : r.nics)
      if (n == key) n = std::string(trim(t.substr(colon + 2)));
  }
  if (r.links.size() != r.gpus.size())
    throw InputError(InputIssue{file, "", static_cast<int>(lines.size()), 1,
                                fmt::format("the header names {} GPUs but {} GPU rows follow (truncated?)", r.gpus.size(),
                                            r.links.size())});
  return r;
}

}  // namespace rigplan::inspect
