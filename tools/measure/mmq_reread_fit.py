"""A calculation beside the performance model, not part of it: would llama.cpp's MMQ prefill be
described better with a second term, the weights re-read from memory once per 128-token tile
(ggml/src/ggml-cuda/mmq.cuh, get_mmq_x_max_host: 128 where int8 MMA exists)?

Reads the scoreboard's pp512 rows (Llama 2 7B Q4_0, tests/validation/mmq_scoreboard.hpp and the
RTX 2080 Ti row of tests/validation/fit_inference.hpp) and the catalog's dense INT8 peaks and
bandwidths, and fits a 512-token micro-batch's time as
    weight FLOPs / (share x INT8 peak) + reads x weight bytes / (0.8 x bandwidth)
by least mean absolute error, with reads = 0 (one term) and free. Prints both fits, each card's
error under them, and the DGX Spark's Qwen2.5 7B Q8_0 pp2048 (micro-batches of 2048 tokens, so
reads x 4 a micro-batch) at an assumed INT8 peak of 237 and 250 TOPS.
Usage: python3 tools/measure/mmq_reread_fit.py [REPO_ROOT]
"""
import glob, json, os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
gpus = {}
for f in glob.glob(os.path.join(root, "data/catalog/*.json")):
    doc = json.load(open(f))
    for p in doc.get("parts", []) if isinstance(doc, dict) else doc:
        if isinstance(p, dict) and p.get("kind") == "gpu":
            gpus[p["id"]] = p
rows = re.findall(r'\{"llama\.cpp scoreboard: Llama 2 7B Q4_0 pp512, ([^"]+)", "([^"]+)", ([\d.]+)\}',
                  open(os.path.join(root, "tests/validation/mmq_scoreboard.hpp")).read())
fit = re.search(r'pcie_host\("(nvidia-rtx-2080-ti-fe)", 1, true\), ([\d.]+)',
                open(os.path.join(root, "tests/validation/fit_inference.hpp")).read())
rows.append(("RTX 2080 Ti (9c35706)", fit.group(1), fit.group(2)))

matrices = 6.74e9 - 32000 * 4096   # Llama 2 7B: every weight but the token embedding is multiplied
flops, weight_bytes = 2 * matrices * 512, matrices * 4.5 / 8  # Q4_0: 4.5 bits a weight
data = [(label, 512 / float(tps), gpus[g]["tflops"]["int8"] * 1e12, gpus[g]["memory_bandwidth_gb_s"] * 1e9 * 0.8)
        for label, g, tps in rows]


def errors(share, reads):
    return [(flops / (share * int8) + reads * weight_bytes / bw) / t - 1 for _, t, int8, bw in data]


def mean_abs(e):
    return sum(abs(x) for x in e) / len(e)


shares = [x / 1000 for x in range(150, 601)]
one = min(((mean_abs(errors(a, 0)), a, 0.0) for a in shares))
two = min(((mean_abs(errors(a, b / 4)), a, b / 4) for a in shares[::5] for b in range(0, 81)))
for name, (m, a, b) in (("one term", one), ("two terms", two)):
    print(f"{name}: share {a:.3f}, reads per 512-token micro-batch {b:.2f}, mean absolute error of the times {100 * m:.1f} %")
    print("  " + ", ".join(f"{label.split(' (')[0]} {100 * e:+.1f} %" for (label, *_), e in zip(data, errors(a, b))))
qwen = 7.62e9 - 152064 * 3584      # Qwen2.5 7B: untied embeddings, the token embedding not multiplied
for name, (m, a, b) in (("one term", one), ("two terms", two)):
    for int8 in (237e12, 250e12):
        t = 2 * qwen * 2048 / (a * int8) + b * 4 * qwen * 8.5 / 8 / (273e9 * 0.8)
        print(f"DGX Spark, Qwen2.5 7B Q8_0 pp2048, {name}, INT8 {int8 / 1e12:.0f} TOPS: {2048 / t:.0f} tokens/s (published 2276)")
