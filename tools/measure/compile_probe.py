"""Measures GPT training steps with and without torch.compile on one GPU, to compare with
`rigplan size --framework hf --kernels fused` and `--kernels framework` (eager PyTorch ops).

The model is tools/measure/gpu_probe.py's (probe_common.GPT: bf16 autocast over fp32 weights, SDPA
attention, fused AdamW, random weights, no network). Each model is timed eager, then wrapped in
torch.compile (default mode: TorchInductor fuses the norms, residual adds, activation and casts
into Triton kernels) and timed again after its compilation. Writes two files in gpu_probe.py's
format (key train_gpt_amp_adamw), so tools/measure/compare_probe.py reads either:
Usage: python3 tools/measure/compile_probe.py eager.json compiled.json
"""
import json, sys, time
import torch

from probe_common import GPT, device_info, gpt_step, timed  # tools/measure/probe_common.py, beside this script

dev = torch.device("cuda")
head = device_info()
out = {"eager": dict(head, train_gpt_amp_adamw=[]), "compiled": dict(head, train_gpt_amp_adamw=[], compile="torch.compile, default mode")}


def run(h, layers, nh, seq, mb, compiled):
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    r = {"hidden": h, "layers": layers, "heads": nh, "seq": seq, "micro_batch": mb, "vocab": 50304}
    try:
        base = GPT(h, layers, nh, ctx=seq).to(dev)
        r["params"] = sum(p.numel() for p in base.parameters())
        m = torch.compile(base) if compiled else base
        opt = torch.optim.AdamW(base.parameters(), lr=1e-4, fused=True)
        idx = torch.randint(0, 50304, (mb, seq), device=dev)
        step = gpt_step(m, opt, idx)

        t0 = time.time()
        step()
        torch.cuda.synchronize()
        r["first_step_s"] = time.time() - t0  # the compilation, when compiled
        r["step_s"] = timed(step, iters=5, warm=2)
        r["peak_allocated_bytes"] = torch.cuda.max_memory_allocated()
        r["tokens_per_s"] = mb * seq / r["step_s"]
        del m, base, opt
    except torch.cuda.OutOfMemoryError:
        r["out_of_memory"] = True
    except Exception as ex:  # a compile failure is reported, the other rows still run
        r["error"] = f"{type(ex).__name__}: {ex}"[:300]
    torch.cuda.empty_cache()
    print(f"h={h} L={layers} {'compiled' if compiled else 'eager'}: {r.get('step_s')}", file=sys.stderr, flush=True)
    return r


for cfg in ((768, 12, 12, 1024, 16), (1024, 24, 16, 1024, 8), (2048, 24, 16, 2048, 4), (2560, 32, 32, 2048, 2)):
    for compiled in (False, True):
        r = run(*cfg, compiled)
        if "step_s" in r or "out_of_memory" in r:
            out["compiled" if compiled else "eager"]["train_gpt_amp_adamw"].append(r)
        else:
            out["compiled" if compiled else "eager"].setdefault("errors", []).append(r)
        for key, path in (("eager", sys.argv[1]), ("compiled", sys.argv[2])):
            with open(path, "w") as f:
                json.dump(out[key], f, indent=1)
