# `rigplan sweep`: output, shards that concatenate to the whole, -j independence, bad specs.
run sweep examples/sweeps/power-limit-us-circuit.json
expect_exit 0
expect_golden sweep-power-limit.csv
cp "$OUT" "$WORK/whole.csv"

# Shards: concatenated in order, minus repeated headers, they are exactly the unsharded output.
: >"$WORK/joined.csv"
for i in 1 2 3 4 5; do
  run sweep examples/sweeps/power-limit-us-circuit.json --shard $i/5
  expect_exit 0
  if [ $i = 1 ]; then cat "$OUT" >>"$WORK/joined.csv"; else tail -n +2 "$OUT" >>"$WORK/joined.csv"; fi
done
cmp -s "$WORK/whole.csv" "$WORK/joined.csv" || fail "shards do not concatenate to the unsharded output"

# The order does not depend on the number of threads.
run sweep examples/sweeps/power-limit-us-circuit.json -j 1
cmp -s "$WORK/whole.csv" "$OUT" || fail "-j 1 output differs"
run sweep examples/sweeps/power-limit-us-circuit.json -j 7
cmp -s "$WORK/whole.csv" "$OUT" || fail "-j 7 output differs"

run sweep examples/sweeps/llama-3-70b-zero-seq.json --format jsonl
expect_exit 0
python3 - "$OUT" <<'PY' || fail "JSON Lines rows are not one object per point in order"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["point"] for r in rows] == list(range(12)), rows
assert rows[0]["zero"] == 0 and rows[0]["seq"] == 2048 and rows[1]["seq"] == 4096
PY

run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=1..3' --zip --set 'outlet=us-120v-15a,us-120v-20a,eu-230v-16a' --metrics verdict
expect_exit 0
expect_stdout_contains "3,eu-230v-16a,"

# Bad specs exit 2 before any work, with nothing on stdout.
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].powr_limit_w=250..300:25'
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'did you mean "power_limit_w"'
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=4..1'
expect_exit 2; expect_stdout_empty; expect_stderr_contains "the range 4..1 is empty"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=250..350:0'
expect_exit 2; expect_stdout_empty; expect_stderr_contains "a step of 0"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=1..1000000' --set 'memory[0].count=1..1000000'
expect_exit 2; expect_stdout_empty; expect_stderr_contains "split it with --shard I/N or cap it with --limit N"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=1..2' --metrics power.peak_watts
expect_exit 2; expect_stderr_contains "--metrics power.peak_watts: no such value"
# schema_version 2 renamed power.peak_w (it held the sustained load): the old name says so
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=1..2' --metrics power.peak_w
expect_exit 2; expect_stderr_contains "--metrics power.peak_w: renamed power.sustained_w in the check output's schema_version 2"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=0..2'
expect_exit 2; expect_stderr_contains "/gpus/0/count: 0 is below the minimum 1"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=1..2' --shard 3/2
expect_exit 2
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=1..2' --zip --set 'outlet=us-120v-15a'
expect_exit 2; expect_stderr_contains "--zip pairs axes of equal length"

# --plot: a self-contained SVG with a series per outlet and axes labelled with units; a bad plot
# spec is exit 2 before any output.
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=200..350:50' --set outlet=us-120v-15a,eu-230v-16a --metrics verdict,power.wall_w --plot "$WORK/plot.svg"
expect_exit 0
python3 - "$WORK/plot.svg" <<'PY' || fail "plot.svg is not the expected SVG"
import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg"
assert len(root.findall(ns + "polyline")) == 2
texts = [t.text for t in root.iter(ns + "text")]
assert "GPU power limit (W)" in texts and "Power drawn from the wall (W)" in texts and "us-120v-15a" in texts
assert "Power drawn from the wall against GPU power limit, by Outlet" in texts and "Outlet" in texts  # title; legend title
assert not root.findall(ns + "script")
PY
# --plot-log: a log axis says so; a bad value is refused
run sweep examples/sweeps/cluster-size-vs-time.json --metrics training.days --plot "$WORK/log.svg" --plot-log xy
expect_exit 0
grep -q "Time to train (days), log scale" "$WORK/log.svg" || fail "--plot-log y: no log axis"
run sweep examples/sweeps/cluster-size-vs-time.json --metrics training.days --plot "$WORK/log.svg" --plot-log z
expect_exit 2
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=200..350:50' --plot "$WORK/bad.svg" --plot-y verdict
expect_exit 2; expect_stdout_empty; expect_stderr_contains "--plot-y"
[ ! -e "$WORK/bad.svg" ] || fail "a plot was written for a bad spec"

# A spec names its own plot: each shipped example draws the metric that answers its question
# (a y that varies, never the yes/no "fits"), and a flag overrides the spec key by key.
run sweep examples/sweeps/llama-3-70b-zero-seq.json --plot "$WORK/zero.svg"
expect_exit 0
grep -q "by Sequence length" "$WORK/zero.svg" && grep -q "Memory per GPU" "$WORK/zero.svg" || fail "zero-seq example: not its named plot"
run sweep examples/sweeps/cluster-size-vs-time.json --plot "$WORK/days.svg"
expect_exit 0
grep -q "Time to train (days), log scale" "$WORK/days.svg" || fail "cluster example: not its named log plot"
run sweep examples/sweeps/llama-3-8b-tp-mfu.json --plot "$WORK/tp.svg"
expect_exit 0
grep -q "Predicted MFU against Tensor-parallel degree, by Sequence parallelism" "$WORK/tp.svg" || fail "tp example: not its named plot"
run sweep examples/sweeps/llama-3-8b-tp-mfu.json --plot "$WORK/tp.svg" --plot-y performance.step_seconds
expect_exit 0
grep -q "Step time against Tensor-parallel degree" "$WORK/tp.svg" || fail "--plot-y did not override the spec's y"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=200..350:50' --metrics verdict,power.wall_w --plot "$WORK/one.svg"
expect_exit 0

# Cluster sweeps: time-to-train halves as the cluster doubles (compute-bound at these sizes),
# the fabric grows a level, and shards still concatenate to the whole.
run sweep examples/sweeps/cluster-size-vs-time.json --format jsonl
expect_exit 0
cp "$OUT" "$WORK/cluster.jsonl"
python3 - "$OUT" <<'PY' || fail "cluster sweep rows are not what the example promises"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["nodes"] for r in rows] == [8, 16, 32, 64, 128, 256, 512, 1024, 2048], rows
assert all(r["gpus"] == 8 * r["nodes"] for r in rows)
for a, b in zip(rows, rows[1:]):
    assert 0.45 < b["training.days"] / a["training.days"] < 0.55, (a, b)
    assert b["fabric.levels"] >= a["fabric.levels"] and b["power.racks"] > a["power.racks"]
assert rows[0]["fabric.levels"] < rows[-1]["fabric.levels"]
PY
: >"$WORK/cluster-joined.jsonl"
for i in 1 2 3; do
  run sweep examples/sweeps/cluster-size-vs-time.json --format jsonl --shard $i/3
  cat "$OUT" >>"$WORK/cluster-joined.jsonl"
done
cmp -s "$WORK/cluster.jsonl" "$WORK/cluster-joined.jsonl" || fail "cluster shards do not concatenate to the whole"
run sweep --cluster '{"node": "nvidia-dgx-h100", "nodes": 2}' --set 'oversubscriptoin=1,2'
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'did you mean "oversubscription"'
run sweep --cluster '{"node": "nvidia-dgx-h100", "nodes": 2}' --set 'nodes=1..4' --metrics training.weeks
expect_exit 2; expect_stderr_contains "--metrics training.weeks: no such value"

# Predicted MFU falls as tensor parallelism grows on one node (the TP all-reduces grow).
run sweep examples/sweeps/llama-3-8b-tp-mfu.json --format jsonl
expect_exit 0
python3 - "$OUT" <<'PY' || fail "predicted MFU does not fall with tensor parallelism"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if not json.loads(l)["sp"]]
mfu = [r["performance.mfu"] for r in rows]
assert [r["tp"] for r in rows] == [1, 2, 4, 8] and mfu == sorted(mfu, reverse=True) and mfu[-1] < mfu[0], mfu
PY
