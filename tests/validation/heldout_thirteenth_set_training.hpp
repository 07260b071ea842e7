// Held-out training rows of a thirteenth set: the dense-model rows of Megatron-Bridge's performance
// archive that no set used, written down with their settings and committed before the model was
// run on them; none changed after. Rule: every row of the 25.09, 25.11 and 26.02 NeMo containers'
// tables for a dense model (Llama 3 8B and 70B), on a system the catalog holds, in a precision the
// model times, whose figure no other set holds — the first value of each cell, as the third set
// takes it (the parenthesised one is another FP8 scaling granularity). Not used, as before: the
// Llama 3.1 405B rows (the third set's reason: the recipe counts the embedding and the loss as
// pipeline layers), the NVFP4 rows (the model times no FP4 training) and the mixture-of-experts
// models. Source:
//  - github.com/NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md at 0a25f911 (the
//    third set's source; see heldout_third_set_training.hpp for its nomenclature: FSDP > 0 is
//    Megatron-FSDP over that many GPUs, FSDP = 0 DDP with the distributed optimizer):
//    26.02, Llama 3 70B: "| DGX-GB300 | 64 | MXFP8 | 256 | 1 | 8192 | 0 | 1 | 4 | 1 | 5 | n/a | 4596 | 2064 |";
//    25.11, DGX-GB300: "| LLAMA3_8B | 8 | FP8-CS (FP8-MX) | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 |
//    37556 (36108) | ...", "| LLAMA3_70B | 64 | FP8-CS | 256 | 2 | 8192 | 64 | 1 | 1 | 1 | 1 | 1 | 2 | 4520 | 2030 |";
//    25.11, DGX-GB200: "| LLAMA3_8B | 8 | FP8-CS (FP8-MX) | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 |
//    31508 (29789) | ...";
//    25.11, DGX-H100: "| LLAMA3_70B | 64 | FP8-CS | 128 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | 1 | 64 | 1602 | 719 |";
//    25.09, DGX-GB200 (no precision column: FP8 current scaling, as 25.11 prints for the same
//    recipes): "| LLAMA3_8B | 8 | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 | 31357 (29925) | ...".
// Settings the tables do not print, taken as the second and third sets take them: no recompute,
// sequence parallelism and Transformer Engine's TP communication overlap wherever TP > 1, GB200 and
// GB300 NVL72 as one NVLink domain of 72 on the rack GPUs' parts. These repeat configurations
// other releases' rows hold (Llama 3 8B on 8 GPUs; Llama 3 70B over 64 with Megatron-FSDP, or with
// TP4 PP8 VP5 on H100s): separate measurements with other software, as the third set's are.
#pragma once

#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_thirteenth_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50);
    PerfSystem gb200 = dgx("nvidia-b200-gb200-186gb", 900, 50, 72);
    PerfSystem gb300 = dgx("nvidia-b300-gb300-279gb", 900, 100, 72);  // ConnectX-8, 800 Gb/s a GPU
    const TrainRow rows[] = {
        {"Megatron-Bridge 26.02 Llama 3 70B MXFP8, 64 GB300, PP4 VP5", l3_70, "fp8", 8192, 64, 1, 4, 5, 1, 1, 256, "none", "megatron", gb300, 4596},
        {"Megatron-Bridge 25.11 Llama 3 8B FP8, 8 GB300, DDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 1, 2, 128, "none", "megatron", gb300, 37556},
        {"Megatron-Bridge 25.11 Llama 3 70B FP8, 64 GB300, FSDP", l3_70, "fp8", 8192, 64, 1, 1, 1, 3, 2, 256, "none", "fsdp", gb300, 4520},
        {"Megatron-Bridge 25.11 Llama 3 8B FP8, 8 GB200, DDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 1, 2, 128, "none", "megatron", gb200, 31508},
        {"Megatron-Bridge 25.11 Llama 3 70B FP8, 64 H100, TP4 PP8 VP5", l3_70, "fp8", 8192, 64, 4, 8, 5, 1, 1, 128, "none", "megatron", h100, 1602, true},
        {"Megatron-Bridge 25.09 Llama 3 8B FP8, 8 GB200, DDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 1, 2, 128, "none", "megatron", gb200, 31357},
    };
    return nvidia_recipe_cases(rows);
  }();
  return cases;
}

}  // namespace rigplan::validation
