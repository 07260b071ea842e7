// Held-out training rows on workstation and data-centre cards, one and two at a time: Lambda's
// PyTorch GPU benchmark, written down with their settings and committed before the model was run
// on them; none changed after. Source:
//  - github.com/lambdal/deeplearning-benchmark, pytorch/pytorch-train-throughput-fp16.csv at
//    0551cb70 (column bert_large_squad, sequences a second over all the machine's GPUs) and
//    pytorch/pytorch-train-bs-fp16.csv at 08d77c41 (the same column: the batch over all GPUs).
//    The benchmark runs NVIDIA DeepLearningExamples' BERT SQuAD fine-tuning
//    (PyTorch/LanguageModeling/BERT/scripts/run_squad.sh: "--max_seq_length=384", "--fp16",
//    torch.distributed.launch for more than one GPU, i.e. DDP) with Lambda's arguments
//    (pytorch/scripts/config_v1/config_pytorch_24GB.sh and _80GB.sh: bert_large_uncased.pt, batch
//    28 on 24 GB cards and 112 on 80 GB cards, "fp16", 100 steps). Rows used: every single-GPU row
//    whose card the catalog holds (the Lambda Cloud duplicates of a card and the OEM H100 SXM5
//    servers left out; the A10 and V100 rows left out, their batches not printed), and the
//    two-GPU workstation rows whose peer-to-peer state is known: two RTX 4090s (GeForce RTX 40:
//    the driver refuses peer access, so DDP stages through host memory) and two RTX A6000 or RTX
//    6000 Ada (professional cards, peer-to-peer over PCIe). "Quadro RTX 8000" 50.0 (batch 64),
//    "RTX 3090" 52.0 (28), "LambdaCloud A100 40GB PCIe" 117.0 (48), "A100 80GB PCIe" 140.0 (112),
//    "A100 80GB SXM4" 152.0 (112), "RTX 6000 Ada" 79.0 (64, "Ada A6000" in the batch file),
//    "RTX A6000" 68.0 (64), "RTX 4090" 93.0 (28), "H100 80GB PCIe Gen5" 203.0 (112), "H100 80GB
//    SXM5" 301.0 (112: the 80 GB config; the batch file has no SXM5 row), "2x RTX 4090" 139.0 (56),
//    "2x RTX A6000" 118.0 (128), "2x RTX 6000 Ada" 153.0 (128, "2x Ada A6000").
// Settings the source does not print, taken for every row: BERT-large as the checkpoint's config
// (24 layers, hidden 1024, 16 heads, GELU MLP of 4096), every sequence padded to 384 tokens
// (SQuAD features are), DeepLearningExamples' own BERT modules with unfused attention (scores and
// softmax in memory: Attention::Standard), no recompute, AdamW-class optimizer state, PyTorch DDP
// (Framework::Hf). The fine-tuning head is a 1024 x 2 span classifier, not a vocabulary-wide
// output layer: vocabulary 0 (the token embedding is a lookup; its 31 M parameters are left out).
// Tokens per second per GPU = sequences/s x 384 / GPUs.
// The same benchmark's BERT-base rows (column bert_base_squad of both files; bert_base_uncased.pt,
// batch 96 on 24 GB cards, 192 on 48 GB cards, 320 on 80 GB cards, config_v1 at d468499e), the same
// 13 configurations, added in a later revision and likewise written down before the model ran on
// them: "Quadro RTX 8000" 146.0 (192), "RTX 3090" 172.0 (96), "LambdaCloud A100 40GB PCIe" 368.0
// (160), "A100 80GB PCIe" 415.0 (320), "A100 80GB SXM4" 443.0 (320), "RTX 6000 Ada" 255.0 (192),
// "RTX A6000" 198.0 (192), "RTX 4090" 297.0 (96), "H100 80GB PCIe Gen5" 567.0 (320), "H100 80GB
// SXM5" 812.0 (320, the 80 GB config), "2x RTX 4090" 541.0 (192), "2x RTX A6000" 374.0 (384), "2x
// RTX 6000 Ada" 506.0 (384). BERT-base is the checkpoint's config: 12 layers, hidden 768, 12
// heads, GELU MLP of 3072, hidden_dropout_prob 0.1.
#pragma once

#include "validation/heldout_inference.hpp"
#include "validation/heldout_training.hpp"
#include "validation/sustained_share_rows.hpp"

namespace rigplan::validation {

// A BERT checkpoint's config: a bidirectional encoder with a GELU MLP, 512 positions, and the
// config's hidden_dropout_prob (0.1; carried since the model has a dropout field — the BERT-large
// rows were written before it; the setting is the checkpoint's, not a choice).
inline ModelSpec bert_squad(int layers, int hidden, int heads, int ffn) {
  ModelSpec m = custom_model(0, layers, hidden, heads, heads, ffn, 0);
  m.architecture = "encoder";
  m.mlp = "gelu";
  m.max_context = 512;
  m.hidden_dropout = 0.1;
  m.linear_bias = true;  // BERT's linear layers carry biases (the checkpoint's; carried once the model had the field)
  return m;
}

// BERT-large (google-research/bert, uncased_L-24_H-1024_A-16) and BERT-base (uncased_L-12_H-768_A-12).
inline ModelSpec bert_large_squad() { return bert_squad(24, 1024, 16, 4096); }
inline ModelSpec bert_base_squad() { return bert_squad(12, 768, 12, 3072); }

// Every row the set wrote down; the RTX 6000 Ada's four moved to the fit set (sustained_share_rows.hpp).
inline const std::vector<Case>& workstation_table_rows() {
  static const std::vector<Case> cases = [] {
    const ModelSpec large = bert_large_squad(), base = bert_base_squad();
    constexpr int kSeq = 384;
    struct Row {
      const ModelSpec* model;
      const char* label;
      const char* gpu;
      int gpus;
      bool p2p;
      int batch;  // over all GPUs
      double seqs_per_s;  // over all GPUs
    };
    const Row rows[] = {
        {&large, "Lambda BERT-large SQuAD FP16, Quadro RTX 8000", "nvidia-quadro-rtx-8000", 1, true, 64, 50.0},
        {&large, "Lambda BERT-large SQuAD FP16, RTX 3090", "nvidia-rtx-3090-fe", 1, true, 28, 52.0},
        {&large, "Lambda BERT-large SQuAD FP16, A100 40GB PCIe", "nvidia-a100-pcie-40gb", 1, true, 48, 117.0},
        {&large, "Lambda BERT-large SQuAD FP16, A100 80GB PCIe", "nvidia-a100-pcie-80gb", 1, true, 112, 140.0},
        {&large, "Lambda BERT-large SQuAD FP16, A100 80GB SXM4", "nvidia-a100-sxm4-80gb", 1, true, 112, 152.0},
        {&large, "Lambda BERT-large SQuAD FP16, RTX 6000 Ada", "nvidia-rtx-6000-ada", 1, true, 64, 79.0},
        {&large, "Lambda BERT-large SQuAD FP16, RTX A6000", "nvidia-rtx-a6000", 1, true, 64, 68.0},
        {&large, "Lambda BERT-large SQuAD FP16, RTX 4090", "nvidia-rtx-4090-fe", 1, true, 28, 93.0},
        {&large, "Lambda BERT-large SQuAD FP16, H100 PCIe", "nvidia-h100-pcie-80gb", 1, true, 112, 203.0},
        {&large, "Lambda BERT-large SQuAD FP16, H100 SXM5", "nvidia-h100-sxm5-80gb", 1, true, 112, 301.0},
        {&large, "Lambda BERT-large SQuAD FP16, 2x RTX 4090 (no P2P), DDP", "nvidia-rtx-4090-fe", 2, false, 56, 139.0},
        {&large, "Lambda BERT-large SQuAD FP16, 2x RTX A6000, DDP", "nvidia-rtx-a6000", 2, true, 128, 118.0},
        {&large, "Lambda BERT-large SQuAD FP16, 2x RTX 6000 Ada, DDP", "nvidia-rtx-6000-ada", 2, true, 128, 153.0},

        {&base, "Lambda BERT-base SQuAD FP16, Quadro RTX 8000", "nvidia-quadro-rtx-8000", 1, true, 192, 146.0},
        {&base, "Lambda BERT-base SQuAD FP16, RTX 3090", "nvidia-rtx-3090-fe", 1, true, 96, 172.0},
        {&base, "Lambda BERT-base SQuAD FP16, A100 40GB PCIe", "nvidia-a100-pcie-40gb", 1, true, 160, 368.0},
        {&base, "Lambda BERT-base SQuAD FP16, A100 80GB PCIe", "nvidia-a100-pcie-80gb", 1, true, 320, 415.0},
        {&base, "Lambda BERT-base SQuAD FP16, A100 80GB SXM4", "nvidia-a100-sxm4-80gb", 1, true, 320, 443.0},
        {&base, "Lambda BERT-base SQuAD FP16, RTX 6000 Ada", "nvidia-rtx-6000-ada", 1, true, 192, 255.0},
        {&base, "Lambda BERT-base SQuAD FP16, RTX A6000", "nvidia-rtx-a6000", 1, true, 192, 198.0},
        {&base, "Lambda BERT-base SQuAD FP16, RTX 4090", "nvidia-rtx-4090-fe", 1, true, 96, 297.0},
        {&base, "Lambda BERT-base SQuAD FP16, H100 PCIe", "nvidia-h100-pcie-80gb", 1, true, 320, 567.0},
        {&base, "Lambda BERT-base SQuAD FP16, H100 SXM5", "nvidia-h100-sxm5-80gb", 1, true, 320, 812.0},
        {&base, "Lambda BERT-base SQuAD FP16, 2x RTX 4090 (no P2P), DDP", "nvidia-rtx-4090-fe", 2, false, 192, 541.0},
        {&base, "Lambda BERT-base SQuAD FP16, 2x RTX A6000, DDP", "nvidia-rtx-a6000", 2, true, 384, 374.0},
        {&base, "Lambda BERT-base SQuAD FP16, 2x RTX 6000 Ada, DDP", "nvidia-rtx-6000-ada", 2, true, 384, 506.0},
    };
    std::vector<Case> out;
    for (const Row& r : rows) {
      TrainRow t{r.label, *r.model, "fp16", kSeq, r.gpus, 1, 1, 1, 0, r.batch / r.gpus, r.batch, "none", "hf",
                 pcie_host(r.gpu, r.gpus, r.p2p), r.seqs_per_s * kSeq / r.gpus};
      Case c = training_case(t);
      c.w.attention = Attention::Standard;
      // run_squad.py's amp.initialize(model, optimizer, opt_level="O2"): apex casts the model's
      // weights to FP16 (fp32 master weights live in the optimizer), so no autocast casts and an
      // FP16 residual stream. A setting of the source, carried once the workload had the field
      // (Workload::autocast); the rows' figures are unchanged.
      c.w.autocast = false;
      out.push_back(c);
    }
    return out;
  }();
  return cases;
}

inline const std::vector<Case>& heldout_workstation_training() {
  static const std::vector<Case> cases =
      select_cases(workstation_table_rows(), is_not_sustained_share_study_row);
  return cases;
}

}  // namespace rigplan::validation
