// Reading JSON documents the way every rigplan input is read: from a file (with size, type and
// existence checks), parsed with syntax errors located by line and column, nesting bounded, and
// any later finding located too, by walking the text to the value a JSON pointer names. nlohmann
// keeps no positions, so `locate` re-scans the (already valid) text; that cost is paid only when
// there is an error to report.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "rigplan/error.hpp"

namespace rigplan {

struct TextPosition {
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in bytes
};

// Largest input file rigplan reads, and deepest nesting it accepts (catalogs need 6 levels).
inline constexpr std::size_t kMaxInputBytes = 32u << 20;
inline constexpr int kMaxJsonDepth = 64;

TextPosition position_of(std::string_view text, std::size_t offset);

// Byte offset of the value the pointer names; nullopt if it does not exist. `text` must be valid.
std::optional<std::size_t> locate(std::string_view text, const nlohmann::json::json_pointer& ptr);

// Where `pointer`, or its deepest ancestor that exists (a missing field: its object), starts in
// `text`; nullopt when none does or the pointer is malformed.
std::optional<std::size_t> locate_nearest(std::string_view text, const std::string& pointer);

// Fills `issue.line` and `issue.column` from its pointer into `text` (left 0 when not found).
void locate_issue(std::string_view text, InputIssue& issue);

// Reads a whole file; throws InputError (missing, a directory, unreadable, too large).
std::string read_input_file(const std::string& path);

// Parses text named `file`; throws InputError with line and column on a syntax error, on
// nesting deeper than kMaxJsonDepth, and on an empty document.
nlohmann::json parse_json(std::string_view text, const std::string& file);

}  // namespace rigplan
