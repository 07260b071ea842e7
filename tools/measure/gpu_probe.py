"""Measures what rigplan's performance and memory models predict, on one real GPU, with PyTorch.

Prints one JSON object: the GPU and software, achieved bf16/fp8 GEMM throughput by shape,
flash-attention throughput by sequence length, copy bandwidth, the cost of a tiny kernel, batch-1..64
GEMV-like decode GEMMs, and the step time and peak memory of GPT-style training steps (bf16 autocast,
fp32 weights, fused AdamW), including those that do not fit (reported as out of memory).
No network, no downloaded weights: every model is built from torch.nn with random weights.
Usage: python3 tools/measure/gpu_probe.py probe.json   (needs a CUDA GPU and PyTorch; the file is
rewritten after each section, so a run cut short keeps what it measured)
"""
import functools, sys
import torch
import torch.nn.functional as F

from probe_common import GPT, device_info, gpt_step, run_section, timed  # tools/measure/probe_common.py, beside this script

dev = torch.device("cuda")
res = device_info()


def gemm(m, n, k, dtype=torch.bfloat16):
    a = torch.randn(m, k, device=dev, dtype=dtype)
    b = torch.randn(k, n, device=dev, dtype=dtype)
    t = timed(lambda: a @ b, iters=max(5, min(200, int(2e12 / (2 * m * n * k) + 1))))
    return {"m": m, "n": n, "k": k, "s": t, "tflops": 2 * m * n * k / t / 1e12}


def fp8_gemm(m, n, k):
    a = torch.randn(m, k, device=dev).to(torch.float8_e4m3fn)
    b = torch.randn(n, k, device=dev).to(torch.float8_e4m3fn).t()
    one = torch.tensor(1.0, device=dev)
    fn = lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    t = timed(fn, iters=max(5, min(200, int(4e12 / (2 * m * n * k) + 1))))
    return {"m": m, "n": n, "k": k, "s": t, "tflops": 2 * m * n * k / t / 1e12}


section = functools.partial(run_section, res, sys.argv[1])


section("gemm_bf16_square", lambda: [gemm(s, s, s) for s in (512, 1024, 2048, 4096, 8192, 16384)])
# Transformer layer GEMMs: tokens x hidden times hidden x 3*hidden (QKV) and hidden x 4*hidden (MLP up).
section("gemm_bf16_layer", lambda: [dict(gemm(t, f * h, h), hidden=h, tokens=t, what=w)
                                    for h in (768, 2048, 4096, 8192) for t in (512, 4096, 16384)
                                    for w, f in (("qkv", 3), ("mlp_up", 4))])
section("gemm_fp8_square", lambda: [fp8_gemm(s, s, s) for s in (1024, 2048, 4096, 8192, 16384)])
section("gemm_fp8_layer", lambda: [dict(fp8_gemm(t, 4 * h, h), hidden=h, tokens=t)
                                   for h in (2048, 4096, 8192) for t in (512, 4096, 16384)])
# Decode: a few rows times a large weight (8192 x 28672, Llama-70B's MLP): bound by reading the weight.
section("gemm_decode", lambda: [dict(gemm(b, 28672, 8192), weight_bytes=2 * 8192 * 28672) for b in (1, 8, 64, 256)])


def attention():
    out = []
    for s in (1024, 2048, 4096, 8192, 16384, 32768):
        b, nh, d = max(1, 16384 // s), 16, 128
        q, k, v = (torch.randn(b, nh, s, d, device=dev, dtype=torch.bfloat16, requires_grad=True) for _ in range(3))
        fwd = timed(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True), iters=10)
        def fb():
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            o.backward(torch.ones_like(o))
        both = timed(fb, iters=5)
        flops_fwd = 4 * b * nh * s * s * d / 2  # causal: half the score matrix
        out.append({"seq": s, "batch": b, "heads": nh, "head_dim": d, "fwd_s": fwd, "fwd_bwd_s": both,
                    "fwd_tflops": flops_fwd / fwd / 1e12, "fwd_bwd_tflops": 3.5 * flops_fwd / both / 1e12})
    return out


section("attention_causal_bf16", attention)


def bandwidth():
    n = 1 << 30  # bytes per buffer
    x = torch.empty(n, dtype=torch.uint8, device=dev)
    y = torch.empty(n, dtype=torch.uint8, device=dev)
    t = timed(lambda: y.copy_(x), iters=20)
    a = torch.randn(n // 2, device=dev, dtype=torch.bfloat16)
    t2 = timed(lambda: a * 1.5, iters=20)
    tiny = torch.ones(1, device=dev)
    t3 = timed(lambda: tiny.add_(1), iters=2000)
    return {"copy_GBps": 2 * n / t / 1e9, "scale_bf16_GBps": 2 * n / t2 / 1e9, "tiny_kernel_us": t3 * 1e6}


section("memory", bandwidth)


def train(h, layers, nh, seq, mb):
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    r = {"hidden": h, "layers": layers, "heads": nh, "seq": seq, "micro_batch": mb, "vocab": 50304}
    try:
        m = GPT(h, layers, nh, ctx=seq).to(dev)
        r["params"] = sum(p.numel() for p in m.parameters())
        opt = torch.optim.AdamW(m.parameters(), lr=1e-4, fused=True)
        idx = torch.randint(0, 50304, (mb, seq), device=dev)
        step = gpt_step(m, opt, idx)

        r["step_s"] = timed(step, iters=5, warm=2)
        r["peak_allocated_bytes"] = torch.cuda.max_memory_allocated()
        r["peak_reserved_bytes"] = torch.cuda.max_memory_reserved()
        r["tokens_per_s"] = mb * seq / r["step_s"]
        r["model_tflops"] = 6 * r["params"] * mb * seq / r["step_s"] / 1e12  # 6N per token (Kaplan et al. 2020)
        del m, opt
    except torch.cuda.OutOfMemoryError:
        r["out_of_memory"] = True
        r["peak_allocated_bytes"] = torch.cuda.max_memory_allocated()
    torch.cuda.empty_cache()
    print(f"train h={h} L={layers} done", file=sys.stderr, flush=True)
    return r


section("train_gpt_amp_adamw", lambda: [train(768, 12, 12, 1024, 16), train(1024, 24, 16, 1024, 8),
                                        train(2048, 24, 16, 2048, 4), train(2560, 32, 32, 2048, 2),
                                        train(4096, 32, 32, 2048, 1)])
