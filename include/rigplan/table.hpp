// Plain-text tables for people (columns aligned by display width, UTF-8 aware) and CSV for
// spreadsheets (RFC 4180 quoting). Both are deterministic: same rows, same bytes.
#pragma once

#include <string>
#include <vector>

namespace rigplan {

struct Table {
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> right_align;  // per column; missing = left

  std::string render() const;  // aligned text, two spaces between columns
  std::string csv() const;     // header line then one line per row
};

// Display width of UTF-8 text (one column per code point).
std::size_t display_width(const std::string& s);

// `s` cut to `n` display columns, ending in "…" when cut (UTF-8 aware).
std::string clip(const std::string& s, std::size_t n);

// One CSV cell, quoted (RFC 4180) when it holds a comma, a quote or a line break.
std::string csv_cell(const std::string& s);

}  // namespace rigplan
