// The seed desktop the rule tests patch (Ryzen 9 7900 on a ProArt X670E with one RTX 3090, the
// source build of the project's first example), and the helpers that check a patched copy: one
// definition shared by rules_test, expert_rules_test and expert_fit_power_test.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "rigplan/build.hpp"
#include "rigplan/rules.hpp"

namespace rigplan::seed_build {

inline nlohmann::json seed() {
  return nlohmann::json::parse(R"({
    "name": "seed", "cpu": "amd-ryzen-9-7900", "board": "asus-proart-x670e-creator",
    "memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 4}],
    "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1}],
    "psu": "asus-rog-thor-1200p2", "chassis": "fractal-design-torrent", "cooler": "noctua-nh-d15-g2",
    "storage": [{"part": "wd-black-sn850x-2tb", "count": 1}], "outlet": "kr-220v-16a"})");
}

// The seed with a JSON merge patch applied, resolved against `c`.
inline Build make_build(const nlohmann::json& patch, const Catalog& c = Catalog::builtin()) {
  nlohmann::json j = seed();
  j.merge_patch(patch);
  return parse_build(j.dump(), "case.json", c);
}

// The findings of one rule on the patched seed.
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code, const Catalog& c,
                                     const Assumptions& a) {
  std::vector<Diagnostic> out;
  for (const auto& d : check_build(make_build(patch, c), a).diagnostics)
    if (d.code == code) out.push_back(d);
  return out;
}
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code) {
  return found(patch, code, Catalog::builtin(), Assumptions{});
}
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code, const Assumptions& a) {
  return found(patch, code, Catalog::builtin(), a);
}
inline std::vector<Diagnostic> found(const nlohmann::json& patch, const std::string& code, const Catalog& c) {
  return found(patch, code, c, Assumptions{});
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace rigplan::seed_build
