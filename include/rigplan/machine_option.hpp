// One machine that could run an inference workload, as `size` and `plan` list them side by side:
// a whole unified-memory machine, or a count of discrete cards, with its predicted decode speed
// and its price (include/rigplan/unified.hpp computes them). Its own header so that the planner's
// result can carry them without the sizing report's.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rigplan/price.hpp"

namespace rigplan {

struct MachineOption {
  std::string id;           // the unified system's or the GPU's catalog id
  bool unified = false;     // a whole unified-memory machine; else `count` discrete cards
  int count = 1;            // GPUs (tensor parallel over them)
  double gpu_memory_gib = 0;  // memory the GPUs can use, all together (unified: less the OS reserve)
  bool fits = false;
  double decode_tokens_per_s = 0;  // per request at the workload's batch (0 = no prediction)
  std::optional<Price> price;      // per machine or per card, as the catalog holds it
  std::optional<double> total_usd; // the machine's price, or count x the card's (the cards only)
  std::string no_price;            // why there is none, where the catalog says
};

// The side-by-side table (MACHINE, KIND, GPU MEMORY, FITS, PRICE, PRICE DATE, DECODE) and one
// entry of the JSON list (docs/json-contract.md: size's "machines", plan's "unified_systems").
std::string machine_options_table(const std::vector<MachineOption>& options);
nlohmann::ordered_json machine_option_json(const MachineOption& m);

}  // namespace rigplan
