"""Measures what an inference decode step costs on one GPU, kernel by kernel, with PyTorch and CUDA
graphs (as inference engines replay their decode steps), to check rigplan's decode model: weights
streamed at a share of peak bandwidth plus a fixed cost per layer (perf_assumptions.hpp:
memory_efficiency, decode_layer_overhead_s).

Sections (each saved as it finishes):
- copy_sizes: device-to-device copies of 1 MB to 1 GB, replayed in a CUDA graph: streaming
  bandwidth by the size of one access.
- gemv_bf16: y = x W^T with x of 1, 8 or 64 rows and W the weight matrices of Llama-family decode
  layers (1 MB to 940 MB), replayed in a CUDA graph over enough copies of W that none is still in
  L2: time per GEMM, so bandwidth by matrix size; and the same launched one by one (no graph).
- gemv_fp8: the same through torch._scaled_mm with FP8 (e4m3) weights, 16 rows (its minimum).
- kernel_chain: a chain of tiny elementwise kernels in a CUDA graph and launched one by one: the
  cost of one small kernel in each case.
- decode_layers: stacks of Llama-style decoder layers (RMSNorm, fused QKV, rotary embedding, KV
  cache write, grouped-query SDPA over the cache, output projection, SwiGLU MLP; PyTorch's own
  ops, bf16, random weights) at the shapes of Llama 3.2 1B, Llama 3 8B and Llama 3 70B whole and
  as one GPU's shard at tensor parallelism 2 and 8, and Llama 3.1 405B's at 8, batch 1, 8 and 64, 1024 or 8192 cached tokens,
  replayed in a CUDA graph: time per layer; also the layers' four GEMMs alone; kernels per layer
  counted by the profiler.
- decode_layers_compiled: the same layer under torch.compile (default mode: its elementwise ops
  fused into Triton kernels), captured in a CUDA graph, at 1024 cached tokens, batch 1 and 64 (and
  8 for the tensor-parallel shards), while time allows.
- with --only-fp8-layers, instead: decode_layers_fp8 and decode_layers_fp8_compiled, the same
  layers with FP8 weights (torch._scaled_mm, activations cast to e4m3; the KV cache bf16) at batch
  16 and 64, eager ops and under torch.compile, replayed as CUDA graphs.
No network, no downloaded weights. Usage: python3 tools/measure/decode_probe.py decode.json
[--only-fp8-layers]
"""
import functools, math, sys, time
import torch
import torch.nn.functional as F

from probe_common import device_info, run_section  # tools/measure/probe_common.py, beside this script

dev = torch.device("cuda")
res = device_info()
res["l2_bytes"] = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", None)
res["sm_count"] = torch.cuda.get_device_properties(0).multi_processor_count
section = functools.partial(run_section, res, sys.argv[1])
t_start = time.time()
MB = 1 << 20


def graph_time(fn, replays=10):
    """Seconds per replay of a CUDA graph of fn (captured after warm-up calls on a side stream)."""
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn()
    g.replay()
    torch.cuda.synchronize()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(replays):
        g.replay()
    b.record()
    torch.cuda.synchronize()
    del g
    return a.elapsed_time(b) / 1e3 / replays


def eager_time(fn, iters=20):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(iters):
        fn()
    b.record()
    torch.cuda.synchronize()
    return a.elapsed_time(b) / 1e3 / iters


def copies_for(nbytes, floor=512 * MB):
    """Enough copies of a buffer that cycling through them reads at least `floor` bytes (L2 is
    50-60 MB on an H100/H200), at least 2 and at most 256."""
    return max(2, min(256, math.ceil(floor / max(1, nbytes))))


def copy_sizes():
    out = []
    for mb in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024):
        n = mb * MB
        c = copies_for(n)
        src = [torch.empty(n, dtype=torch.uint8, device=dev) for _ in range(c)]
        dst = [torch.empty(n, dtype=torch.uint8, device=dev) for _ in range(c)]
        def fn():
            for i in range(c):
                dst[i].copy_(src[i])
        t = graph_time(fn) / c
        out.append({"bytes": n, "copies": c, "s": t, "GBps_read_write": 2 * n / t / 1e9})
        del src, dst
        torch.cuda.empty_cache()
    return out


# (what, out features N, in features K) of Llama-family decode layers' weight matrices.
SHAPES = [("1b_o", 2048, 2048), ("1b_qkv", 3072, 2048), ("1b_gate_up", 16384, 2048), ("1b_down", 2048, 8192),
          ("8b_o", 4096, 4096), ("8b_qkv", 6144, 4096), ("8b_gate_up", 28672, 4096), ("8b_down", 4096, 14336),
          ("70b_tp8_o", 8192, 1024), ("70b_tp8_qkv", 1280, 8192), ("70b_tp8_gate_up", 7168, 8192),
          ("70b_tp8_down", 8192, 3584), ("70b_qkv", 10240, 8192), ("70b_gate_up", 57344, 8192),
          ("small_1024", 1024, 1024), ("small_512", 512, 1024)]


def gemv_bf16():
    out = []
    for what, n, k in SHAPES:
        nbytes = 2 * n * k
        c = copies_for(nbytes)
        ws = [torch.randn(n, k, device=dev, dtype=torch.bfloat16) for _ in range(c)]
        for rows in (1, 8, 64):
            x = torch.randn(rows, k, device=dev, dtype=torch.bfloat16)
            ys = [None] * c
            def fn():
                for i in range(c):
                    ys[i] = x @ ws[i].t()
            t = graph_time(fn) / c
            r = {"what": what, "n": n, "k": k, "rows": rows, "weight_bytes": nbytes, "copies": c, "graph_s": t,
                 "GBps": nbytes / t / 1e9}
            if rows == 1:
                r["eager_s"] = eager_time(fn, iters=5) / c
            out.append(r)
        del ws
        torch.cuda.empty_cache()
    return out


def gemv_fp8():
    out = []
    one = torch.tensor(1.0, device=dev)
    for what, n, k in SHAPES:
        nbytes = n * k
        c = copies_for(nbytes)
        ws = [torch.randn(n, k, device=dev).to(torch.float8_e4m3fn) for _ in range(c)]
        x = torch.randn(16, k, device=dev).to(torch.float8_e4m3fn)
        ys = [None] * c
        def fn():
            for i in range(c):
                ys[i] = torch._scaled_mm(x, ws[i].t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
        t = graph_time(fn) / c
        out.append({"what": what, "n": n, "k": k, "rows": 16, "weight_bytes": nbytes, "copies": c, "graph_s": t,
                    "GBps": nbytes / t / 1e9})
        del ws
        torch.cuda.empty_cache()
    return out


def kernel_chain():
    out = []
    for shape in ((1, 4096), (64, 8192)):
        x = torch.zeros(shape, device=dev, dtype=torch.bfloat16)
        n = 400
        def fn():
            for _ in range(n):
                x.add_(1)
        out.append({"shape": list(shape), "kernels": n, "graph_s_per_kernel": graph_time(fn) / n,
                    "eager_s_per_kernel": eager_time(fn, iters=3) / n})
    return out


# (name, hidden, query heads, KV heads, ffn) of one GPU's share of a layer; head size 128.
LAYERS = [("llama-3.2-1b", 2048, 32, 8, 8192), ("llama-3-8b", 4096, 32, 8, 14336),
          ("llama-3-70b-tp8", 8192, 8, 1, 3584), ("llama-3-70b-tp2", 8192, 32, 4, 14336),
          ("llama-3-70b", 8192, 64, 8, 28672), ("llama-3.1-405b-tp8", 16384, 16, 1, 6656)]
D = 128


def make_layers(h, hq, hkv, f, count, batch, ctx):
    mk = lambda *s: torch.randn(*s, device=dev, dtype=torch.bfloat16) * 0.02
    ls = []
    for _ in range(count):
        ls.append({"n1": torch.ones(h, device=dev, dtype=torch.bfloat16), "n2": torch.ones(h, device=dev, dtype=torch.bfloat16),
                   "qkv": mk((hq + 2 * hkv) * D, h), "o": mk(h, hq * D), "gu": mk(2 * f, h), "down": mk(h, f),
                   "k": mk(batch, hkv, ctx, D), "v": mk(batch, hkv, ctx, D)})
    return ls


def layer_fwd(x, L, hq, hkv, cos, sin, pos):
    b, h = x.shape
    xn = F.rms_norm(x, (h,), L["n1"], 1e-5)
    qkv = xn @ L["qkv"].t()
    q, k, v = qkv.split([hq * D, hkv * D, hkv * D], -1)
    q, k, v = q.view(b, hq, 1, D), k.view(b, hkv, 1, D), v.view(b, hkv, 1, D)
    def rope(t):
        t1, t2 = t.chunk(2, -1)
        return t * cos + torch.cat((-t2, t1), -1) * sin
    q, k = rope(q), rope(k)
    L["k"].index_copy_(2, pos, k)
    L["v"].index_copy_(2, pos, v)
    if GQA_NATIVE:
        a = F.scaled_dot_product_attention(q, L["k"], L["v"], enable_gqa=True)
    else:  # each KV head repeated for its query heads (an extra copy of the cache)
        a = F.scaled_dot_product_attention(q, L["k"].repeat_interleave(hq // hkv, 1), L["v"].repeat_interleave(hq // hkv, 1))
    x = x + a.reshape(b, hq * D) @ L["o"].t()
    xn = F.rms_norm(x, (h,), L["n2"], 1e-5)
    g, u = (xn @ L["gu"].t()).chunk(2, -1)
    return x + (F.silu(g) * u) @ L["down"].t()


def gemms_only(ins, L):
    """The layer's four GEMMs alone, each on a static input of its shape."""
    xh, xq, xf = ins
    return (xh @ L["qkv"].t(), xq @ L["o"].t(), xh @ L["gu"].t(), xf @ L["down"].t())


def kernels_per_call(fn):
    from torch.profiler import profile, ProfilerActivity
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        fn()
        torch.cuda.synchronize()
    names = [e.name for e in p.events() if e.device_type == torch.autograd.DeviceType.CUDA]
    return len(names), sorted(set(n[:60] for n in names))


GQA_NATIVE = True


def check_gqa():
    """Whether SDPA takes grouped-query KV heads itself (enable_gqa) for a one-token query."""
    global GQA_NATIVE
    q = torch.randn(1, 8, 1, D, device=dev, dtype=torch.bfloat16)
    kv = torch.randn(1, 2, 64, D, device=dev, dtype=torch.bfloat16)
    try:
        F.scaled_dot_product_attention(q, kv, kv, enable_gqa=True)
        torch.cuda.synchronize()
    except Exception as ex:
        GQA_NATIVE = False
        return f"enable_gqa failed ({type(ex).__name__}: {str(ex)[:200]}); KV repeated"
    return "enable_gqa"


def decode_layers(compiled=False):
    out = [{"sdpa": check_gqa()}]
    cases = [(name, h, hq, hkv, f, b, ctx) for name, h, hq, hkv, f in LAYERS for b in (1, 8, 64) for ctx in (1024,)]
    cases += [("llama-3-8b", 4096, 32, 8, 14336, b, 8192) for b in (1, 8)]
    cases += [("llama-3-70b-tp8", 8192, 8, 1, 3584, b, 8192) for b in (1, 8)]
    if compiled:
        cases = [c for c in cases if c[6] == 1024 and (c[5] in (1, 64) or c[0].endswith("tp8"))]
    if compiled:  # one compilation a shape and batch: past dynamo's default limit (8) it runs eager
        torch._dynamo.config.recompile_limit = 64
    fwd = torch.compile(layer_fwd, dynamic=False) if compiled else layer_fwd
    for name, h, hq, hkv, f, b, ctx in cases:
        if compiled and time.time() - t_start > 200:
            out.append({"skipped": name, "batch": b, "reason": "time"})
            continue
        wbytes = 2 * (h * (hq + 2 * hkv) * D + h * hq * D + 2 * h * f + h * f)
        kvbytes = 2 * 2 * b * hkv * ctx * D
        count = max(4, min(32, math.ceil(1.5e9 / (wbytes + kvbytes))))
        ls = make_layers(h, hq, hkv, f, count, b, ctx)
        x = torch.randn(b, h, device=dev, dtype=torch.bfloat16)
        cos, sin = torch.randn(D, device=dev, dtype=torch.bfloat16), torch.randn(D, device=dev, dtype=torch.bfloat16)
        pos = torch.tensor([ctx - 1], device=dev)
        def run():
            y = x
            for L in ls:
                y = fwd(y, L, hq, hkv, cos, sin, pos)
            return y
        r = {"model": name, "hidden": h, "q_heads": hq, "kv_heads": hkv, "ffn": f, "batch": b, "context": ctx,
             "layers": count, "weight_bytes_per_layer": wbytes, "kv_bytes_per_layer": kvbytes}
        r["graph_s_per_layer"] = graph_time(run) / count
        if not compiled:
            ins = (x, torch.randn(b, hq * D, device=dev, dtype=torch.bfloat16),
                   torch.randn(b, f, device=dev, dtype=torch.bfloat16))
            def gemms():
                return [gemms_only(ins, L) for L in ls]
            r["gemms_graph_s_per_layer"] = graph_time(gemms) / count
            if b == 1 and ctx == 1024:
                r["eager_s_per_layer"] = eager_time(run, iters=5) / count
                r["kernels_per_layer"], r["kernel_names"] = kernels_per_call(lambda: layer_fwd(x, ls[0], hq, hkv, cos, sin, pos))
        else:
            r["kernels_per_layer"], _ = kernels_per_call(lambda: fwd(x, ls[0], hq, hkv, cos, sin, pos))
        out.append(r)
        print(f"{name} b={b} ctx={ctx}: {r['graph_s_per_layer'] * 1e6:.1f} us/layer", file=sys.stderr, flush=True)
        del ls
        torch.cuda.empty_cache()
    return out


def make_fp8_layers(h, hq, hkv, f, count, batch, ctx):
    """make_layers' layers with their four weight matrices in FP8 (e4m3, per-tensor scale 1)."""
    ls = make_layers(h, hq, hkv, f, count, batch, ctx)
    for L in ls:
        for k in ("qkv", "o", "gu", "down"):
            L[k] = L[k].to(torch.float8_e4m3fn)
    return ls


def mm8(x, w8, one):
    """x W^T with FP8 weights: the activations cast to e4m3, torch._scaled_mm, a bf16 result."""
    return torch._scaled_mm(x.to(torch.float8_e4m3fn), w8.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)


def layer_fwd_fp8(x, L, hq, hkv, cos, sin, pos, one):
    b, h = x.shape
    xn = F.rms_norm(x, (h,), L["n1"], 1e-5)
    qkv = mm8(xn, L["qkv"], one)
    q, k, v = qkv.split([hq * D, hkv * D, hkv * D], -1)
    q, k, v = q.view(b, hq, 1, D), k.view(b, hkv, 1, D), v.view(b, hkv, 1, D)
    def rope(t):
        t1, t2 = t.chunk(2, -1)
        return t * cos + torch.cat((-t2, t1), -1) * sin
    q, k = rope(q), rope(k)
    L["k"].index_copy_(2, pos, k)
    L["v"].index_copy_(2, pos, v)
    a = F.scaled_dot_product_attention(q, L["k"], L["v"], enable_gqa=True)
    x = x + mm8(a.reshape(b, hq * D).contiguous(), L["o"], one)
    xn = F.rms_norm(x, (h,), L["n2"], 1e-5)
    g, u = mm8(xn, L["gu"], one).chunk(2, -1)
    return x + mm8((F.silu(g) * u).contiguous(), L["down"], one)


def decode_layers_fp8(compiled):
    """The layer with FP8 weights (as TensorRT-LLM's and vLLM's FP8 checkpoints keep them; the KV
    cache stays bf16, SDPA's), batch 16 and 64 (torch._scaled_mm takes at least 16 rows), 1024
    cached tokens, replayed as a CUDA graph: eager ops, or under torch.compile."""
    if compiled:
        torch._dynamo.config.recompile_limit = 64
    fwd = torch.compile(layer_fwd_fp8, dynamic=False) if compiled else layer_fwd_fp8
    one = torch.tensor(1.0, device=dev)
    out = []
    for name, h, hq, hkv, f in LAYERS:
        for b in (16, 64):
            if time.time() - t_start > 240:
                out.append({"skipped": name, "batch": b, "reason": "time"})
                continue
            ctx = 1024
            wbytes = h * (hq + 2 * hkv) * D + h * hq * D + 2 * h * f + h * f
            kvbytes = 2 * 2 * b * hkv * ctx * D
            count = max(4, min(32, math.ceil(1.0e9 / (wbytes + kvbytes))))
            ls = make_fp8_layers(h, hq, hkv, f, count, b, ctx)
            x = torch.randn(b, h, device=dev, dtype=torch.bfloat16)
            cos, sin = torch.randn(D, device=dev, dtype=torch.bfloat16), torch.randn(D, device=dev, dtype=torch.bfloat16)
            pos = torch.tensor([ctx - 1], device=dev)
            def run():
                y = x
                for L in ls:
                    y = fwd(y, L, hq, hkv, cos, sin, pos, one)
                return y
            r = {"model": name, "hidden": h, "q_heads": hq, "kv_heads": hkv, "ffn": f, "batch": b, "context": ctx,
                 "layers": count, "weight_bytes_per_layer": wbytes, "kv_bytes_per_layer": kvbytes}
            r["graph_s_per_layer"] = graph_time(run) / count
            r["kernels_per_layer"], _ = kernels_per_call(lambda: fwd(x, ls[0], hq, hkv, cos, sin, pos, one))
            out.append(r)
            print(f"fp8 {'compiled ' if compiled else ''}{name} b={b}: {r['graph_s_per_layer'] * 1e6:.1f} us/layer",
                  file=sys.stderr, flush=True)
            del ls
            torch.cuda.empty_cache()
    return out


if "--only-fp8-layers" in sys.argv:
    section("decode_layers_fp8", lambda: decode_layers_fp8(False))
    section("decode_layers_fp8_compiled", lambda: decode_layers_fp8(True))
else:
    section("copy_sizes", copy_sizes)
    section("kernel_chain", kernel_chain)
    section("gemv_bf16", gemv_bf16)
    section("decode_layers", decode_layers)
    section("gemv_fp8", gemv_fp8)
    section("decode_layers_compiled", lambda: decode_layers(compiled=True))
res["seconds"] = time.time() - t_start
section("done", lambda: True)
