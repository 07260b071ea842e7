"""Compares rigplan's predictions with a GPU probe (tools/measure/gpu_probe.py): for each measured
GPT training step, `rigplan size` on the same model (its nn.Linear layers carry biases), GPU, micro-batch and framework (plain PyTorch
AMP with fused AdamW = the `hf` framework's accounting: fp32 weights, gradients and Adam states).
Prints a Markdown table of step time and peak memory, measured against predicted.
Usage: python3 tools/measure/compare_probe.py PROBE.json GPU_PART [--check STEP_TOL MEM_TOL] [--rigplan PATH]
       [--perf NAME=VALUE]... [--kernels framework|fused|eager]
--perf passes a constant of the performance model to every `rigplan size` (to compare with and
without one: `--perf gemm_knee_k=0`); --kernels how the layers run (a torch.compile'd probe,
tools/measure/compile_probe.py: fused).
With --check, exits 1 when a row's error exceeds the tolerances (fractions), or a model that ran
out of memory is predicted to fit (or one that ran is predicted not to).
"""
import json, subprocess, sys

probe_file, gpu = sys.argv[1], sys.argv[2]
check = "--check" in sys.argv
if check:
    i = sys.argv.index("--check")
    step_tol, mem_tol = float(sys.argv[i + 1]), float(sys.argv[i + 2])
rigplan = sys.argv[sys.argv.index("--rigplan") + 1] if "--rigplan" in sys.argv else "build/rigplan"
perf = [a for i, a in enumerate(sys.argv) if i > 0 and sys.argv[i - 1] == "--perf"]
kernels = sys.argv[sys.argv.index("--kernels") + 1] if "--kernels" in sys.argv else "framework"
probe = json.load(open(probe_file))
rows, bad = [], []
print(f"{probe['gpu']}, PyTorch {probe['torch']} (CUDA {probe['cuda']}); rigplan part {gpu}\n")
print("| model | params | micro-batch x seq | step measured | step predicted | error | peak memory measured | predicted | error |")
print("|---|---|---|---|---|---|---|---|---|")
for r in probe["train_gpt_amp_adamw"]:
    params = r.get("params") or 0
    if not params:  # a model that did not even build: params from the shape (12 L h^2 + vocab h)
        params = 12 * r["layers"] * r["hidden"] ** 2 + r["vocab"] * r["hidden"]
    cmd = [rigplan, "size", "--params", str(params), "--layers", str(r["layers"]),
           "--hidden", str(r["hidden"]), "--heads", str(r["heads"]), "--ffn", str(4 * r["hidden"]),
           "--vocab", str(r["vocab"]), "--linear-bias", "--seq", str(r["seq"]), "--micro-batch", str(r["micro_batch"]),
           "--batch", str(r["micro_batch"]), "--gpu", gpu, "--framework", "hf", "--kernels", kernels, "--format", "json"]
    for p in perf:
        cmd += ["--perf", p]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 1):  # 1: does not fit, still a full answer
        sys.exit(f"{' '.join(cmd)}: exit {run.returncode}: {run.stderr}")
    d = json.loads(run.stdout)
    name = f"h{r['hidden']} L{r['layers']}"
    mem_p = d["memory"]["per_gpu"]["total_bytes"]
    if r.get("out_of_memory"):
        print(f"| {name} | {params/1e9:.2f} B | {r['micro_batch']} x {r['seq']} | out of memory | "
              f"{'fits' if d['fits'] else 'does not fit'} | | | {mem_p/2**30:.1f} GiB | |")
        if d["fits"]:
            bad.append(f"{name}: ran out of memory, predicted to fit")
        continue
    step_m, step_p = r["step_s"], d["performance"]["step_seconds"]
    mem_m = r["peak_allocated_bytes"]
    es, em = step_p / step_m - 1, mem_p / mem_m - 1
    print(f"| {name} | {params/1e9:.2f} B | {r['micro_batch']} x {r['seq']} | {step_m*1e3:.1f} ms | {step_p*1e3:.1f} ms | "
          f"{es*100:+.1f} % | {mem_m/2**30:.1f} GiB | {mem_p/2**30:.1f} GiB | {em*100:+.1f} % |")
    if not d["fits"]:
        bad.append(f"{name}: ran, predicted not to fit")
    if check and (abs(es) > step_tol or abs(em) > mem_tol):
        bad.append(f"{name}: step {es*100:+.1f} %, memory {em*100:+.1f} % (tolerance {step_tol*100:.0f} % / {mem_tol*100:.0f} %)")
    rows.append((abs(es), abs(em)))
if rows:
    print(f"\nmean absolute error: step {sum(a for a, _ in rows)/len(rows)*100:.1f} %, "
          f"memory {sum(b for _, b in rows)/len(rows)*100:.1f} %")
for b in bad:
    print("FAIL", b, file=sys.stderr)
sys.exit(1 if (check and bad) else 0)
