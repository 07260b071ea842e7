// Reading JSON documents the way every rigplan input is read: from a file (with size, type and
// existence checks), parsed with syntax errors located by line and column, nesting bounded, and
// any later finding located too, by walking the text to the value a JSON pointer names. nlohmann
// keeps no positions, so `locate` re-scans the (already valid) text; that cost is paid only when
// there is an error to report.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/error.hpp"

namespace rigplan {

struct TextPosition {
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in bytes
};

// Largest input file rigplan reads, and deepest nesting it accepts (catalogs need 6 levels).
inline constexpr std::size_t kMaxInputBytes = 32u << 20;
inline constexpr int kMaxJsonDepth = 64;
// Longest string (value or key) in any input document, 1 MiB: room for a sweep axis of 100,000
// values, while the longest string in the shipped data is under 2,000 bytes (a PSU's notes).
// Whatever walks a string (patterns, suggestions) has its own, lower bound; docs/limits.md.
inline constexpr std::size_t kMaxStringBytes = 1u << 20;

TextPosition position_of(std::string_view text, std::size_t offset);

// Byte offset of the value the pointer names; nullopt if it does not exist. `text` must be valid.
std::optional<std::size_t> locate(std::string_view text, const nlohmann::json::json_pointer& ptr);

// Where `pointer`, or its deepest ancestor that exists (a missing field: its object), starts in
// `text`; nullopt when none does or the pointer is malformed.
std::optional<std::size_t> locate_nearest(std::string_view text, const std::string& pointer);

// Fills `issue.line` and `issue.column` from its pointer into `text` (left 0 when not found).
void locate_issue(std::string_view text, InputIssue& issue);

// The same three, for many issues in one text: each container is indexed the first time a
// pointer passes through it and lines once, so locating k issues costs about one pass over the
// text plus k lookups instead of k passes (an overlay of 100,000 parts with 100,000 errors).
// `text` must be valid JSON and outlive the locator.
class TextLocator {
 public:
  explicit TextLocator(std::string_view text);
  std::optional<std::size_t> locate(const nlohmann::json::json_pointer& ptr);
  std::optional<std::size_t> locate_nearest(const std::string& pointer);
  void locate_issue(InputIssue& issue);
  TextPosition position(std::size_t offset);

 private:
  const std::vector<std::size_t>& elements(std::size_t open);                // array at `open`
  const std::map<std::string, std::size_t>& members(std::size_t open);       // object at `open`
  std::string_view t_;
  std::vector<std::size_t> line_starts_;
  std::map<std::size_t, std::vector<std::size_t>> arrays_;
  std::map<std::size_t, std::map<std::string, std::size_t>> objects_;
};

// Reads a whole file, or stdin for "-"; throws InputError (missing, a directory, a FIFO, socket or
// device — anything but a regular file —, unreadable, too large). Never blocks on a special file.
std::string read_input_file(const std::string& path);

// Parses text named `file`; throws InputError with line and column on a syntax error, on
// nesting deeper than kMaxJsonDepth, a string longer than kMaxStringBytes, a NUL byte, and on an
// empty document.
nlohmann::json parse_json(std::string_view text, const std::string& file);

}  // namespace rigplan
