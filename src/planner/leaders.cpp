// Branch-and-bound bookkeeping (see leaders.hpp).
#include "planner/leaders.hpp"

#include <algorithm>
#include <tuple>

#include "planner/score.hpp"

namespace rigplan::planner {

bool bound_before(const Config& a, const Config& b, Objective o) {
  if (a.bound.can_complete != b.bound.can_complete && (o == Objective::Cost || o == Objective::PerfPerDollar))
    return a.bound.can_complete;
  if (a.bound.score != b.bound.score) return lower_is_better(o) ? a.bound.score < b.bound.score : a.bound.score > b.bound.score;
  return std::tie(a.item, a.platform) < std::tie(b.item, b.platform);
}

void Leaders::update(std::size_t i) {
  const auto& builds = results_[i].builds;
  for (std::size_t k = 0; k < builds.size(); ++k)
    if (best_[i] == npos || ranks_before(builds[k], builds[best_[i]], r_.objective)) best_[i] = k;
  if (best_[i] != npos && std::find(groups_.begin(), groups_.end(), i) == groups_.end()) groups_.push_back(i);
  threshold_ = nullptr;
  if (static_cast<int>(groups_.size()) < r_.top) return;
  std::vector<const PlannedBuild*> v;
  for (std::size_t g : groups_) v.push_back(&results_[g].builds[best_[g]]);
  std::nth_element(v.begin(), v.begin() + (r_.top - 1), v.end(),
                   [&](const PlannedBuild* a, const PlannedBuild* b) { return ranks_before(*a, *b, r_.objective); });
  threshold_ = v[static_cast<std::size_t>(r_.top - 1)];
}

bool Leaders::may_enter(std::size_t i, const Bound& b, const std::string& board_id, const std::string& cpu_id) const {
  if (!threshold_) return true;
  auto after = [&](const PlannedBuild& best) {
    return std::tie(board_id, cpu_id) > std::tie(best.build.board->id, best.build.cpu->id);
  };
  const PlannedBuild& t = *threshold_;
  bool same_item = best_[i] != npos;
  if (!may_beat(b, t, r_.objective, same_item ? after(t) : false)) return false;
  if (same_item) {
    const PlannedBuild& own = results_[i].builds[best_[i]];
    if (!may_beat(b, own, r_.objective, after(own))) return false;
  }
  return true;
}

}  // namespace rigplan::planner
