// Twin parts for the planner's search (see twins.hpp).
#include "planner/twins.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rigplan::planner {

namespace {

// Fields that name, locate or date a part but that no rule, model or score reads. The prices are
// represented by the one in effect (price_usd), which is what costs read.
constexpr const char* kIdentityFields[] = {"id", "name", "source", "notes", "prices", "no_price"};

bool named(const PlanRequest& r, const std::string& id) {
  auto in = [&](const std::vector<std::string>& v) { return std::find(v.begin(), v.end(), id) != v.end(); };
  return in(r.gpu_ids) || in(r.include);
}

template <class T>
std::map<const T*, std::vector<const T*>> fold(std::vector<const T*>& parts, const Catalog& c, const PlanRequest& r,
                                                const std::map<std::string, std::vector<std::string>>& referrers) {
  static const std::vector<std::string> none;
  std::map<std::string, const T*> first;  // key -> the part that stays
  std::map<const T*, std::vector<const T*>> out;
  std::vector<const T*> by_id = parts;
  std::sort(by_id.begin(), by_id.end(), [](const T* a, const T* b) { return a->id < b->id; });
  std::vector<const T*> folded;
  for (const T* p : by_id) {
    auto ref = referrers.find(p->id);
    std::string key = twin_key(c, *p, ref == referrers.end() ? none : ref->second);
    auto [it, fresh] = first.emplace(std::move(key), p);
    if (fresh || named(r, p->id)) continue;
    out[it->second].push_back(p);
    folded.push_back(p);
  }
  parts.erase(std::remove_if(parts.begin(), parts.end(),
                             [&](const T* p) { return std::find(folded.begin(), folded.end(), p) != folded.end(); }),
              parts.end());
  return out;
}

}  // namespace

std::string twin_key(const Catalog& c, const PartBase& p, const std::vector<std::string>& referrers) {
  nlohmann::json j = c.raw(p.id);
  for (const char* f : kIdentityFields) j.erase(f);
  j["$price_usd"] = p.price_usd ? nlohmann::json(*p.price_usd) : nlohmann::json();
  j["$referrers"] = referrers;
  return j.dump();
}

Twins fold_twins(Pools& p, const Catalog& c, const PlanRequest& r) {
  // Parts that name a GPU or a board: bridges (sold for listed cards) and barebones (their
  // board), each described by its content without the names, so that two cards with a bridge
  // each, equal but for the names, are twins too.
  std::map<std::string, std::vector<std::string>> referrers;
  auto content = [&c](const PartBase& part, std::initializer_list<const char*> names) {
    nlohmann::json j = c.raw(part.id);
    for (const char* f : kIdentityFields) j.erase(f);
    for (const char* f : names) j.erase(f);
    return j.dump();
  };
  for (const NvlinkBridge& b : c.all<NvlinkBridge>())
    for (const std::string& g : b.gpus) referrers[g].push_back(content(b, {"gpus"}));
  for (const Barebone& bb : c.all<Barebone>()) referrers[bb.board].push_back(content(bb, {"board", "chassis", "psu"}));
  for (auto& [id, refs] : referrers) std::sort(refs.begin(), refs.end());
  Twins t;
  t.gpus = fold(p.gpus, c, r, referrers);
  t.boards = fold(p.boards, c, r, referrers);
  return t;
}

}  // namespace rigplan::planner
