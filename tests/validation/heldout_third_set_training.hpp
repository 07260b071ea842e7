// Held-out training rows added when training rows moved to the fit set (fit_training.hpp): each
// row's settings were written down here, and committed, before the model was run on it; none was
// changed after. Sources:
//  - Megatron-Bridge performance archive, docs/performance-summary-archive.md at
//    github.com/NVIDIA-NeMo/Megatron-Bridge 0a25f911 (rendered at docs.nvidia.com/nemo/megatron-
//    bridge/latest/performance-summary-archive.html), sections "26.02 NeMo Container" (Feb 2026)
//    and "25.09 NeMo Container" (Sep 2025): Megatron-Core + Transformer Engine, mock data, full
//    sequences. "FSDP > 0: use FSDP with sharding group size = #GPUs / (TP x PP)" (Megatron-FSDP,
//    modelled as FSDP FULL_SHARD), "FSDP = 0: use DDP" (distributed optimizer). The 25.09 table
//    prints no precision column: FP8 current scaling, as the 25.11 table prints for the same recipes;
//  - NVIDIA NeMo Framework user guide, "Performance" summary of container 25.02, DGX-B200 block
//    (docs.nvidia.com/nemo-framework/user-guide/latest/performance/performance_summary.html):
//    "pre-training performance of various models at FP8 precision (using NeMo 2.0)", DDP with the
//    distributed optimizer.
// Settings the tables do not print are taken as heldout_second_set.hpp takes them: no recompute;
// Transformer Engine's TP communication overlap on whenever TP > 1 with SP. Systems: DGX-H100
// (NVLink4, 8x 400 Gb/s), DGX-B200 (NVLink5, 8x 400 Gb/s), GB200 NVL72 (one NVLink domain of 72,
// on the catalog's GB200 GPU part, nvidia-b200-gb200-186gb; the rows were first run on the HGX
// B200 part while the catalog had no other).
// These rows repeat configurations other releases' tables already hold out (Llama 3 8B on 8 H100
// and 8 B200, Llama 3 70B Megatron-FSDP on 64 GB200, Llama 3 70B TP4 PP8 VP5 on 64 H100): they are
// separate measurements with newer or older software, and test the model across releases rather
// than across configurations. Not used: the 26.02 Llama 3.1 405B rows (126 layers over PP16 x VP4
// and PP8 x VP4: Megatron-Bridge's recipe counts the embedding and the loss as pipeline layers,
// account_for_embedding_in_pipeline_split, which the model does not represent), and NeMo 25.02's
// GPT-3 175B on 512 H100 (TP4 PP8 VP6, MBS 2, GBS 2048: the configuration of a fit row).
#pragma once

#include "validation/heldout_training.hpp"

namespace rigplan::validation {

inline const std::vector<Case>& heldout_third_training() {
  static const std::vector<Case> cases = [] {
    const ModelSpec l3_8 = *find_model("llama-3-8b"), l3_70 = *find_model("llama-3-70b");
    PerfSystem h100 = dgx("nvidia-h100-sxm5-80gb", 450, 50), b200 = dgx("nvidia-b200-sxm-180gb", 900, 50);
    PerfSystem gb200 = dgx("nvidia-b200-gb200-186gb", 900, 50, 72);
    const TrainRow rows[] = {
        // 26.02: "| DGX-GB200 | 64 | FP8 | 256 | 2 | 8192 | 64 | 1 | 1 | 1 | n/a | n/a | 4040 | 1815 |".
        {"Megatron-Bridge 26.02 Llama 3 70B FP8, 64 GB200, FSDP", l3_70, "fp8", 8192, 64, 1, 1, 1, 3, 2, 256, "none", "fsdp", gb200, 4040},
        // 25.09, DGX-H100: "| LLAMA3_8B | 8 | 128 | 1 | 8192 | 8 | 1 | 1 | 1 | n/a | 1 | 16 | 14079 | 725 |".
        {"Megatron-Bridge 25.09 Llama 3 8B FP8, 8 H100, FSDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 3, 1, 128, "none", "fsdp", h100, 14079},
        // 25.09, DGX-H100: "| LLAMA3_70B | 64 | 128 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | 1 | 64 | 1619 | 727 |".
        {"Megatron-Bridge 25.09 Llama 3 70B FP8, 64 H100, TP4 PP8 VP5", l3_70, "fp8", 8192, 64, 4, 8, 5, 1, 1, 128, "none", "megatron", h100, 1619, true},
        // 25.09, DGX-B200: "| LLAMA3_8B | 8 | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 | 29994 (29388) | ...",
        // the FP8-CS figure (the parenthesised one is MXFP8).
        {"Megatron-Bridge 25.09 Llama 3 8B FP8, 8 B200, DDP", l3_8, "fp8", 8192, 8, 1, 1, 1, 1, 2, 128, "none", "megatron", b200, 29994},
        // 25.09, DGX-GB200: "| LLAMA3_70B | 64 | 128 | 2 | 8192 | 64 (0) | 1 (2) | 1 (4) | 1 | 1 (5) | 1 | 1 (16) |
        // 3986 (3546) | ...": the first value of each cell (FP8-CS, Megatron-FSDP over 64).
        {"Megatron-Bridge 25.09 Llama 3 70B FP8, 64 GB200, FSDP", l3_70, "fp8", 8192, 64, 1, 1, 1, 3, 2, 128, "none", "fsdp", gb200, 3986},
        // NeMo 25.02, DGX-B200: "LLAMA3-8B | 8 | 128 | 2 | 8192 | 1 | 1 | 1 | 1 | 1 | 8 | 26006 | 1506".
        {"NeMo 25.02 Llama 3 8B FP8, 8 B200", l3_8, "fp8", 8192, 8, 1, 1, 1, 1, 2, 128, "none", "megatron", b200, 26006},
    };
    return nvidia_recipe_cases(rows);
  }();
  return cases;
}

}  // namespace rigplan::validation
