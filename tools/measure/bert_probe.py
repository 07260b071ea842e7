"""Measures BERT SQuAD fine-tuning steps on one GPU, the way NVIDIA DeepLearningExamples runs them.

Lambda's published BERT throughput (github.com/lambdal/deeplearning-benchmark) runs
DeepLearningExamples' PyTorch BERT (run_squad.py: --max_seq_length=384, --fp16 through apex amp
O2). This probe builds the same encoder from torch.nn ops with random weights, no network and no
checkpoint, and times its training step, so rigplan's step model can be compared with a step whose
every setting is known:
  - the model's own attention ops as BertSelfAttention writes them: separate query/key/value
    linears, head permutes, torch.matmul for the scores, scale, an added mask, softmax, dropout
    (0.1), torch.matmul for the context, permute and contiguous; GELU MLP; post-LN with dropout 0.1;
  - "o2": the model cast to fp16, fp32 master weights updated by fused AdamW, a static loss scale
    (apex amp O2 without its dynamic scale); "autocast": fp32 weights under torch.autocast fp16;
    "sdpa": o2 with F.scaled_dot_product_attention (dropout 0.1, no mask) for the attention core;
  - a span head (hidden x 2) and cross-entropy over start and end positions.
It also times the layer's GEMMs and the attention core's ops alone, and one profiled step's kernels.
Usage: python3 tools/measure/bert_probe.py out.json  (a CUDA GPU and PyTorch; the file is
rewritten after each section, so a run cut short keeps what it measured)
"""
import functools, math, sys
import torch
import torch.nn as nn
import torch.nn.functional as F

from probe_common import device_info, run_section, timed  # tools/measure/probe_common.py, beside this script

dev = torch.device("cuda")
res = device_info()


section = functools.partial(run_section, res, sys.argv[1])


class SelfAttention(nn.Module):
    def __init__(s, h, nh, sdpa):
        super().__init__()
        s.nh, s.d, s.sdpa = nh, h // nh, sdpa
        s.query, s.key, s.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)

    def heads(s, x):  # [b, s, h] -> [b, nh, s, d]
        b, t, _ = x.shape
        return x.view(b, t, s.nh, s.d).permute(0, 2, 1, 3)

    def forward(s, x, mask):
        q, v = s.heads(s.query(x)), s.heads(s.value(x))
        if s.sdpa:
            ctx = F.scaled_dot_product_attention(q, s.heads(s.key(x)), v, dropout_p=0.1)
        else:
            b, t, _ = x.shape
            k = s.key(x).view(b, t, s.nh, s.d).permute(0, 2, 3, 1)  # [b, nh, d, s]
            scores = torch.matmul(q, k) / math.sqrt(s.d) + mask
            probs = F.dropout(F.softmax(scores, dim=-1), 0.1, True)
            ctx = torch.matmul(probs, v)
        b, _, t, _ = ctx.shape
        return ctx.permute(0, 2, 1, 3).contiguous().view(b, t, s.nh * s.d)


class Layer(nn.Module):
    def __init__(s, h, nh, ffn, sdpa):
        super().__init__()
        s.attn, s.attn_out, s.ln1 = SelfAttention(h, nh, sdpa), nn.Linear(h, h), nn.LayerNorm(h, eps=1e-12)
        s.inter, s.out, s.ln2 = nn.Linear(h, ffn), nn.Linear(ffn, h), nn.LayerNorm(h, eps=1e-12)

    def forward(s, x, mask):
        x = s.ln1(F.dropout(s.attn_out(s.attn(x, mask)), 0.1, True) + x)
        return s.ln2(F.dropout(s.out(F.gelu(s.inter(x))), 0.1, True) + x)


class BertSquad(nn.Module):
    def __init__(s, layers, h, nh, ffn, sdpa=False, vocab=30522):
        super().__init__()
        s.word, s.pos, s.tok_type = nn.Embedding(vocab, h), nn.Embedding(512, h), nn.Embedding(2, h)
        s.ln = nn.LayerNorm(h, eps=1e-12)
        s.layers = nn.ModuleList(Layer(h, nh, ffn, sdpa) for _ in range(layers))
        s.qa = nn.Linear(h, 2)

    def forward(s, ids, types, mask):
        x = s.word(ids) + s.pos(torch.arange(ids.shape[1], device=ids.device)) + s.tok_type(types)
        x = F.dropout(s.ln(x), 0.1, True)
        for layer in s.layers:
            x = layer(x, mask)
        start, end = s.qa(x).split(1, dim=-1)
        return start.squeeze(-1), end.squeeze(-1)


def step_fn(m, mode, batch, seq):
    ids = torch.randint(0, 30522, (batch, seq), device=dev)
    types = torch.randint(0, 2, (batch, seq), device=dev)
    dt = torch.float16 if mode in ("o2", "sdpa") else torch.float32
    mask = torch.zeros(batch, 1, 1, seq, device=dev, dtype=dt)  # every token attended (padding aside)
    sp, ep = torch.randint(0, seq, (batch,), device=dev), torch.randint(0, seq, (batch,), device=dev)
    if mode in ("o2", "sdpa"):
        m.half()
    params = [p for p in m.parameters()]
    if mode in ("o2", "sdpa"):
        master = [p.detach().float().clone().requires_grad_(True) for p in params]
        opt = torch.optim.AdamW(master, lr=1e-5, fused=True)
    else:
        opt = torch.optim.AdamW(params, lr=1e-5, fused=True)
    scale = 128.0

    def step():
        with torch.autocast("cuda", dtype=torch.float16, enabled=(mode == "autocast")):
            s, e = m(ids, types, mask)
        loss = (F.cross_entropy(s.float(), sp) + F.cross_entropy(e.float(), ep)) / 2
        (loss * scale).backward()
        if mode in ("o2", "sdpa"):
            for mp, p in zip(master, params):
                mp.grad = p.grad.float() if p.grad is not None else torch.zeros_like(mp)
            torch._foreach_mul_([mp.grad for mp in master], 1.0 / scale)
            opt.step()
            with torch.no_grad():
                copy_back(params, master)
            for mp in master:
                mp.grad = None
            m.zero_grad(set_to_none=True)
        else:
            torch._foreach_mul_([p.grad for p in params], 1.0 / scale)
            opt.step()
            opt.zero_grad(set_to_none=True)

    return step


def copy_back(dst, src):
    try:
        torch._foreach_copy_(dst, src)
    except (AttributeError, RuntimeError):
        for d, s in zip(dst, src):
            d.copy_(s)


CONFIGS = {"large": (24, 1024, 16, 4096), "base": (12, 768, 12, 3072)}


def train(name, batch, mode, seq=384):
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    r = {"model": name, "batch": batch, "seq": seq, "mode": mode}
    try:
        m = BertSquad(*CONFIGS[name], sdpa=(mode == "sdpa")).to(dev)
        r["params"] = sum(p.numel() for p in m.parameters())
        step = step_fn(m, mode, batch, seq)
        r["step_s"] = timed(step, iters=8, warm=3)
        r["seqs_per_s"] = batch / r["step_s"]
        r["peak_allocated_bytes"] = torch.cuda.max_memory_allocated()
        del m, step
    except torch.cuda.OutOfMemoryError:
        r["out_of_memory"] = True
    torch.cuda.empty_cache()
    print(f"train {name} b={batch} {mode}: {r.get('seqs_per_s')}", file=sys.stderr, flush=True)
    return r


section("train", lambda: [train("large", 112, "o2"), train("base", 320, "o2"),
                          train("large", 64, "o2"), train("large", 28, "o2"), train("large", 48, "o2"),
                          train("base", 192, "o2"), train("base", 96, "o2"),
                          train("large", 28, "autocast"), train("large", 112, "sdpa"),
                          train("base", 320, "sdpa")])


def gemm(m, n, k):
    a = torch.randn(m, k, device=dev, dtype=torch.float16)
    b = torch.randn(k, n, device=dev, dtype=torch.float16)
    t = timed(lambda: a @ b, iters=20)
    return {"m": m, "n": n, "k": k, "s": t, "tflops": 2 * m * n * k / t / 1e12}


def layer_ops(name, batch, seq=384):
    L, h, nh, ffn = CONFIGS[name]
    tok, d = batch * seq, h // nh
    out = {"model": name, "batch": batch, "gemms": [gemm(tok, h, h), gemm(tok, ffn, h), gemm(tok, h, ffn)]}
    q = torch.randn(batch, nh, seq, d, device=dev, dtype=torch.float16)
    k = torch.randn(batch, nh, d, seq, device=dev, dtype=torch.float16)
    sc = torch.randn(batch, nh, seq, seq, device=dev, dtype=torch.float16)
    mask = torch.zeros(batch, 1, 1, seq, device=dev, dtype=torch.float16)
    out["scores_s"] = timed(lambda: torch.matmul(q, k), iters=20)
    out["context_s"] = timed(lambda: torch.matmul(sc, q), iters=20)
    out["softmax_s"] = timed(lambda: F.softmax(sc, dim=-1), iters=20)
    out["dropout_s"] = timed(lambda: F.dropout(sc, 0.1, True), iters=20)
    out["scale_mask_s"] = timed(lambda: sc / 8.0 + mask, iters=20)
    out["score_bytes"] = sc.numel() * 2
    x = torch.randn(tok, h, device=dev, dtype=torch.float16)
    ln = nn.LayerNorm(h, eps=1e-12).to(dev).half()
    out["layernorm_s"] = timed(lambda: ln(x), iters=20)
    xf = torch.randn(tok, ffn, device=dev, dtype=torch.float16)
    out["gelu_s"] = timed(lambda: F.gelu(xf), iters=20)
    out["hidden_bytes"] = x.numel() * 2
    return out


section("layer_ops", lambda: [layer_ops("large", 112), layer_ops("base", 320), layer_ops("large", 28)])


def profile(name, batch, mode="o2"):
    m = BertSquad(*CONFIGS[name]).to(dev)
    step = step_fn(m, mode, batch, 384)
    for _ in range(2):
        step()
    torch.cuda.synchronize()
    from torch.profiler import profile as prof, ProfilerActivity
    with prof(activities=[ProfilerActivity.CUDA]) as p:
        step()
        torch.cuda.synchronize()
    rows = []
    for ev in p.key_averages():
        t = getattr(ev, "device_time_total", None)
        if t is None:
            t = getattr(ev, "cuda_time_total", 0)
        if t > 0:
            rows.append({"name": ev.key[:160], "us": t, "count": ev.count})
    rows.sort(key=lambda r: -r["us"])
    del m, step
    return {"model": name, "batch": batch, "mode": mode, "kernels": rows[:80],
            "total_us": sum(r["us"] for r in rows)}


section("profile", lambda: [profile("large", 112), profile("base", 320)])
