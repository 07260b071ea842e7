"""What the GPU probes share (tools/measure/gpu_probe.py, compile_probe.py, bert_probe.py): the GPU
and software they ran on, a timer of CUDA work by CUDA events, sections that save what they
measured as they go, and the GPT model gpu_probe.py and compile_probe.py train — pre-LN
blocks with PyTorch's scaled_dot_product_attention (causal), a GELU MLP of 4x the hidden size,
learned positions and an output layer tied to the token embedding, built from torch.nn with
random weights.
"""
import json
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


def device_info():
    """The GPU and the software a probe ran on, the head of its JSON file."""
    return {"torch": torch.__version__, "cuda": torch.version.cuda, "gpu": torch.cuda.get_device_name(0),
            "capability": list(torch.cuda.get_device_capability(0)),
            "memory_bytes": torch.cuda.get_device_properties(0).total_memory}


def run_section(res, path, name, fn):
    """res[name] = fn(), or the error it raised (so the other sections still run); then rewrites
    `path` with everything measured so far, so a run cut short keeps it."""
    try:
        res[name] = fn()
    except Exception as ex:
        res[name] = {"error": f"{type(ex).__name__}: {ex}"[:400]}
    torch.cuda.empty_cache()
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    print(f"{name} done", file=sys.stderr, flush=True)


def timed(fn, iters=20, warm=3):
    """Seconds per call of fn: `warm` untimed calls, then the mean of `iters` between CUDA events."""
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(iters):
        fn()
    e.record()
    torch.cuda.synchronize()
    return s.elapsed_time(e) / 1e3 / iters


class Block(nn.Module):
    def __init__(s, h, nh):
        super().__init__()
        s.nh, s.ln1, s.ln2 = nh, nn.LayerNorm(h), nn.LayerNorm(h)
        s.qkv, s.proj = nn.Linear(h, 3 * h), nn.Linear(h, h)
        s.fc, s.out = nn.Linear(h, 4 * h), nn.Linear(4 * h, h)

    def forward(s, x):
        b, t, h = x.shape
        q, k, v = s.qkv(s.ln1(x)).view(b, t, 3, s.nh, h // s.nh).permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, h)
        x = x + s.proj(a)
        return x + s.out(F.gelu(s.fc(s.ln2(x))))


class GPT(nn.Module):
    def __init__(s, h, layers, nh, vocab=50304, ctx=2048):
        super().__init__()
        s.wte, s.wpe = nn.Embedding(vocab, h), nn.Embedding(ctx, h)
        s.blocks = nn.ModuleList(Block(h, nh) for _ in range(layers))
        s.ln = nn.LayerNorm(h)

    def forward(s, idx):
        x = s.wte(idx) + s.wpe(torch.arange(idx.shape[1], device=idx.device))
        for blk in s.blocks:
            x = blk(x)
        return F.linear(s.ln(x), s.wte.weight)  # tied head


def gpt_step(m, opt, idx, vocab=50304):
    """One training step of a GPT as the probes run it: bf16 autocast over fp32 weights, the loss
    on fp32 logits, backward, the optimizer's step."""
    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = F.cross_entropy(m(idx).float().view(-1, vocab), idx.view(-1))
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
    return step
