// Edit-distance suggestions (see suggest.hpp).
#include "util/suggest.hpp"

#include <algorithm>
#include <numeric>

namespace rigplan {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  return edit_distance(a, b, std::max(a.size(), b.size()));
}

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit) {
  // The distance is at least the difference in length; past the limit nothing is computed.
  std::size_t gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (gap > limit) return limit + 1;
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  std::iota(prev.begin(), prev.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    std::size_t row_min = cur[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > limit) return limit + 1;  // every later row is at least this
    std::swap(prev, cur);
  }
  return std::min(prev[b.size()], limit + 1);
}

std::vector<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates,
                                 std::size_t n) {
  // No typo is that long: a word past kMaxSuggestLength gets no suggestion, so the work per
  // candidate stays bounded however long the input.
  if (word.size() > kMaxSuggestLength) return {};
  std::size_t limit = std::max<std::size_t>(2, word.size() / 3);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& c : candidates) {
    if (c.size() > kMaxSuggestLength) continue;
    std::size_t d = edit_distance(word, c, limit);
    // A prefix ("tdp" for "tdp_w") is the likeliest slip, then a containing name ("3090").
    bool prefix = word.size() >= 2 && c.rfind(word, 0) == 0;
    bool contains = word.size() >= 3 && c.find(word) != std::string::npos;
    if (prefix) d = std::min<std::size_t>(d, 1);
    if (d <= limit || contains) scored.emplace_back(contains ? std::min(d, limit) : d, c);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (auto& [d, c] : scored) {
    if (out.size() == n) break;
    out.push_back(c);
  }
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::size_t n) {
  auto best = nearest(word, candidates, n);
  if (best.empty()) return "";
  std::string out = " (did you mean ";
  for (std::size_t i = 0; i < best.size(); ++i)
    out += (i == 0 ? "" : i + 1 == best.size() ? " or " : ", ") + ("\"" + best[i] + "\"");
  return out + "?)";
}

}  // namespace rigplan
