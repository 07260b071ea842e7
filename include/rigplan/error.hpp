// Bad input: the one error type for files and flags a user hands rigplan. Each issue names the
// file, the JSON pointer and, where known, the line and column, so an editor or a CI annotation
// can jump to it. `main` turns an InputError into exit code 2. Findings about a build are
// diagnostics, never InputErrors; programmer mistakes are assertions.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rigplan {

struct InputIssue {
  std::string file;     // path as the user gave it ("<built-in>/data/catalog/x.json" for embedded)
  std::string pointer;  // RFC 6901 JSON pointer, "" for the whole document
  int line = 0;         // 1-based; 0 when unknown
  int column = 0;       // 1-based; 0 when unknown
  std::string message;

  // "file:line:col: /pointer: message" (parts that are unknown are left out).
  std::string to_string() const;
};

// Longest quoted name, JSON pointer and message an error echoes back: a 50,000-character id is
// shown by its start and length, so that one bad value cannot flood a terminal or a CI log.
inline constexpr std::size_t kMaxEchoedName = 80;
inline constexpr std::size_t kMaxEchoedPointer = 200;
inline constexpr std::size_t kMaxEchoedMessage = 2000;

// `text` with every word (a run without spaces) longer than kMaxEchoedName shown by its start and
// length: for messages that echo a value without quotes (the command-line parser's).
std::string shorten_long_words(const std::string& text);

class InputError : public std::runtime_error {
 public:
  // Issues are stored shortened to the limits above.
  explicit InputError(std::vector<InputIssue> issues);
  explicit InputError(InputIssue issue) : InputError(std::vector<InputIssue>{std::move(issue)}) {}
  const std::vector<InputIssue>& issues() const { return issues_; }

 private:
  struct Tidied {};
  InputError(std::vector<InputIssue> issues, Tidied);
  std::vector<InputIssue> issues_;
};

// The one way code refuses input it was handed (main turns it into exit code 2): the file ("" for
// a flag), the JSON pointer ("" for the whole input) and what is wrong. Inputs read with line and
// column (the JSON reader, inspect's parsers) build their InputIssue themselves.
[[noreturn]] void input_error(std::string message);
[[noreturn]] void input_error(std::string file, std::string pointer, std::string message);
// The pointer of a request's top-level key ("/key", escaped per RFC 6901; "" for "").
std::string key_pointer(std::string_view key);

}  // namespace rigplan
