// In-memory catalog fixtures: a minimal valid part per kind as JSON, to mutate in tests, and a
// helper that applies a document as an overlay and returns the issues it raised.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/error.hpp"

namespace rigplan::test {

inline nlohmann::json gpu_part(const std::string& id = "acme-test-gpu") {
  auto j = nlohmann::json::parse(R"({
    "kind": "gpu", "name": "Test GPU", "source": "https://example.com/gpu",
    "vendor": "nvidia", "architecture": "ada", "release_year": 2023,
    "memory_gib": 24, "memory_bandwidth_gb_s": 1000, "tflops": {"fp32": 80, "bf16": 160},
    "tdp_w": 300, "power_connectors": {"12vhpwr": 1}, "form_factor": "pcie", "slot_width": 2,
    "length_mm": 267, "cooler": "blower", "pcie": {"gen": 4, "lanes": 16}, "nvlink": null,
    "mig_instances": 0})");
  j["id"] = id;
  return j;
}

inline nlohmann::json doc(std::vector<nlohmann::json> parts) {
  return nlohmann::json{{"schema_version", 1}, {"parts", parts}};
}

// Applies `text` as an overlay on a copy of the built-in catalog; returns the issues (none = ok).
inline std::vector<InputIssue> overlay_issues(const std::string& text, Catalog* out = nullptr) {
  Catalog c = Catalog::builtin();
  try {
    c.add_layer(text, "t.json");
  } catch (const InputError& e) {
    if (out) *out = c;
    return e.issues();
  }
  if (out) *out = c;
  return {};
}

}  // namespace rigplan::test
