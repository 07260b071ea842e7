// A `rigplan size` request as data (the keys are the command's flag names without dashes:
// {"model": "llama-2-7b", "mode": "lora", "zero": 3, "gpu": "nvidia-h100-sxm5-80gb", "count": 8}),
// so sweeps and request files size workloads without going through the command line.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "rigplan/catalog.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

struct SizeRequest {
  Workload workload;
  std::optional<Hardware> hardware;
};

// Throws InputError (naming `file` and the key) on unknown keys, wrong types or values.
SizeRequest parse_size_request(const nlohmann::json& j, const Catalog& c, const std::string& file);

}  // namespace rigplan
