// Text and CSV rendering of tables (see include/rigplan/table.hpp).
#include "rigplan/table.hpp"

#include <algorithm>

namespace rigplan {

std::size_t display_width(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

std::string clip(const std::string& s, std::size_t n) {
  if (display_width(s) <= n) return s;
  std::string out;
  std::size_t w = 0;
  for (std::size_t i = 0; i < s.size() && w < n - 1; ++i) {
    out += s[i];
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++w;
    while (i + 1 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xC0) == 0x80) out += s[++i];
  }
  return out + "…";
}

std::string Table::render() const {
  std::vector<std::size_t> width(headers.size(), 0);
  for (std::size_t i = 0; i < headers.size(); ++i) width[i] = display_width(headers[i]);
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size() && i < width.size(); ++i) width[i] = std::max(width[i], display_width(r[i]));
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < width.size(); ++i) {
      std::string cell = i < cells.size() ? cells[i] : "";
      std::size_t pad = width[i] - display_width(cell);
      bool right = i < right_align.size() && right_align[i];
      bool last = i + 1 == width.size();
      if (right) out += std::string(pad, ' ') + cell;
      else out += cell + (last ? "" : std::string(pad, ' '));
      if (!last) out += "  ";
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::string out = line(headers);
  for (const auto& r : rows) out += line(r);
  return out;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string Table::csv() const {
  auto line = [](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_cell(cells[i]);
    return out + "\n";
  };
  std::string out = line(headers);
  for (const auto& r : rows) out += line(r);
  return out;
}

}  // namespace rigplan
