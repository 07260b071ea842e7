// "Did you mean": edit distance between what a user typed and the names rigplan knows (field
// names, kinds, part ids). Suggestions are offered only when they are close enough to be a typo.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rigplan {

std::size_t edit_distance(std::string_view a, std::string_view b);

// Up to `n` candidates nearest to `word`, nearest first (ties by name), keeping only those
// within a typo's distance (a third of the word's length, at least 2) or containing the word.
std::vector<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates,
                                 std::size_t n = 3);

// " (did you mean \"x\"?)" or "" when nothing is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace rigplan
