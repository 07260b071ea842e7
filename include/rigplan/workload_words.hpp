// The words a workload is described with, declared once (issue 32: one table per vocabulary): what
// it does (mode), its optimizer, the frozen base of a LoRA fine-tune, where training states are
// offloaded, how activations are recomputed, which attention kernel runs, the training framework
// and the memory accounting of its states. Size, cluster and plan
// requests read a word into these enums at the input boundary; sizing, perf, the planner and the
// reports compare the enums and print word_of(). The request-key table lists the words from here.
#pragma once

#include "rigplan/vocabulary.hpp"

namespace rigplan {

// Full training, LoRA fine-tuning (frozen base, trained adapters) or inference.
enum class Mode { Train, Lora, Infer };
template <>
struct Vocabulary<Mode> {
  static constexpr VocabularyWord<Mode> words[] = {{Mode::Train, "train"}, {Mode::Lora, "lora"}, {Mode::Infer, "infer"}};
};

// The optimizer sets the bytes of state per trained parameter (sizing/memory.cpp): AdamW two fp32
// moments, SGD one, Adafactor factored moments (about none), 8-bit Adam two 8-bit moments.
enum class Optimizer { AdamW, Sgd, Adafactor, Adam8bit };
template <>
struct Vocabulary<Optimizer> {
  static constexpr VocabularyWord<Optimizer> words[] = {
      {Optimizer::AdamW, "adamw"}, {Optimizer::Sgd, "sgd"}, {Optimizer::Adafactor, "adafactor"}, {Optimizer::Adam8bit, "adam8bit"}};
};

// The frozen base of a LoRA fine-tune: 16-bit, or 4-bit NF4 (QLoRA, Dettmers et al. 2023).
enum class LoraBase { Bf16, Int4 };
template <>
struct Vocabulary<LoraBase> {
  static constexpr VocabularyWord<LoraBase> words[] = {{LoraBase::Bf16, "bf16"}, {LoraBase::Int4, "int4"}};
};

// Where training states leave GPU memory: none; the optimizer states (and gradients) to CPU memory
// (ZeRO-Offload); the parameters too; or all states to NVMe (ZeRO-Infinity). In the order of how
// much leaves the GPU, which the planner uses to prefer the lighter saver.
enum class Offload { None, Optimizer, Params, Nvme };
template <>
struct Vocabulary<Offload> {
  static constexpr VocabularyWord<Offload> words[] = {
      {Offload::None, "none"}, {Offload::Optimizer, "optimizer"}, {Offload::Params, "params"}, {Offload::Nvme, "nvme"}};
};

// Activation recomputation: none; selective (the attention core only, Korthikanti et al. 2022);
// op (torchtitan's per-op selective checkpointing: every second matrix multiply and the cheap ops
// rerun, perf/layer_cost.cpp); or full (each layer's input kept, the layer run again in the
// backward pass). In order of cost.
enum class Recompute { None, Selective, Op, Full };
template <>
struct Vocabulary<Recompute> {
  static constexpr VocabularyWord<Recompute> words[] = {
      {Recompute::None, "none"}, {Recompute::Selective, "selective"}, {Recompute::Op, "op"}, {Recompute::Full, "full"}};
};

// The attention kernel: standard (the s x s score matrix is stored) or flash (FlashAttention, Dao
// et al. 2022: scores never stored, recomputed in the backward pass).
enum class Attention { Standard, Flash };
template <>
struct Vocabulary<Attention> {
  static constexpr VocabularyWord<Attention> words[] = {{Attention::Standard, "standard"}, {Attention::Flash, "flash"}};
};

// The training framework; what each means for memory, layouts and overlap is rigplan/framework.hpp's
// table (Megatron-LM, DeepSpeed, PyTorch FSDP, the Hugging Face Trainer with PyTorch DDP).
enum class Framework { Megatron, Deepspeed, Fsdp, Hf };
template <>
struct Vocabulary<Framework> {
  static constexpr VocabularyWord<Framework> words[] = {
      {Framework::Megatron, "megatron"}, {Framework::Deepspeed, "deepspeed"}, {Framework::Fsdp, "fsdp"}, {Framework::Hf, "hf"}};
};
inline constexpr Framework kDefaultFramework = Framework::Deepspeed;

// The memory accounting of the training states (sizing/memory.cpp): the ZeRO paper's 16 bytes per
// parameter with mixed-precision Adam (FSDP, PyTorch AMP), Megatron-LM's fp32 main gradients (18),
// or DeepSpeed's own estimators. A request's "framework" leaves it to the framework.
enum class Accounting { Zero, Megatron, Deepspeed };
template <>
struct Vocabulary<Accounting> {
  static constexpr VocabularyWord<Accounting> words[] = {
      {Accounting::Zero, "zero"}, {Accounting::Megatron, "megatron"}, {Accounting::Deepspeed, "deepspeed"}};
};
inline constexpr std::string_view kFrameworkAccounting = "framework";  // the request word for "the framework's"

static_assert(vocabulary_in_enum_order<Framework>() && vocabulary_in_enum_order<Accounting>() &&
              vocabulary_in_enum_order<Mode>() && vocabulary_in_enum_order<Optimizer>() &&
                  vocabulary_in_enum_order<LoraBase>() && vocabulary_in_enum_order<Offload>() &&
                  vocabulary_in_enum_order<Recompute>() && vocabulary_in_enum_order<Attention>(),
              "each workload vocabulary lists its values once, in enum order");

}  // namespace rigplan
