// Bad input: the one error type for files and flags a user hands rigplan. Each issue names the
// file, the JSON pointer and, where known, the line and column, so an editor or a CI annotation
// can jump to it. `main` turns an InputError into exit code 2. Findings about a build are
// diagnostics, never InputErrors; programmer mistakes are assertions.
#pragma once

#include <stdexcept>
#include <string>
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

class InputError : public std::runtime_error {
 public:
  explicit InputError(std::vector<InputIssue> issues);
  explicit InputError(InputIssue issue) : InputError(std::vector<InputIssue>{std::move(issue)}) {}
  const std::vector<InputIssue>& issues() const { return issues_; }

 private:
  std::vector<InputIssue> issues_;
};

}  // namespace rigplan
