#!/bin/bash
# One GPU machine's captures for rigplan's tests: the inspect reports idle and under load,
# the probe of tools/measure/gpu_probe.py, and the software versions. Writes under $OUT (or ./out).
set -u
out=${OUT:-out}; mkdir -p "$out"
{ nvidia-smi; nvidia-smi --version; python3 -c 'import torch; print(torch.__version__, torch.version.cuda)'; which nvcc; lsb_release -a; uname -a; } > "$out/env.txt" 2>&1
tools/collect-reports.sh "$out/idle" 2> "$out/idle.log"
nvidia-smi topo -p2p r > "$out/idle/topo-p2p-r.txt" 2>&1
nvidia-smi -q > "$out/idle/nvidia-smi-q.txt" 2>&1
# Load: bf16 matmuls for 25 s, captured after 12 s.
python3 -c '
import torch, time
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
t = time.time()
while time.time() - t < 25:
    for _ in range(50): b = a @ a
    torch.cuda.synchronize()
' > "$out/load.log" 2>&1 &
load=$!
sleep 12
tools/collect-reports.sh "$out/busy" 2> "$out/busy.log"
nvidia-smi -q > "$out/busy/nvidia-smi-q.txt" 2>&1
wait $load
timeout 270 python3 tools/measure/gpu_probe.py "$out/probe.json" 2> "$out/probe.log"
echo "probe rc=$?" >> "$out/probe.log"
