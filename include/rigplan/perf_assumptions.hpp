// The performance model's named constants (see include/rigplan/perf.hpp for the model): each an
// efficiency, latency or traffic figure with its source, overridable with `--perf NAME=VALUE`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/named_constant.hpp"

namespace rigplan {

struct PerfAssumptions {
  // Fraction of the precision's dense peak that large GEMMs reach, as they show in whole layers
  // (launch gaps and clocks included), for every GPU; 0 = by vendor, generation and precision:
  double matmul_efficiency = 0;
  // NVIDIA tensor cores in 16-bit: Korthikanti et al. 2022, Table 4 (one GPT-22B layer on A100,
  // five configurations within 7 %); Llama 3's H100 rows (Dubey et al. 2024, Table 4) hold with it.
  double nvidia_matmul_efficiency = 0.70;
  // What that efficiency assumes of a card's clocks: the measured share of its dense 16-bit peak
  // that large square GEMMs reach on the cards it holds on. A card whose own share is on record
  // (catalog `measured_matmul`) runs its 16-bit GEMMs at nvidia_matmul_efficiency x its share / its
  // generation's reference: a 300 W professional or 350 W PCIe card holds lower clocks at full
  // tensor load than its rated boost, a GeForce card (FP32 accumulation at half rate) higher ones.
  // References: Hopper the H100 SXM5, every other generation the A100 SXM4 80GB (the fitted card),
  // measured alike (github.com/zzc0721/torch-performance-test-data, database.md at 9d82827: best
  // torch.mm of random squares of 1024-10240): 258.74 and 264.53 TFLOP/s (fp16, bf16) of 312;
  // 759.1 and 790.6 of 989.5. 0 = no scaling.
  double reference_fp16_gemm_share = 0.829;
  double reference_bf16_gemm_share = 0.848;
  double hopper_reference_fp16_gemm_share = 0.767;
  double hopper_reference_bf16_gemm_share = 0.799;
  // Share of the clock its GEMMs hold alone that a Hopper SXM board (H100 SXM5, H200 SXM) holds in
  // a 16-bit training step on more than one GPU, collectives beside its math: the power limit took
  // the SM clock from 1980 to 1575 MHz (deepseek-ai/DeepGEMM issue #120). A Blackwell SXM board
  // (B200, GB200, B300, GB300) in any 16-bit training step: a B200's BF16 attention fell from 1450
  // to 1237 TFLOPS under sustained load (flashinfer-ai/flashinfer PR #2899). They scale the math
  // and the SMs' eager-op ceilings, not memory; FP8 steps keep their fitted figures (fitted on a
  // multi-GPU H100 step). docs/performance-model.md, "Clocks under training load". 1 = none.
  double hopper_sxm_overlap_clock_share = 0.795;
  double blackwell_sxm_clock_share = 0.853;
  // NVIDIA FP8 (Hopper, Ada, Blackwell), of the FP8 peak: fitted on NeMo's Llama 2 7B FP8 row on 8
  // H100s (16934 tokens/s per GPU; NeMo 24.07 performance summary). FP8 runs the linear layers
  // only and pays scaling and casting kernels, so it reaches a lower share of its doubled peak.
  double fp8_matmul_efficiency = 0.44;
  // NVIDIA FP8 GEMMs of an inference prefill (weights quantised ahead of time: no training step's
  // scaling and casting), of the FP8 peak. Fitted on one H200's FP8 layer and square GEMMs of
  // 512-16384 rows, at least 25 us (torch._scaled_mm, PyTorch 2.11, CUDA 13; tools/measure/
  // gpu_probe.py, tests/data/measured/h200-sxm-vm-2026-11-26.json) with the GEMM size factor: 6.7 %
  // mean error of their times; the H100's, not fitted on: 7.7 % (decode_gemm_test.cpp). Decode
  // steps keep fp8_matmul_efficiency (batch-row GEMMs near the ridge). 0 = fp8_matmul_efficiency.
  double fp8_inference_matmul_efficiency = 0.65;
  // fp32 without tensor cores (SGEMM on the CUDA cores; PyTorch leaves TF32 off for matmuls):
  // fitted on seed 001's NVLink run (Hugging Face's 2x TITAN RTX GPT-2 DDP, 101.9 s for 200 steps).
  double fp32_matmul_efficiency = 0.579;
  // AMD CDNA3 (Instinct MI300X, MI325X): no compute-bound whole run to fit on, so NVIDIA's fitted
  // efficiencies carried over in the ratio of the two vendors' best-GEMM shares of peak, each pair
  // measured alike (tests/validation/fit_cdna3.hpp). FP8, of the FP8 peak: Azure's
  // AI-benchmarking-guide, hipBLASLt / cuBLASLt FP8 at 8192^3, ND MI300X v5 1159 TFLOP/s (44.3 %)
  // against ND H200 v5 1301 (65.7 %): 0.44 x 0.675. 16-bit: AMD's max-achievable BF16 on MI300X,
  // 708 TFLOP/s (54.2 %; ROCm blog "Measuring Max-Achievable FLOPs – Part 2", 2025-02-28), against
  // an H200's best bf16 GEMM (78.9 %): 0.70 x 0.687. fp32 takes other_matmul_efficiency.
  double cdna3_matmul_efficiency = 0.48;
  double cdna3_fp8_matmul_efficiency = 0.30;
  // AMD RDNA3/RDNA3.5/RDNA4 and Intel Xe2 (and CDNA3 in fp32): no per-layer measurement; an assumption,
  // not a fit.
  double other_matmul_efficiency = 0.50;
  // GEMM size, in GFLOP, at which a GEMM reaches half its large-size efficiency (the knee of
  // Calculon's matrix-efficiency table: 0.9 of the best at 16 GFLOP, 0.6 at 1).
  double gemm_half_gflop = 0.7;
  // Inner dimension K below which a GEMM's efficiency falls in proportion, K / gemm_knee_k: each
  // output tile's fixed cost (filling the operand pipeline, writing the tile) hides behind the next
  // tile's K-long main loop only when that loop is as long. Fitted on one H200's bf16 GEMMs of at
  // least 25 us (tools/measure/gpu_probe.py; tests/data/measured/h200-sxm-vm-2026-11-26.json:
  // hidden-768 layer GEMMs at 470-545 TFLOP/s, 730-750 at K = 2048): 4.8 % mean error of their
  // times (8.5 % without); the H100's, not fitted on: 7.1 % (7.9 %). A second H200 did not show
  // it (docs/performance-model.md): machine-dependent. Linear layers' 16-bit GEMMs only; 0 = off.
  double gemm_knee_k = 1035;
  // Fraction of peak DRAM bandwidth that streaming kernels reach (Calculon's A100/H100 system
  // files: 0.75 for 10-100 MB accesses, 0.90 above 100 MB).
  double memory_efficiency = 0.80;
  // The same on AMD CDNA3 (MI300X, MI325X), in place of memory_efficiency: fitted on vLLM's batch-1
  // decode of Llama 3.1 405B FP8 on 8 MI300X (TP 8, 128 in, 2048 out, 48.453 s; ROCm/vllm
  // docs/dev-docker/README.md, vLLM v0.10.0, ROCm 6.4.1; tests/validation/fit_cdna3.hpp), whose
  // steps stream the weights. Streaming kernels measured on an MI300X reach 4.1 TB/s, 78 % of
  // 5.3 (Azure's AI-benchmarking-guide, ND MI300X v5 copy), against 84-90 % on an H200 or H100.
  double cdna3_memory_efficiency = 0.60;
  // Fraction of dense peak a flash-attention kernel reaches: FlashAttention-2 forward reaches
  // 50-73 % of A100 peak, backward somewhat less (Dao 2023, §4.1, Figures 4-5).
  double flash_efficiency = 0.55;
  // Flash attention in training (forward + backward, causal, head size 128), by sequence length s:
  // flash_train_efficiency · s / (s + flash_train_half_seq) of dense peak. Short sequences run far
  // below the kernel's best: fitted on a measurement of PyTorch 2.11's scaled_dot_product_attention
  // on one H200 (tools/measure/gpu_probe.py; tests/data/measured/h200-sxm-vm-2026-11-26.json:
  // 27 % of peak at s = 1024, 47 % at 4096, 58 % at 16384), within 1.5 points at every length.
  double flash_train_efficiency = 0.62;
  double flash_train_half_seq = 1270;
  // The loss over the vocabulary, per logit (tokens x vocabulary / tp), where the framework runs
  // PyTorch's eager cross-entropy on logits upcast to fp32 (Hugging Face models, torchtitan, FSDP
  // and DeepSpeed users' models): the op sequence moves 36 bytes per logit — cast to fp32 (read
  // 2, write 4), log-softmax (read 4, write 4), the loss's dense gradient (write 4), log-softmax
  // backward (read 8, write 4), cast back (read 4, write 2) — and its backward holds 12 bytes
  // per logit at once (the log-softmax output, its gradient and its input's gradient, fp32).
  // Megatron-LM's vocab-parallel cross-entropy keeps one fp32 softmax and forms the gradient in
  // place (megatron/core/tensor_parallel/cross_entropy.py): 12 bytes of traffic (3 passes of 4)
  // and 4 held.
  // PyTorch autocast (torch.amp; the Hugging Face Trainer's bf16/fp16 training) keeps fp32
  // weights and casts each one to 16-bit on use in every forward pass (its cast cache lives for
  // one autocast region), and the cast's backward turns the 16-bit weight gradient into fp32: per
  // parameter and micro-batch, read 4 + write 2 forward, read 2 + write 4 backward = 12 bytes.
  double autocast_bytes_per_param = 12;
  double eager_loss_bytes_moved = 36;
  double eager_loss_bytes_held = 12;
  double fused_loss_bytes_moved = 12;
  double fused_loss_bytes_held = 4;
  // Collective bus bandwidth as a fraction of the link's per-direction bandwidth, by link kind:
  // Calculon's A100 and H100 system files (Isaev et al. 2023, systems/a100_80g.json and
  // h100_80g_nvl8.json at calculon-ai/calculon caa4b11f) use 0.65 for NVLink and 0.9 for the
  // InfiniBand network; PCIe peer-to-peer copies reach about 0.8 of the link (protocol overhead
  // of 128b/130b encoding, TLP headers and flow control).
  double nvlink_efficiency = 0.65;
  double network_efficiency = 0.90;
  double pcie_efficiency = 0.80;
  // NCCL's ring collectives between GPUs over PCIe peer-to-peer: nccl-tests bus bandwidth of four
  // V100 PCIe on PCIe 3.0 (0.60, 0.71; rcgsheffield/sheffield_hpc cuda.rst) and eight RTX PRO 6000
  // on PCIe 5.0 (0.60-0.66; voipmonitor/rtx6kpro pcie-bandwidth.md) of the link per direction.
  double pcie_collective_efficiency = 0.65;
  // Latency per hop of a collective, seconds: Calculon's system files use 10 us inside a node
  // and 20 us across the InfiniBand network; PCIe between cards is taken as NVLink's worst case.
  double nvlink_latency_s = 10e-6;
  double pcie_latency_s = 15e-6;
  double network_latency_s = 20e-6;
  // One-shot all-reduce of inference engines (vLLM's custom all-reduce, TensorRT-LLM's and
  // SGLang's): inside a node whose GPUs all reach each other directly (NVSwitch, a 2-GPU NVLink
  // bridge, AMD's xGMI mesh) each GPU reads its peers' buffers and sums them in one kernel, one hop
  // instead of NCCL's 2·log2(n); an engine takes it where it is faster than NCCL. Its fixed cost
  // per call: vLLM's kernel measured 8.5-11.8 us on H100 for 512 B-32 KB at TP 2, 4 and 8 (SGLang
  // PR #2904, "optimize custom allreduce kernel", 2025-01-15, table "vllm"): 10 us.
  double oneshot_allreduce_latency_s = 10e-6;
  // Bytes per gradient element in the data-parallel reduction: mixed-precision training keeps
  // fp32 main gradients and reduces them in fp32 (Megatron-LM's default; PyTorch AMP's fp32
  // parameters give fp32 gradients).
  double grad_reduce_bytes = 4;
  // NVIDIA's Megatron-Core FP8 recipes reduce the gradients in bf16 and gather FP8 parameters:
  // NeMo 2.x's `bf16_with_fp8_mixed` / `bf16_with_fp8_current_scaling_mixed` (nemo/collections/
  // llm/recipes/precision/mixed_precision.py: "fp8_param_gather = True") and its performance
  // scripts (scripts/performance/helpers.py, set_precision_configs: "grad_reduce_in_fp32 = False"
  // for every FP8 recipe); Megatron-Bridge's performance configs likewise ("cfg.ddp.
  // grad_reduce_in_fp32 = False", scripts/performance/configs/llama/llama3_llm_pretrain.py).
  // Bytes per element of Megatron's FP8 gradient reduce-scatter (2) and of its distributed
  // optimizer's parameter all-gather (1); 4 and 2 are Megatron-LM's own defaults (bf16 forces
  // fp32 gradient reduction; --fp8-param-gather is opt-in).
  double megatron_fp8_grad_reduce_bytes = 2;
  double megatron_fp8_param_gather_bytes = 1;
  // Share of the last micro-batch's backward pass the gradient reduction hides behind, for every
  // framework; -1 (the default) = by framework (include/rigplan/framework.hpp): the figures below.
  double dp_overlap = -1;
  // Megatron-LM with --overlap-grad-reduce: bucketed reduction during the backward pass (1); with
  // the distributed optimizer and --overlap-param-gather its parameter all-gather likewise hides
  // behind the next step's first forward pass.
  double megatron_dp_overlap = 1.0;
  // DeepSpeed below ZeRO-3: overlap_comm is off by default (deepspeed/runtime/zero/config.py), the
  // reduction waits for each bucket on the compute stream: none hidden (0).
  double deepspeed_dp_overlap = 0.0;
  // PyTorch DDP's bucketed all-reduce (25 MB buckets, reduced as the backward pass fills them;
  // Li et al. 2020, §3.2.3), FSDP's reduce-scatter, DeepSpeed's overlap_comm at ZeRO-3 (1).
  double ddp_overlap = 1.0;
  // Over a link staged through host memory (NCCL's SHM transport when peer-to-peer is off) the
  // reduction does not overlap: Hugging Face's 2x TITAN RTX GPT-2 DDP run is 148 ms a step slower
  // with NCCL_P2P_DISABLE=1 (131.4 s against 101.9 s for 200 steps), more than its whole 498 MB
  // fp32 all-reduce takes at NCCL's host-staged bus bandwidth (128 ms at 3.9 GB/s): none hidden (0).
  double host_staged_overlap = 0.0;
  // Share of the steady-state pipeline stage-to-stage sends Megatron-LM's interleaved schedule
  // hides behind the forward and backward chunks (`--overlap-p2p-communication`, the default since
  // Megatron-Core's schedules; forced off without interleaving): 1. The 2021-2022 Megatron runs of
  // the fit set predate it and are modelled with 0.
  double megatron_p2p_overlap = 1.0;
  // Share of the weight-gradient GEMMs the backward tensor-parallel all-reduces hide behind
  // without SP (Megatron's asynchronous all-reduce; 0 = none).
  double tp_backward_overlap = 1.0;
  // Share of a layer's compute time that hides its tensor-parallel all-gathers and reduce-scatters
  // with sequence parallelism (Transformer Engine userbuffers, Megatron-Core `--tp-comm-overlap`;
  // NeMo "Communication Overlap": the collectives are split and pipelined with the GEMMs). Off by
  // default, as in Megatron-LM (0); NeMo's performance recipes turn it on (1).
  double tp_comm_overlap = 0.0;
  // Share of the compute DeepSpeed's ZeRO-3 parameter gathers hide behind (prefetch). Narayanan
  // et al. 2021, Table 2 (DeepSpeed ZeRO-3, GPT-3 175B on 384-1536 A100s) is matched best with none: 0.
  double zero3_overlap = 0.0;
  // Share of the compute FSDP's all-gathers hide behind: FSDP issues the next layer's all-gather
  // before the current layer's forward and backward compute (forward/backward prefetch; Zhao et
  // al. 2023, "PyTorch FSDP", §3.3.2): 1, hidden whenever the compute is longer.
  double fsdp_prefetch_overlap = 1.0;
  // Elementwise memory traffic per layer, in passes over a b·s·h tensor (read + write counted
  // separately): 2 norms (2 each), 2 residual adds (3 each); backward is `backward_memory_factor`
  // times the forward.
  double elementwise_passes = 10;
  double backward_memory_factor = 2;
  // The same under PyTorch autocast over fp32 weights (the Hugging Face Trainer's bf16/fp16;
  // FrameworkSpec::autocast_weights): the embeddings come out in their fp32 weights' type, so the
  // residual stream stays fp32 (a 16-bit output added to it is promoted), layer_norm runs in fp32
  // (autocast's float32 op list, PyTorch's torch.amp documentation) and each linear layer's input
  // is cast to 16-bit. In passes of 2 bytes: 2 norms reading and writing fp32 (4 each), 2 input
  // casts (fp32 read, 16-bit written: 3 each), 2 residual adds (fp32 and 16-bit read, fp32
  // written: 5 each).
  double autocast_elementwise_passes = 24;
  // Fixed time per layer and micro-batch of a training step where the framework runs the model's
  // own PyTorch ops, one kernel each (FSDP and Hugging Face models; FrameworkSpec::eager_ops),
  // forward and backward together: some 80 kernels a layer (norms, casts, adds, the activation,
  // attention, the layout copies and their gradients) at a few microseconds of launch and ramp
  // each (the ~5 us of decode_layer_overhead_s), which a small micro-batch's kernels do not hide.
  // Fitted together with eager_op_bytes_per_sm_cycle on the training steps measured on one H200:
  // 0.1-6.7 B GPT models (tools/measure/gpu_probe.py; tests/data/measured/
  // h200-sxm-vm-2026-11-26.json) and BERT fine-tuning (tools/measure/bert_probe.py;
  // h200-sxm-vm-2026-11-27-bert.json); the same probes' steps on an H100 validate them
  // (tests/validation/probe_steps_test.cpp). 0 = none.
  double eager_layer_overhead_s = 390e-6;
  // Passes over the a·s² score matrix without flash attention (scale-mask-softmax fused: read +
  // write; Megatron's fused kernel).
  double softmax_passes = 2;
  // The same where the framework runs the attention core as separate PyTorch ops (Hugging Face
  // and NVIDIA DeepLearningExamples models under PyTorch DDP or FSDP: no fused softmax kernel),
  // counted from their code (BERT's BertSelfAttention, GPT-2's GPT2Attention), in passes of one
  // element over the scores: forward, the scale (read, write), the mask (torch.where or an added
  // mask: read, write), the softmax (read, write) and the attention dropout (read, write, a
  // one-byte mask: 2.5); backward, the dropout's (read the gradient and the mask, write: 2.5),
  // the softmax's (read the gradient and the output, write: 3) and the scale's (read, write).
  double eager_softmax_passes = 8.5;
  double eager_softmax_backward_passes = 7.5;
  // The same under autocast over fp32 weights (a Hugging Face model with eager attention): the
  // attention mask comes in the model's dtype, fp32, so adding it promotes the 16-bit scores to
  // fp32, softmax is on autocast's float32 list anyway, and the context matmul casts the fp32
  // probabilities back to 16-bit (PyTorch's torch.amp op reference; transformers' BERT
  // get_extended_attention_mask). In passes of 2 bytes, forward: the scale (2), the mask add
  // (16-bit read, fp32 written: 3), the softmax (4), the dropout (fp32 read and written, a
  // one-byte mask: 4.5), the cast (3); backward: the cast's gradient (3), the dropout's (4.5), the
  // softmax's (read the gradient and the output, write: 6), the gradient cast back to 16-bit at
  // the add (3) and the scale's (2). From the op sequence; nothing fitted.
  double autocast_eager_softmax_passes = 16.5;
  double autocast_eager_softmax_backward_passes = 18.5;
  // The same frameworks' copies of the query, key, value and context between the heads' layout
  // and the batched GEMM's, in passes of one element of each: torch.matmul folds a head-permuted
  // 4-D operand to 3-D with a reshape that copies it, and the context is made contiguous again
  // (BertSelfAttention, GPT2Attention): read and written (2), forward, and again backward for
  // their gradients. Megatron's [s, b, heads, d] layout feeds the batched GEMMs as strided views.
  double eager_head_copy_passes = 2;
  // Bytes a memory-bound kernel of the model's own PyTorch ops (FSDP and Hugging Face models:
  // FrameworkSpec::eager_ops) moves per SM clock cycle at most: the ceiling on those ops' bandwidth
  // is this times SMs x clock (sm_cycles_per_s), below the DRAM's where the GPU has few SMs for its
  // memory. PyTorch's softmax, layer norm, dropout, GELU and broadcast adds of a BERT training step
  // ran only 1-18 % faster on an H200 than on an H100 (same 132 SMs at 1.98 GHz, 43 % more
  // bandwidth: tools/measure/bert_probe.py, tests/data/measured/*-2026-11-27-bert.json), so they
  // are bound by the SMs, not the memory; a plain copy is not (41 % faster, with the bandwidth).
  // Fitted on the H200's measured BERT and GPT training steps with eager_layer_overhead_s; the
  // H100's validate it (tests/validation/probe_steps_test.cpp). 0 = no ceiling.
  double eager_op_bytes_per_sm_cycle = 11.0;
  // The same for the heads' layout copies (eager_head_copy_passes): PyTorch copies a permuted
  // tensor with its non-vectorised strided kernel, which in the same BERT steps' profiles moved
  // 3.8 bytes per SM cycle on the H100 and 4.1 on the H200 (192 copies of 88 MB read and written
  // in 34.0 and 31.8 ms at 132 SMs x 1.98 GHz), about half what the vectorised ops reach. Read off
  // the profiles, not fitted. 0 = no ceiling.
  double eager_layout_copy_bytes_per_sm_cycle = 4;
  // Optimizer step, bytes moved per locally updated parameter (AdamW with fp32 master weights:
  // read and write master, m and v (24), read the fp32 gradient (4), write the bf16 copy (2)).
  double optimizer_bytes_per_param = 30;
  // CPU-side Adam update for offloaded optimizer states, seconds per parameter (DeepSpeed's
  // CPU-Adam; Ren et al. 2021, §4.1 report roughly 1 B parameters per 0.2-0.3 s on a server).
  double cpu_adam_s_per_param = 0.25e-9;
  // Fixed cost of an inference decode step beyond the roofline, per layer: kernel launches and
  // host work, about eight kernels per layer at CUDA's ~5 us launch latency. An estimate, not a
  // fit; the llama.cpp decode fit rows (RTX 3090/4090) hold with it, and decode layers measured on
  // an H100 and an H200 under torch.compile and CUDA graphs, not fitted on, hold within 12 % with
  // it (tools/measure/decode_probe.py; tests/validation/probe_decode_test.cpp). A prefill pays
  // prefill_layer_overhead_s instead.
  double decode_layer_overhead_s = 40e-6;
  // The same for a GGUF (llama.cpp) decode step on builds before June 2024 (llamacpp_build_month
  // below 202406), which launched a layer's many small kernels (norms, matrix-vector products
  // each after quantising its input, rotary embeddings, cache copies, attention's own matrix-vector
  // products and softmax) one by one: queued ahead by the CPU, but with the GPU-side gaps between
  // kernels that CUDA graphs later removed (NVIDIA's A. Gray in llama.cpp PR #6766, 2024-04-19:
  // the gain of graphs was in those gaps, not in CPU launch cost). Fitted on the May 2024
  // llama-bench rows of the three HBM cards (A100 PCIe, A100 SXM, H100 PCIe; Llama 3 8B Q4_K_M and
  // F16, 70B Q4_K_M: mean error 0), whose weight stream the SM ceiling sets whatever the
  // format's share, so that the two separate (tests/validation/fit_constants_test.cpp).
  // 0 = decode_layer_overhead_s.
  double llamacpp_2024_decode_layer_overhead_s = 67.2e-6;
  // Fixed cost per layer of a prefill (the context phase: time to first token), in place of
  // decode_layer_overhead_s: engines replay decode steps as CUDA graphs but launch a prompt's
  // kernels one by one, and a context layer runs more of them (context attention, rotary
  // embedding, activation quantisation). Fitted on one published short prompt whose GEMMs are
  // too small to hide it: TensorRT-LLM v0.5's Llama 2 7B FP8 on an H100, 128 tokens, 7 ms to the
  // first token (docs/source/performance.md, "Low Latency"; tests/validation/fit_inference.hpp).
  // 0 = decode_layer_overhead_s.
  double prefill_layer_overhead_s = 140e-6;
  // Share of peak memory bandwidth a decode step's weight stream reaches when the weights are in a
  // block-quantised format (llama.cpp's GGUF Q4_0, Q4_K, Q8_0: include/rigplan/weight_format.hpp),
  // whose matrix-vector kernels (mmvq) unpack and rescale every block in registers, on llama.cpp
  // builds since mid-2024: fitted on the llama.cpp maintainers' scoreboards of Llama 2 7B Q4_0
  // tg128 (github.com/ggml-org/llama.cpp discussions 15013 and 15021, builds of 2025-2026: 17
  // NVIDIA cards from Turing to Blackwell and the RX 7900 XTX; tests/validation/fit_constants_test.cpp).
  double block_quant_decode_efficiency = 0.745;
  // The same for llama.cpp builds before June 2024 (llamacpp_build_month below 202406), whose
  // matrix-vector kernels streamed the blocks slower: fitted on one January 2024 row (RTX 3090 Ti,
  // Llama 2 7B Q4_0 tg128, PR #4812) at those builds' per-layer cost
  // (llamacpp_2024_decode_layer_overhead_s; docs/performance-model.md).
  double block_quant_decode_efficiency_2024 = 0.658;
  // Share of peak bandwidth llama.cpp's 16-bit matrix-vector kernels stream GGUF F16 and BF16
  // weights at in a decode step (memory_efficiency is other engines'): fitted on the May 2024
  // llama-bench F16 rows of the RTX 3090 and 4090 (tg512, tg4096) together; the SM ceiling
  // (llamacpp_decode_bytes_per_sm_cycle) still binds on HBM cards. 0 = memory_efficiency.
  double gguf_16bit_decode_efficiency = 0.899;
  // The same for K-quant formats (Q4_K_M and the other super-block types) on NVIDIA GPUs in
  // builds before June 2024, which streamed them at a higher share than Q4_0 in the same months.
  // Fitted on the May 2024 llama-bench tables' 16 single-GPU GDDR Q4_K_M decode rows together
  // (github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference; mean error 0;
  // tests/validation/fit_inference.hpp, fit_llamacpp_may2024_cases).
  double kquant_decode_efficiency_2024 = 0.857;
  // The same for K-quant formats (Q4_K_M: super-blocks of 256 with packed 6-bit sub-block scales)
  // on AMD GPUs, whose matrix-vector kernels for them are bound by unpacking, not by memory: in
  // llama.cpp PR #26284's table (RX 7900 XTX, Llama 3 8B, 2026-07) Q5_K_M decodes only 5 % slower
  // than Q4_K_M (tg64 100.63 against 105.75 tokens/s) from 16 % more bytes. Fitted on that Q4_K_M
  // row; the same card's Q4_0 decode reaches the current share (the ROCm scoreboard's row, a fit
  // row of block_quant_decode_efficiency).
  double amd_kquant_decode_efficiency = 0.548;
  // Weight bytes llama.cpp's own matrix-vector kernels (a decode step's, every GGUF type) read per
  // SM clock cycle at most, on NVIDIA GPUs: a ceiling of SMs x clock x this (sm_cycles_per_s) on
  // their weight stream, which binds on the HBM cards (few SMs for their memory). Fitted on the
  // llama.cpp scoreboard's A100 80 GB and A30 rows (fit_llamacpp_scoreboard.hpp). 0 = no ceiling.
  double llamacpp_decode_bytes_per_sm_cycle = 6.24;
  // Seconds a GGUF (llama.cpp) workload split over GPUs by layer (pipeline stages) loses at each
  // stage boundary of each pass — a decode step, a prompt — beyond the hidden state's send: the
  // hand-over between the GPUs' graphs, which llama.cpp's scheduler runs one after another. Fitted
  // on the May 2024 llama-bench tables' 24 multi- over single-GPU pairs of GDDR cards
  // (tests/validation/fit_llamacpp_split.hpp). 0 = only the send.
  double llamacpp_stage_boundary_s = 167e-6;
  // The llama.cpp build a GGUF workload runs (YYYYMM; 0 = a current build). Before 202406: the
  // 2024 decode shares (block_quant_ and kquant_decode_efficiency_2024), its per-layer cost and no
  // MMQ on tensor cores (PR #7676); before 202404: the output layer for every prompt token (#6122)
  // and llamacpp_early_2024_prompt_share.
  double llamacpp_build_month = 0;
  // Share of an SM's INT8 tensor rate a block-quantised prefill reaches on NVIDIA GPUs with
  // llama.cpp's MMQ kernels on int8 MMA instructions (PR #7676, June 2024, and later builds), per
  // SM cycle of a GeForce or workstation SM (2,048 INT8 operations: mmq_rate_for): MMQ's speed
  // follows SMs x clock, not the 2-4x wider tensor cores of the A100 or H100. 0 = the cuBLAS path
  // below (llamacpp_ubatch_tokens). Fitted on one pp512 row (RTX 3080, Llama 3.1 8B Q4_K_M).
  double mmq_int8_efficiency = 0.238;
  // Tokens of a prompt llama.cpp evaluates at a time (its default n_ubatch, common/common.h and
  // llama-bench): on the older path above, ggml-cuda's cuBLAS matrix multiply converts each
  // block-quantised weight matrix to a 16-bit buffer before the GEMM (ggml_cuda_op_mul_mat_cublas,
  // to_fp16_cuda), once per ubatch: the quantised bytes read and 2 bytes a weight written.
  double llamacpp_ubatch_tokens = 512;
  // The same on Turing (RTX 20, Quadro RTX, T4): the scoreboard's Turing cards reach 0.13-0.16 of
  // their INT8 peaks where Ampere to Blackwell reach 0.19-0.37 (docs/performance-model.md,
  // "Validation: llama.cpp prefill on sixteen cards"). Fitted on one pp512 row (RTX 2080 Ti,
  // Llama 2 7B Q4_0, commit 9c35706); 0 = mmq_int8_efficiency.
  double turing_mmq_int8_efficiency = 0.187;
  // Share of the FP16-accumulate peak (fp16_accumulate_peak_flops) llama.cpp's cuBLAS prompt GEMMs
  // reach on NVIDIA GPUs — F16 weights, and block formats where MMQ is off (dequantised first) —
  // with CUBLAS_COMPUTE_16F (ggml_cuda_op_mul_mat_cublas; PRs #3370, #3412 and #3776 of 2023).
  // Fitted on ten May 2024 GeForce prompt rows (RTX 3080, 3090, 4090, each at its measured GEMM
  // rate); 0 = the inference GEMM efficiency.
  double llamacpp_cublas_efficiency = 0.462;
  // Share of that rate the same path reached in builds before April 2024: solved on one RTX 3090
  // Ti's Llama 2 7B Q4_0 pp512, 4035.47 tokens/s in January 2024 (PR #4812) and 4938.82 in May
  // (PR #7302), so the model's two predictions keep that ratio (docs/performance-model.md). 1 = none.
  double llamacpp_early_2024_prompt_share = 0.767;
  // Share of Hopper's dense tensor peak its pre-Hopper warp-level mma.sync instructions reach (no
  // wgmma): 494.4 of 756.5 FP16 TFLOPS on an H800 PCIe (Luo et al. 2025, arXiv 2501.12084; 62.9 %
  // on average, arXiv 2402.13499 Table VII; A100 and RTX 4090 reach their peaks with them). Taken
  // for llama.cpp's cuBLAS FP16-accumulate prompt GEMMs on Hopper, inferred from the H100 PCIe's
  // May 2024 rows, not documented (MMQ's rate follows SM cycles instead). 0 = none.
  double hopper_legacy_mma_share = 0.653;
  // Bytes per attention score a prefill without flash attention moves (with it: none): llama.cpp's
  // KQ written in F32 (4), soft-maxed in place (8), converted to F16 (4 + 2), read by KQV (2).
  double prefill_score_bytes = 20;
  // Share of grouped-query attention's repeated KV-cache reads a decode step's attention kernel
  // saves: 1 where it reads each KV head's cache once for its query heads, 0 once per query head
  // (FasterTransformer's and TensorRT-LLM's masked multi-head attention before XQA, "a threadblock
  // for B x H pair", decoder_masked_multihead_attention.cu; what L2 absorbs is not modelled).
  // TensorRT-LLM's XQA kernel (v0.8, "XQA-kernel.md", 2024-01-30: Llama-70B FP8 on one H200,
  // 1,227 tokens/s per GPU without it, 2,941 with) and flash-decoding kernels: 1, the default.
  double gqa_kv_shared_reads = 1;
  // Share of GPU memory an inference server claims (vLLM's gpu_memory_utilization default 0.9).
  double inference_memory_utilization = 0.90;
  // Memory of a unified-memory machine the operating system and its desktop keep from the GPU: a
  // DGX Spark at idle uses 8.0-8.7 GiB of the 121.7 GiB its DGX OS reports (nvtop issue 449, driver
  // 580.173.02); sizing gives the GPU the rest (include/rigplan/unified.hpp).
  double unified_os_reserve_gib = 8;
  // Network bandwidth per GPU between nodes where the hardware does not say (more GPUs than a node):
  // one 400 Gb/s NDR port per GPU, as in the DGX H100 (8x ConnectX-7, NVIDIA DGX H100 user guide).
  double network_gb_s_per_gpu = 50;
};

// The registry behind `--perf` (one type with `--assume`'s: rigplan/named_constant.hpp).
using PerfAssumptionDoc = NamedConstant<PerfAssumptions>;
const std::vector<PerfAssumptionDoc>& perf_assumption_docs();
// Applies "name=value"; returns an error message, or nullopt on success.
std::optional<std::string> set_perf_assumption(PerfAssumptions& a, std::string_view assignment);

}  // namespace rigplan
