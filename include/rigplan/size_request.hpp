// A `rigplan size` request as data (the keys are the command's flag names without dashes:
// {"model": "llama-2-7b", "mode": "lora", "zero": 3, "gpu": "nvidia-h100-sxm5-80gb", "count": 8}),
// so sweeps and request files size workloads without going through the command line.
//
// Reading happens in two steps: each key's value is read and checked on its own into a typed
// slot (SizeFields), then the slots are resolved together (defaults, the model, the GPU count
// split into dp x tp x pp). A sweep reads each axis value once and resolves every point from
// typed slots, with no JSON per point; the command line and request files take both steps at once.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "rigplan/catalog.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

struct SizeRequest {
  Workload workload;
  std::optional<Hardware> hardware;
};

// The request keys, in the order they are read (and their errors reported).
enum class SizeKey {
  model, params, layers, hidden, heads, kv_heads, ffn, vocab, linear_bias, mode, precision, optimizer, lora_rank, lora_base,
  dp, tp, pp, zero, offload, sp, recompute, attention, micro_batch, seq, batch, context, tokens, mfu, gpu, count, p2p,
  accounting, interleave, prompt, framework, weight_format, packed_length, autocast, kernels, system, cp,
  embedding_in_pipeline_split
};
inline constexpr std::size_t kSizeKeys = static_cast<std::size_t>(SizeKey::embedding_in_pipeline_split) + 1;
std::optional<SizeKey> size_key(std::string_view name);

// One key's value, read and checked: a number, a flag, one of the key's allowed words (pointing
// at static storage), a model preset or a catalog GPU or unified-memory machine (pointing into the
// presets or the catalog).
struct SizeSlot {
  bool set = false;
  double number = 0;
  bool flag = false;
  const char* word = nullptr;
  const ModelSpec* model = nullptr;
  const Gpu* gpu = nullptr;
  const UnifiedSystem* system = nullptr;
};
struct SizeFields {
  std::array<SizeSlot, kSizeKeys> slots{};
  SizeSlot& operator[](SizeKey k) { return slots[static_cast<std::size_t>(k)]; }
  const SizeSlot& operator[](SizeKey k) const { return slots[static_cast<std::size_t>(k)]; }
};

// Reads one key's value (throws InputError naming `file` and the key on a wrong type or value).
SizeSlot read_size_value(SizeKey k, const nlohmann::json& v, const Catalog& c, const std::string& file);
// Reads a whole request object: unknown keys are errors (with a did-you-mean).
SizeFields read_size_fields(const nlohmann::json& j, const Catalog& c, const std::string& file);
// Defaults, the model and the hardware; throws InputError on keys that do not go together.
SizeRequest resolve_size_fields(const SizeFields& f, const std::string& file);

// Both steps (throws InputError naming `file` and the key).
SizeRequest parse_size_request(const nlohmann::json& j, const Catalog& c, const std::string& file);

}  // namespace rigplan
