// "Did you mean": edit distance between what a user typed and the names rigplan knows (field
// names, kinds, part ids). Suggestions are offered only when they are close enough to be a typo.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rigplan {

// Longest word (and candidate) a suggestion is computed for; a longer one is no typo.
inline constexpr std::size_t kMaxSuggestLength = 256;

std::size_t edit_distance(std::string_view a, std::string_view b);
// The distance when it is at most `limit`, else limit + 1, in O(len(a) x len(b)) time at worst
// and O(len(b)) memory, stopping as soon as the limit is passed.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit);

// Up to `n` candidates nearest to `word`, nearest first (ties by name), keeping only those
// within a typo's distance (a third of the word's length, at least 2) or containing the word.
std::vector<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates,
                                 std::size_t n = 3);

// The one "did you mean" format: " (did you mean \"x\"?)", with n > 1 up to n names
// (" (did you mean \"a\", \"b\" or \"c\"?)"), or "" when nothing is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::size_t n = 1);

}  // namespace rigplan
