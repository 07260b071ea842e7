// Properties of the sizing model that must hold for any workload, checked over many generated
// ones, and the searches' answers.
#include <catch2/catch.hpp>

#include "rigplan/catalog.hpp"
#include "rigplan/size_report.hpp"
#include "rigplan/sizing.hpp"

using namespace rigplan;

TEST_CASE("more data-parallel ranks never raise per-GPU memory, and ZeRO stages never add any") {
  for (const auto& m : model_presets()) {
    for (const char* mode : {"train", "lora"}) {
      Workload w;
      w.model = m;
      w.mode = std::string(mode) == "train" ? Mode::Train : Mode::Lora;
      w.accounting = Accounting::Zero;  // DeepSpeed's estimator budgets ZeRO-2 above ZeRO-1 (4 + 16/N)
      double prev_stage = 1e300;
      for (int z = 0; z <= 3; ++z) {
        w.zero = z;
        double prev = 1e300;
        for (int dp = 1; dp <= 1024; dp *= 2) {
          w.dp = dp;
          double t = memory_per_gpu(w).total();
          INFO(m.id << " " << mode << " zero " << z << " dp " << dp);
          CHECK(t <= prev);
          prev = t;
        }
        w.dp = 64;
        double at64 = memory_per_gpu(w).total();
        CHECK(at64 <= prev_stage);
        prev_stage = at64;
      }
    }
  }
}

TEST_CASE("memory savers only save: recompute, flash attention, TP, offload, lower precision") {
  Workload w;
  w.model = *find_model("llama-2-13b");
  w.attention = Attention::Standard;
  double base = memory_per_gpu(w).total();
  auto with = [&](auto f) {
    Workload v = w;
    f(v);
    return memory_per_gpu(v).total();
  };
  CHECK(with([](Workload& v) { v.attention = Attention::Flash; }) < base);
  CHECK(with([](Workload& v) { v.recompute = Recompute::Selective; }) < base);
  CHECK(with([](Workload& v) { v.recompute = Recompute::Full; }) < with([](Workload& v) { v.recompute = Recompute::Selective; }));
  CHECK(with([](Workload& v) { v.tp = 4; }) < base);
  CHECK(with([](Workload& v) { v.tp = 4; v.sp = true; }) < with([](Workload& v) { v.tp = 4; }));
  CHECK(with([](Workload& v) { v.offload = Offload::Optimizer; }) < base);
  CHECK(with([](Workload& v) { v.optimizer = Optimizer::Adam8bit; }) < base);
  Workload inf = w;
  inf.mode = Mode::Infer;
  inf.precision = "bf16";
  double bf16 = memory_per_gpu(inf).weights;
  inf.precision = "int4";
  CHECK(memory_per_gpu(inf).weights == Approx(bf16 / 4));
}

TEST_CASE("offloading moves states to host memory, it does not lose them") {
  Workload w;
  w.model = *find_model("llama-2-7b");
  w.framework = Framework::Megatron;  // DeepSpeed budgets more host memory than the states (its 1.5 buffer)
  w.accounting = Accounting::Zero;
  w.zero = 1;
  auto on = memory_per_gpu(w);
  w.offload = Offload::Optimizer;
  auto off = memory_per_gpu(w);
  CHECK(off.optimizer == 0);
  CHECK(off.gradients == 0);
  CHECK(off.host == Approx(on.optimizer + on.gradients));
}

TEST_CASE("mixed-precision AdamW keeps 16 bytes per parameter (ZeRO's 2 + 2 + 12)") {
  Workload w;
  w.model.params = 1e9;
  SizingAssumptions a;
  a.overhead_bytes = 0;
  auto m = memory_per_gpu(w, a);
  CHECK(m.weights + m.gradients + m.optimizer == Approx(16e9));
  w.precision = "fp32";
  m = memory_per_gpu(w, a);
  CHECK(m.weights + m.gradients + m.optimizer == Approx(16e9));  // 4 + 4 + 8
  w.optimizer = Optimizer::Sgd;
  m = memory_per_gpu(w, a);
  CHECK(m.weights + m.gradients + m.optimizer == Approx(12e9));
}

TEST_CASE("searches: fewest GPUs, smallest GPU, largest batch are tight") {
  const Catalog& c = Catalog::builtin();
  Workload w;
  w.model = *find_model("llama-2-7b");
  const Gpu& a100 = *c.find<Gpu>("nvidia-a100-sxm4-80gb");
  SizeReport r = size_workload(w, hardware_from_gpu(a100, 1, true), c);
  REQUIRE(r.fewest_gpus_by_zero.size() == 4);
  int n = r.fewest_gpus_by_zero[3];
  REQUIRE(n > 1);
  Workload t = w;
  t.zero = 3;
  t.dp = n;
  CHECK(memory_per_gpu(t).total() <= a100.memory_gib * 1073741824.0);
  t.dp = n / 2;
  CHECK(memory_per_gpu(t).total() > a100.memory_gib * 1073741824.0);
  // Largest micro-batch: fits at m, not at m + 1.
  Workload lora = w;
  lora.mode = Mode::Lora;
  SizeReport lr = size_workload(lora, hardware_from_gpu(a100, 1, true), c);
  REQUIRE(lr.max_micro_batch >= 1);
  lora.micro_batch = lr.max_micro_batch;
  CHECK(memory_per_gpu(lora).total() <= 80 * 1073741824.0);
  lora.micro_batch += 1;
  CHECK(memory_per_gpu(lora).total() > 80 * 1073741824.0);
  CHECK_FALSE(lr.smallest_gpu.empty());
}

TEST_CASE("links: NVLink inside one domain, PCIe otherwise, host-staged at a quarter of PCIe, no NVLink without P2P") {
  const Catalog& c = Catalog::builtin();
  const Gpu& h100 = *c.find<Gpu>("nvidia-h100-sxm5-80gb");
  CHECK(hardware_from_gpu(h100, 8, true).link.kind == "nvlink");
  const Gpu& ada = *c.find<Gpu>("nvidia-rtx-6000-ada");
  Hardware p2p = hardware_from_gpu(ada, 2, true);
  Hardware staged = hardware_from_gpu(ada, 2, false);
  CHECK(p2p.link.kind == "pcie-p2p");
  CHECK(staged.link.gb_s == Approx(p2p.link.gb_s / 4));  // NCCL's SHM transport (nccl issue #384)
  CHECK(hardware_from_gpu(h100, 8, false).link.kind == "pcie-host-staged");  // NCCL_P2P_DISABLE stops NVLink too
  const Gpu& g3090 = *c.find<Gpu>("nvidia-rtx-3090-fe");
  CHECK(hardware_from_gpu(g3090, 2, true).link.kind == "nvlink");
  CHECK(hardware_from_gpu(g3090, 4, true).link.kind == "pcie-p2p");  // 2-way bridges only
  // GeForce RTX 40/50: NVIDIA's driver refuses them PCIe peer access (rigplan/p2p.hpp), so two or
  // more are host-staged even when P2P is asked for; one card has no peer to reach.
  const Gpu& g4090 = *c.find<Gpu>("nvidia-rtx-4090-fe");
  CHECK(hardware_from_gpu(g4090, 2, true).link.kind == "pcie-host-staged");
  CHECK(hardware_from_gpu(g4090, 2, true).link.gb_s == Approx(hardware_from_gpu(g4090, 2, false).link.gb_s));
  CHECK(hardware_from_gpu(g4090, 1, true).link.kind == "pcie-p2p");
  CHECK(hardware_from_gpu(*c.find<Gpu>("nvidia-rtx-5090-fe"), 4, true).link.kind == "pcie-host-staged");
}

TEST_CASE("sharing a GPU: copies at once, and MIG instances (NVIDIA MIG profiles)") {
  const Catalog& c = Catalog::builtin();
  const Gpu& a100 = *c.find<Gpu>("nvidia-a100-sxm4-80gb");
  CHECK(mig_instance_gib(a100) == Approx(10));  // 1g.10gb
  const Gpu& pro = *c.find<Gpu>("nvidia-rtx-pro-6000-blackwell-max-q");
  CHECK(mig_instance_gib(pro) == Approx(24));  // 4 instances of 24 GB (source 003)
  Workload small;
  small.model = *find_model("gpt-2-124m");
  small.mode = Mode::Infer;
  small.context = 1024;
  SizeReport r = size_workload(small, hardware_from_gpu(a100, 1, true), c);
  CHECK(r.copies_per_gpu > 7);
  CHECK(r.mig_copies == 7);
  CHECK(mig_instance_gib(*c.find<Gpu>("nvidia-rtx-4090-fe")) == 0);
}

TEST_CASE("NVMe offload moves parameters and optimizer states to NVMe") {
  Workload w;
  w.model = *find_model("llama-2-70b");
  w.zero = 3;
  auto gpu = memory_per_gpu(w);
  w.offload = Offload::Nvme;
  auto off = memory_per_gpu(w);
  CHECK(off.optimizer == 0);
  CHECK(off.nvme == Approx(gpu.optimizer + gpu.weights));
  CHECK(off.weights == Approx(gpu.weights / w.model.layers));
}

TEST_CASE("all-reduce overlaps the last micro-batch's backward pass; only the rest is exposed") {
  const Catalog& c = Catalog::builtin();
  Workload w;
  w.model = *find_model("llama-2-7b");
  w.zero = 3;
  w.dp = 4;
  w.tokens = 1e9;
  w.batch = 64;
  SizeReport slow = size_workload(w, hardware_from_gpu(*c.find<Gpu>("nvidia-rtx-4090-fe"), 4, false), c);
  CHECK(slow.exposed_seconds_per_step > 0);
  CHECK(slow.exposed_seconds_per_step < slow.comm.seconds_per_step);
  CHECK(slow.steps == Approx(std::ceil(1e9 / (64.0 * 2048))));
  CHECK(slow.seconds == Approx(slow.compute_seconds + slow.steps * slow.exposed_seconds_per_step));
  // On NVSwitch the same traffic hides entirely behind the backward pass.
  Workload big = w;
  big.model = *find_model("llama-2-7b");
  SizeReport fast = size_workload(big, hardware_from_gpu(*c.find<Gpu>("nvidia-h100-sxm5-80gb"), 4, true), c);
  CHECK(fast.exposed_seconds_per_step == 0);
}

TEST_CASE("inference memory: KV heads replicate past their count; context stops at the model's limit") {
  Workload w;
  w.model = *find_model("llama-3-8b");  // 8 KV heads
  w.mode = Mode::Infer;
  w.context = 4096;
  w.tp = 8;
  double at8 = memory_per_gpu(w).kv_cache;
  w.tp = 16;  // one head each already: the cache per GPU cannot halve again
  CHECK(memory_per_gpu(w).kv_cache == Approx(at8));
  w.tp = 4;
  CHECK(memory_per_gpu(w).kv_cache == Approx(2 * at8));
  w.tp = 1;
  w.context = 1 << 20;
  CHECK(w.inference_context() == w.model.max_context);
  SizeReport r = size_workload(w, hardware_from_gpu(*Catalog::builtin().find<Gpu>("nvidia-h200-sxm-141gb"), 1, true),
                               Catalog::builtin());
  CHECK(r.max_context <= w.model.max_context);
}
