# `rigplan size`: presets, hardware, JSON contract, bad input.
run size --list-models
expect_exit 0
for id in gpt-2-124m gpt-2-1.5b gpt-3-175b llama-2-7b llama-2-13b llama-2-70b llama-3-8b llama-3-70b llama-3.1-405b mistral-7b mixtral-8x7b bert-base-cased t5-3b opt-13b; do
  expect_stdout_contains "$id "
done
run size --list-models --format json
expect_exit 0
expect_json "len(d['models']) >= 14 and {'llama-3-8b', 'mixtral-8x7b'} <= {m['id'] for m in d['models']} and all(m['params'] > 0 and m['source'] for m in d['models'])"

run size --model llama-3-8b --mode lora --lora-base int4 --gpu nvidia-rtx-4090-fe --tokens 1e8
expect_exit 0
expect_golden size-llama-3-8b-qlora-4090.txt

run size --model llama-3-70b --zero 3 --gpu nvidia-h100-sxm5-80gb --count 64 --recompute full --tokens 1e9 --format json
expect_exit 0
expect_json "d['fits'] is True and d['workload']['dp'] == 64 and d['memory']['per_gpu']['total_bytes'] == sum(v for k, v in d['memory']['per_gpu'].items() if k != 'total_bytes') and d['time']['seconds'] > 0 and d['communication']['bytes_per_step'] > 0"

run size --model opt-13b --mode infer --precision fp16 --gpu nvidia-a100-sxm4-80gb --context 2048 --format json
expect_exit 0
expect_json "d['inference']['kv_bytes_per_token'] == 819200"

run size --model llama-2-7b --format json
expect_exit 0
expect_json "d['fits'] is None and d['fewest_gpus']['zero0'] is None and d['fewest_gpus']['zero3'] >= 2"

run size --layers 24 --hidden 2048 --heads 16 --vocab 50257 --format json
expect_exit 0
# 24 x 12h^2 (attention 4h^2 + GELU MLP 8h^2) + 24 x 2h (norms) + 2 x vocab x h (untied)
expect_json "d['model']['params'] == 24 * 12 * 2048**2 + 24 * 2 * 2048 + 2 * 50257 * 2048"

run size --model llama-3-8bb
expect_exit 2
expect_stderr_contains 'no model preset "llama-3-8bb" (did you mean "llama-3-8b"?)'

run size --model llama-3-8b --gpu nvidia-rtx-4090-fe --count 3 --tp 2 --format json
expect_exit 2
expect_stdout_empty
expect_stderr_contains "3 GPUs cannot be split into tp=2 x pp=1"

run size --model llama-3-8b --zero 4
expect_exit 2

run size --model llama-3-8b --mode train --precision int4
expect_exit 2
expect_stderr_contains "is for inference"

run size --model gpt-2-124m --build examples/builds/seed-two-3090.json --format json
expect_exit 0
expect_json "d['hardware']['count'] == 2 and d['hardware']['link'] == 'nvlink'"

# The performance model: a predicted step with its breakdown, and the parallelism search.
run size --model llama-3-8b --gpu nvidia-h100-sxm5-80gb --count 8 --zero 1 --batch 512 --tokens 1e10 --format json
expect_exit 0
expect_json "d['time']['mfu_predicted'] is True and 0.2 < d['performance']['mfu'] < 0.8 and abs(sum(d['performance']['breakdown_seconds'].values()) - d['performance']['step_seconds']) < 1e-9 * d['performance']['step_seconds'] + 1e-12"

run size --model gpt-3-175b --gpu nvidia-a100-sxm4-80gb --count 1024 --batch 1536 --tokens 300e9 --search --top 3 --format json
expect_exit 0
expect_json "len(d['search']['best']) == 3 and d['search']['evaluated'] > 1000 and all(b['memory_bytes'] <= 80 * 2**30 for b in d['search']['best']) and d['search']['best'][0]['step']['step_seconds'] <= d['search']['best'][1]['step']['step_seconds'] and all(b['tp'] * b['pp'] * b['dp'] == 1024 for b in d['search']['best'])"

run size --model gpt-3-175b --gpu nvidia-a100-sxm4-80gb --count 1024 --search
expect_exit 2
expect_stderr_contains "--batch"

run size --model llama-3-8b --mode infer --gpu nvidia-a100-sxm4-80gb --batch 8 --search
expect_exit 2
expect_stderr_contains "infer"

run size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --perf matmul_eficiency=0.5
expect_exit 2
expect_stderr_contains "unknown performance assumption"

run size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --perf memory_efficiency=nan
expect_exit 2
expect_stderr_contains "memory_efficiency"

run size --model llama-3-8b --mode infer --gpu nvidia-rtx-4090-fe --context 4096 --micro-batch 4 --format json
expect_exit 0
expect_json "d['serving']['batch'] == 4 and d['serving']['itl_seconds'] > 0 and abs(d['serving']['aggregate_tokens_per_s'] - 4 * d['serving']['decode_tokens_per_s']) < 1e-6 and d['serving']['ttft_seconds'] > 0"

run size --model gpt-2-124m --gpu nvidia-a100-sxm4-80gb --count 13 --batch 3 --search
expect_exit 2
expect_stderr_contains "no layout of 13 GPUs"

# Offloaded states live in the host's memory, which every GPU of the node shares.
# (It does not fit four 24 GiB cards: exit 1, with the whole document.)
run size --model llama-2-13b --zero 2 --offload optimizer --gpu nvidia-rtx-4090-fe --count 4 --format json
expect_exit 1
expect_json "d['memory']['host_bytes'] > 0 and d['memory']['host_bytes_per_node'] == 4 * d['memory']['host_bytes']"

# Frameworks: a layout the framework does not run is bad input, naming the rule.
run size --model llama-3-8b --framework megatron --zero 3 --gpu nvidia-h100-sxm5-80gb --count 8
expect_exit 2
expect_stderr_contains "Megatron-LM has no ZeRO-3"
run size --model gpt-3-175b --framework megatron --tp 8 --pp 8 --interleave 5 --gpu nvidia-a100-sxm4-80gb --count 64
expect_exit 2
expect_stderr_contains "divisible by pipeline stages x interleaving (8 x 5)"
run size --model gpt-2-124m --framework hf --tp 2 --gpu nvidia-rtx-4090-fe --count 2
expect_exit 2
expect_stderr_contains "has no tensor parallelism"
run size --model llama-3-8b --framework fosdp
expect_exit 2
expect_stderr_contains "fosdp not in {megatron,deepspeed,fsdp,hf}"
run size --model gpt-3-175b --framework megatron --gpu nvidia-a100-sxm4-80gb --count 64 --batch 512 --search --format json
expect_exit 0
expect_json "d['workload']['framework'] == 'megatron' and d['workload']['accounting'] == 'megatron' and all(96 % (b['pp'] * b['interleave']) == 0 and b['zero'] <= 1 for b in d['search']['best'])"

# --no-p2p stops NVLink too (NCCL_P2P_DISABLE=1): copies staged through host memory.
run size --model gpt-2-124m --build examples/builds/hf-2x-titan-rtx-nvlink.json --no-p2p --framework hf --format json
expect_exit 0
expect_json "d['hardware']['link'] == 'pcie-host-staged'"

# MIG: every profile of the GPU's table; the smallest that fits, with its copies and rate.
run size --model llama-3-8b --mode infer --precision int4 --gpu nvidia-a100-sxm4-40gb
expect_exit 0
expect_stdout_contains "MIG: smallest profile that fits 1g.10gb — 4 copies per GPU"
expect_stdout_contains "3g.20gb"
run size --model llama-3-8b --mode infer --precision int4 --gpu nvidia-a100-sxm4-40gb --format json
expect_exit 0
expect_json "d['mig']['profile'] == '1g.10gb' and d['mig']['copies'] == 4 and 0 < d['mig']['tokens_per_s_per_copy'] and d['mig']['memory_bandwidth_share'] == 0.25"

# Packed training sequences: attention within each document (flash), the whole sequence (eager).
run size --model llama-2-7b --mode lora --seq 4096 --packed-length 256 --gpu nvidia-h100-sxm5-80gb --format json
expect_exit 0
expect_json "d['workload']['packed_length'] == 256 and d['workload']['seq'] == 4096"
run size --model llama-2-7b --mode lora --seq 4096 --packed-length 256 --gpu nvidia-h100-sxm5-80gb
expect_exit 0
expect_stdout_contains "sequence 4096 (packed documents of 256 tokens)"
run size --model llama-2-7b --mode lora --seq 4096 --packed-length 256 --attention standard --gpu nvidia-h100-sxm5-80gb
expect_exit 1  # its s x s scores do not fit 80 GB
expect_stdout_contains "eager attention still runs the whole sequence"
run size --model llama-2-7b --mode lora --seq 4096 --gpu nvidia-h100-sxm5-80gb --format json
expect_exit 0
expect_json "'packed_length' not in d['workload']"
run size --model llama-2-7b --mode lora --seq 1024 --packed-length 2048
expect_exit 2
expect_stderr_contains "/packed_length: documents of 2048 tokens do not fit a sequence of 1024"

# Context parallelism: the GPUs split as dp x tp x cp x pp, the ring's exposed time in the breakdown.
run size --model llama-3-8b --framework megatron --seq 8192 --batch 128 --zero 1 --cp 2 --gpu nvidia-h100-sxm5-80gb --count 8 --format json
expect_exit 0
expect_json "d['workload']['cp'] == 2 and d['workload']['dp'] == 4 and 'cp_comm' in d['performance']['breakdown_seconds']"
run size --model llama-3-8b --framework megatron --seq 8192 --batch 128 --zero 1 --cp 2 --gpu nvidia-h100-sxm5-80gb --count 8
expect_exit 0
expect_stdout_contains "parallelism dp=4 tp=1 cp=2 pp=1 zero=1 on Megatron-LM"
run size --model llama-3-70b --framework megatron --seq 32768 --batch 64 --cp 4 --gpu nvidia-h100-sxm5-80gb --count 64 --search --top 3
expect_exit 0
expect_stdout_contains "the fastest (context parallelism 4 kept: TP x PP x DP is the rest)"
run size --model llama-3-8b --framework deepspeed --seq 8192 --cp 2 --gpu nvidia-h100-sxm5-80gb --count 8
expect_exit 2
expect_stderr_contains "DeepSpeed has no context parallelism"
run size --model llama-3-8b --mode infer --cp 2
expect_exit 2
expect_stderr_contains "/cp: context parallelism splits training sequences"

# A predicted time comes with the held-out error of its kind (src/perf/model_accuracy_table.inc):
# the vendor's own runs, or all GPUs where the vendor has fewer than 5; none where --mfu gave the time.
run size --model llama-3-8b --mode infer --gpu amd-radeon-rx-7900-xtx --precision int4
expect_exit 0
expect_stdout_contains "Accuracy on published decode timings not used in fitting (all GPUs: 1 on AMD GPUs, fewer than 5):"
run size --model llama-3-8b --mode infer --gpu nvidia-rtx-4090-fe --format json
expect_exit 0
expect_json "d['serving']['heldout']['decode']['vendor'] == 'nvidia' and d['serving']['heldout']['decode']['runs'] >= 5 and 0 < d['serving']['heldout']['prefill']['mean_abs_error'] < 1"
run size --model llama-3-8b --gpu nvidia-h100-sxm5-80gb --count 8 --zero 3 --tokens 1e9 --mfu 0.4 --format json
expect_exit 0
expect_json "'heldout' not in d.get('performance', {})"
run size --model llama-3-8b --gpu nvidia-h100-sxm5-80gb --count 8 --zero 3 --tokens 1e9 --mfu 0.4
expect_exit 0
expect_stdout_lacks "Accuracy on published"

# --autocast: the framework's (the Hugging Face Trainer's: on), or on/off; off (apex O2, a model
# cast to bf16) skips the weight casts and the fp32 residual stream, so the step is shorter.
run size --layers 12 --hidden 768 --heads 12 --vocab 50304 --seq 1024 --micro-batch 16 --gpu nvidia-h200-sxm-141gb --framework hf --format json
expect_exit 0
cp "$OUT" "$WORK/autocast_framework.json"
run size --layers 12 --hidden 768 --heads 12 --vocab 50304 --seq 1024 --micro-batch 16 --gpu nvidia-h200-sxm-141gb --framework hf --autocast off --format json
expect_exit 0
expect_json "d['performance']['step_seconds'] < json.load(open('$WORK/autocast_framework.json'))['performance']['step_seconds']"
run size --model llama-3-8b --autocast sometimes
expect_exit 2
run size --model gpt-2-124m --gpu nvidia-rtx-4090-fe --framework hf --micro-batch 8
expect_exit 0
expect_stdout_contains "on the Hugging Face Trainer (PyTorch DDP), autocast over fp32 weights;"
run size --model gpt-2-124m --gpu nvidia-rtx-4090-fe --framework hf --micro-batch 8 --autocast off
expect_exit 0
expect_stdout_lacks "autocast over fp32 weights"

# --kernels: the framework's (FSDP: eager PyTorch ops), or fused (Transformer Engine, torch.compile),
# which drops the eager ops' per-layer cost and their SM-bound bandwidth, so the step is shorter.
run size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --count 8 --framework fsdp --zero 3 --seq 4096 --micro-batch 1 --format json
expect_exit 0
cp "$OUT" "$WORK/kernels_framework.json"
run size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --count 8 --framework fsdp --zero 3 --seq 4096 --micro-batch 1 --kernels fused --format json
expect_exit 0
expect_json "d['performance']['step_seconds'] < json.load(open('$WORK/kernels_framework.json'))['performance']['step_seconds']"
run size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --count 8 --framework fsdp --zero 3 --seq 4096 --micro-batch 1 --kernels fused
expect_exit 0
expect_stdout_contains "on PyTorch FSDP, fused kernels;"
run size --model llama-3-8b --framework megatron --kernels eager
expect_exit 0
expect_stdout_contains ", eager PyTorch ops"
run size --model llama-3-8b --kernels triton
expect_exit 2
# --linear-bias: a custom model whose linear layers carry biases pays their gradients' reductions
# under an eager framework; the flag, like every custom-model key, is refused beside a preset.
run size --layers 24 --hidden 1024 --heads 16 --vocab 0 --seq 384 --micro-batch 16 --precision fp16 --attention standard --framework hf --gpu nvidia-a100-sxm4-80gb --format json
expect_exit 0
cp "$OUT" "$WORK/no_bias.json"
run size --layers 24 --hidden 1024 --heads 16 --vocab 0 --seq 384 --micro-batch 16 --precision fp16 --attention standard --framework hf --gpu nvidia-a100-sxm4-80gb --linear-bias --format json
expect_exit 0
expect_json "d['performance']['step_seconds'] > json.load(open('$WORK/no_bias.json'))['performance']['step_seconds']"
run size --layers 24 --hidden 1024 --heads 16 --vocab 0 --seq 384 --micro-batch 16 --linear-bias
expect_exit 0
expect_stdout_contains "custom model with linear biases ("
run size --model gpt-2-124m --linear-bias
expect_exit 2
expect_stderr_contains "linear_bias describes a custom model; the preset gpt-2-124m has its own"
run size --model llama-3-8b --layers 5
expect_exit 2
expect_stderr_contains "layers describes a custom model"
# An eager step on a GPU whose SMs cap its PyTorch ops below the memory says so, with the
# layout copies under unfused attention; a fused one, or a card whose memory binds first, does not.
run size --model gpt-2-124m --gpu nvidia-h200-sxm-141gb --framework hf --micro-batch 16 --seq 1024
expect_exit 0
expect_stdout_contains "Eager PyTorch ops at 2.88 TB/s: the SMs' ceiling (SMs x clock x bytes a cycle), where streaming kernels reach 3.84 TB/s"
run size --model gpt-2-124m --gpu nvidia-h100-sxm5-80gb --framework hf --micro-batch 16 --seq 1024 --attention standard
expect_exit 0
expect_stdout_contains "Eager PyTorch layout copies at 1.05 TB/s: the SMs' ceiling (SMs x clock x bytes a cycle), where streaming kernels and the other eager ops reach 2.68 TB/s"
run size --model gpt-2-124m --gpu nvidia-h200-sxm-141gb --framework hf --micro-batch 16 --seq 1024 --attention standard
expect_exit 0
expect_stdout_contains "Eager PyTorch ops at 2.88 TB/s and their layout copies at 1.05: the SMs' ceiling"
run size --model gpt-2-124m --gpu nvidia-h200-sxm-141gb --framework hf --micro-batch 16 --seq 1024 --kernels fused
expect_exit 0
expect_stdout_lacks "Eager PyTorch ops"
run size --model gpt-2-124m --gpu nvidia-rtx-4090-fe --framework hf --micro-batch 8
expect_exit 0
expect_stdout_lacks "Eager PyTorch ops"
# llama.cpp's GGUF F16 on an A100: its decode kernels' ceiling per SM cycle holds the weight
# stream below what its 16-bit kernels would reach (gguf_16bit_decode_efficiency 0.899 of 1,935
# GB/s), and `size` says so; on an RTX 4090 the ceiling is far above it.
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-a100-pcie-80gb
expect_exit 0
expect_stdout_contains "infer in fp16 (f16 weights)"
expect_stdout_contains "llama.cpp's decode kernels read the weights at 0.95 TB/s: the SMs' ceiling (SMs x clock x bytes a cycle), where the weight stream would reach 1.74 TB/s"
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-rtx-4090-fe
expect_exit 0
expect_stdout_lacks "llama.cpp's decode kernels"
# Its prompt GEMMs run through cuBLAS in FP16 with FP16 accumulation: 0.462 of the RTX 4090's 330.3
# TFLOP/s at that rate (twice its 165.2 with FP32 accumulation) x its measured clocks (1.22): 186.
expect_stdout_contains "llama.cpp's prompt GEMMs: cuBLAS in FP16 with FP16 accumulation at 186 TFLOP/s"
expect_stdout_lacks "scores move"
# A Q4_K_M model: MMQ on the INT8 tensor cores in current builds, cuBLAS in builds before June 2024;
# without flash attention a 512-token prompt moves 512 x 512 scores x 32 heads x 32 layers x 20 bytes.
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-rtx-4090-fe
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: MMQ on the INT8 tensor cores"
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-rtx-4090-fe --perf llamacpp_build_month=202405 --attention standard --prompt 512
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: cuBLAS in FP16 with FP16 accumulation"
expect_stdout_contains "Without flash attention the prompt's attention scores move 5.4 GB through memory"
expect_stdout_lacks "hopper_legacy_mma_share"
# MMQ's rate follows SMs x clock: on an A100 (108 SMs at 1.41 GHz, twice a GeForce SM's INT8
# width) 0.238 x 2,048 x 108 x 1.41 GHz = 74 TOPS, not 0.238 of its 624; on an H100 PCIe (114 SMs
# at 1.755 GHz) 97, without Hopper's legacy-instruction share (the cuBLAS path's).
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-a100-pcie-80gb
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: MMQ on the INT8 tensor cores at 74 TOPS"
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-h100-pcie-80gb
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: MMQ on the INT8 tensor cores at 97 TOPS"
expect_stdout_lacks "hopper_legacy_mma_share"
# Its F16 prompt through cuBLAS with FP16 accumulation runs at 0.653 of the rate elsewhere:
# 756.5 TFLOP/s x 0.462 x its measured clocks (0.79) x 0.653 = 180; without the share (0), 276.
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-h100-pcie-80gb
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: cuBLAS in FP16 with FP16 accumulation at 180 TFLOP/s"
expect_stdout_contains "including hopper_legacy_mma_share 0.653"
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-h100-pcie-80gb --format json
expect_exit 0
expect_json "d['serving']['prefill_gemm_path'] == 'cublas-fp16' and d['serving']['prefill_legacy_mma_share'] == 0.653 and abs(d['serving']['prefill_gemm_flops_per_s'] - 180e12) < 1e12"
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-h100-pcie-80gb --perf hopper_legacy_mma_share=0
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: cuBLAS in FP16 with FP16 accumulation at 276 TFLOP/s"
expect_stdout_lacks "hopper_legacy_mma_share"
# The RTX 6000 Ada holds 0.705 of its measured GEMM rate under sustained load (catalog
# measured_matmul.sustained_share): 278.5 x 0.705 / 364.3 / 0.848 (the A100 SXM's bf16 share) = 0.64,
# in a prefill's GEMMs and in llama.cpp's cuBLAS prompt GEMMs (364.3 x 0.462 x 0.64 = 107 TFLOP/s).
run size --model llama-3-8b --mode infer --gpu nvidia-rtx-6000-ada
expect_exit 0
expect_stdout_contains "0.70 x 0.64, nvidia-rtx-6000-ada's measured GEMM rate as held under sustained load (0.705 of it)"
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-rtx-6000-ada
expect_exit 0
expect_stdout_contains "llama.cpp's prompt GEMMs: cuBLAS in FP16 with FP16 accumulation at 107 TFLOP/s"
run size --model llama-3-8b --mode infer --gpu nvidia-rtx-a6000
expect_exit 0
expect_stdout_lacks "sustained load"
run size --model llama-3-8b --mode infer --gpu nvidia-rtx-4090-fe
expect_exit 0
expect_stdout_lacks "prompt GEMMs"
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-rtx-4090-fe --perf llamacpp_build_month=202405 --attention standard --prompt 512 --format json
expect_exit 0
expect_json "d['serving']['prefill_gemm_path'] == 'cublas-fp16' and abs(d['serving']['prefill_gemm_flops_per_s'] - 186e12) < 1e12 and d['serving']['prefill_legacy_mma_share'] == 1 and d['serving']['prefill_score_bytes'] == 512 * 512 * 32 * 32 * 20"
# A build before April 2024: the same path at llamacpp_early_2024_prompt_share of that rate, said in both outputs.
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-rtx-4090-fe --perf llamacpp_build_month=202401 --attention standard --prompt 512 --format json
expect_exit 0
expect_json "d['serving']['prefill_gemm_path'] == 'cublas-fp16' and d['serving']['prefill_early_build_share'] == 0.767 and abs(d['serving']['prefill_gemm_flops_per_s'] - 0.767 * 186e12) < 1e12"
run size --model llama-3-8b --mode infer --weight-format q4_k_m --gpu nvidia-rtx-4090-fe --perf llamacpp_build_month=202401
expect_exit 0
expect_stdout_contains "including llamacpp_early_2024_prompt_share 0.767"
run size --model llama-3-8b --mode infer --gpu nvidia-rtx-4090-fe --format json
expect_exit 0
expect_json "d['serving']['prefill_gemm_path'] is None and d['serving']['prefill_gemm_flops_per_s'] is None and d['serving']['prefill_legacy_mma_share'] is None and d['serving']['prefill_early_build_share'] is None and d['serving']['prefill_score_bytes'] == 0"
run size --model llama-3-8b --mode infer --weight-format bf16 --gpu nvidia-a100-pcie-80gb --format json
expect_exit 0
expect_json "d['workload']['precision'] == 'bf16' and d['memory']['per_gpu']['weights_bytes'] == 2 * d['model']['params']"
run size --model llama-3-8b --mode infer --weight-format f16 --precision bf16
expect_exit 2
expect_stderr_contains "f16 stores fp16 weights; the precision is bf16"
# The same in JSON: the format, the stream's rate and, where the ceiling binds, the share it caps.
run size --model llama-3-8b --mode infer --weight-format f16 --gpu nvidia-a100-pcie-80gb --format json
expect_exit 0
expect_json "d['workload']['weight_format'] == 'f16' and abs(d['serving']['weight_stream_bytes_per_s'] - 0.95e12) < 0.01e12 and abs(d['serving']['weight_stream_uncapped_bytes_per_s'] - 1.7396e12) < 1e9"
run size --model llama-3-8b --mode infer --gpu nvidia-a100-pcie-80gb --format json
expect_exit 0
expect_json "d['workload']['weight_format'] is None and d['serving']['weight_stream_uncapped_bytes_per_s'] is None and d['serving']['weight_stream_bytes_per_s'] == 1.548e12"

# Pipeline parallelism: the training states of the most loaded stage (its layers and a vocabulary matrix), said in both outputs.
run size --model llama-3-70b --gpu nvidia-h100-sxm5-80gb --count 64 --tp 2 --pp 8 --framework megatron --sp --zero 1 --batch 512 --format json
expect_exit 0
expect_json "abs(d['memory']['parameters_per_gpu'] - (70.55e9 - 2 * 128256 * 8192) / 16 - 128256 * 8192 / 2) < 1e7"
run size --model llama-3-70b --gpu nvidia-h100-sxm5-80gb --count 64 --tp 2 --pp 8 --framework megatron --sp --zero 1 --batch 512
expect_exit 0
expect_stdout_contains "of the most loaded pipeline stage: 4.8 B parameters a GPU"
run size --model llama-3-70b --gpu nvidia-h100-sxm5-80gb --count 64 --tp 8 --framework megatron --batch 512 --format json
expect_exit 1
expect_json "abs(d['memory']['parameters_per_gpu'] - 70.55e9 / 8) < 1e7"
