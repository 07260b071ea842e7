// Small text helpers shared by the line-oriented parsers of `rigplan inspect` (see parsers.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "inspect/parsers.hpp"
#include "rigplan/error.hpp"

namespace rigplan::inspect {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      if (start < text.size()) out.push_back(text.substr(start));
      break;
    }
    std::string_view line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    start = nl + 1;
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string strip_terminal_escapes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      std::size_t j = i + 2;
      while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == ';')) ++j;
      if (j < text.size() && ((text[j] >= 'A' && text[j] <= 'Z') || (text[j] >= 'a' && text[j] <= 'z'))) {
        i = j;  // the whole sequence, final letter included
        continue;
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

std::optional<double> leading_number(std::string_view s, std::string_view* rest) {
  s = trim(s);
  if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt;
  std::size_t i = 0;
  while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) ++i;
  std::string num(s.substr(0, i));
  if (std::count(num.begin(), num.end(), '.') > 1 || num.back() == '.') return std::nullopt;
  double v = std::strtod(num.c_str(), nullptr);
  if (!(v <= kMaxReportNumber)) return std::nullopt;  // 400 digits read as inf: no report prints that
  if (rest) *rest = s.substr(i);
  return v;
}

void require_text(std::string_view text, const std::string& file, std::size_t max_bytes) {
  if (text.size() > max_bytes)
    throw InputError(InputIssue{file, "", 0, 0, fmt::format("larger than {} MiB: not a report this reads", max_bytes >> 20)});
  int line = 1;
  std::size_t col = 1;
  for (char ch : text) {
    if (ch == '\0') throw InputError(InputIssue{file, "", line, static_cast<int>(col), "a NUL byte: this is not a text report"});
    if (ch == '\n') {
      if (static_cast<std::size_t>(++line) > kMaxReportLines)
        throw InputError(InputIssue{file, "", line, 1, fmt::format("more than {} lines: not a report this reads", kMaxReportLines)});
      col = 1;
    } else if (++col > kMaxReportLine + 1) {
      throw InputError(InputIssue{file, "", line, 1,
                                  fmt::format("a line longer than {} KiB: not a report this reads", kMaxReportLine >> 10)});
    }
  }
}

void require_name(std::string_view name, const char* what, const std::string& file, int line, int col) {
  if (name.size() > kMaxInspectName)
    throw InputError(InputIssue{file, "", line, col,
                                fmt::format("a {} of {} bytes, more than {}: not a name this report holds", what,
                                            name.size(), kMaxInspectName)});
}

}  // namespace rigplan::inspect
