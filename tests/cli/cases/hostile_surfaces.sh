# Hostile inputs to the surfaces added since issue 19 (issue 28): inspect's saved reports, --report,
# --plot, --emit, price_updates, completion, man, --perf. Large shapes are made here at test time
# by tools/make_hostile_surfaces.py from real captures. Each must end with its contract's exit code,
# in bounded time and under 1 GiB — never a signal, never raw control characters on a terminal,
# never a temporary file left behind. Time bounds are hang guards (see hostile_inputs.sh).
SRC=$PWD
H=$(mktemp -d)
LIMIT_AS="ulimit -v 1300000"; SLOW=1; HANG_GUARD=6
if ! ( ulimit -v 1300000; "$RIGPLAN" --version ) >/dev/null 2>&1; then LIMIT_AS=":"; SLOW=20; fi
python3 "$SRC/tools/make_hostile_surfaces.py" "$SRC" "$H" || fail "make_hostile_surfaces.py failed"
run_h() {
  local secs=5
  if [ "$1" != "--" ]; then secs=$1; shift; fi
  shift
  secs=$((secs * SLOW * HANG_GUARD))
  LAST="rigplan $*"
  ( $LIMIT_AS; exec timeout "$secs" "$RIGPLAN" "$@" ) >"$OUT" 2>"$ERR"
  CODE=$?
  [ "$CODE" -ne 124 ] || fail "did not finish within $secs s"
  [ "$CODE" -lt 128 ] || fail "killed by signal $((CODE - 128))"
  ! grep -q "std::bad_alloc\|terminate called\|internal error" "$ERR" || fail "aborted"
}
bad_in() { expect_exit 2; expect_stdout_empty; [ -z "${1:-}" ] || expect_stderr_contains "$1"; }
no_temps() { [ -z "$(find "$1" -name '.*.tmp-*')" ] || fail "temporary files left in $1"; }
# Succeeds when the file holds a control character other than tab and line feed.
raw_controls() { python3 -c "import sys; d=open(sys.argv[1],'rb').read(); sys.exit(0 if any(c < 32 and c not in (9, 10) for c in d) else 1)" "$1"; }
valid_json() { python3 -c "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))" "$1" || fail "$1 is not valid UTF-8 JSON"; }

# 1. Bytes that are not UTF-8 (a Latin-1 CPU model, a GPU name cut inside a character, a --from
# directory whose name is not UTF-8): JSON out replaces them with U+FFFD, the build written with
# --emit is one `check` reads, nothing is left behind.
BADDIR=$(printf '%s/r\xe9ports-\xc3' "$H"); cp -r "$H/latin1" "$BADDIR"
for d in "$H/latin1" "$BADDIR"; do
  rm -f "$H/asbuilt.json"
  run_h -- inspect --from "$d" --emit "$H/asbuilt.json" --format json
  [ "$CODE" -le 1 ] || fail "exit $CODE"
  valid_json "$OUT"; valid_json "$H/asbuilt.json"
  run_h -- check "$H/asbuilt.json"; [ "$CODE" -le 1 ] || fail "check refuses what inspect --emit wrote"
  run_h -- inspect --from "$d"; [ "$CODE" -le 1 ] || fail "text: exit $CODE"
  expect_stdout_contains '\xe9'
done
no_temps "$H"

# 2. Past inspect's limits: refused with exit 2, naming the file (docs/limits.md).
run_h -- inspect --from "$H/many-gpus" --format json; bad_in "nvidia-smi-q.xml"; expect_stderr_contains "more than 256 GPUs"
run_h -- inspect --from "$H/big-topo" --format json; bad_in "topo-m.txt:1:"; expect_stderr_contains "more than 256 GPUs"
run_h -- inspect --from "$H/long-nvlink" --format json; bad_in "nvlink-s.txt:"; expect_stderr_contains "more than 64 links"
run_h -- inspect --from "$H/many-nvlink-gpus" --format json; bad_in "nvlink-s.txt:"
run_h -- inspect --from "$H/long-name" --format json; bad_in "nvidia-smi-q.xml:"; expect_stderr_contains "KiB"
run_h -- inspect --from "$H/long-name-lspci" --format json; bad_in "lspci-vv.txt:1:"
run_h -- inspect --from "$H/huge-power" --format json; bad_in "power_limit"
run_h -- inspect --from "$H/huge-memtotal" --format json; bad_in "meminfo:1:"
# The largest report the limits admit: 256 GPUs of 512-byte names, 16,384 PCI functions (the
# GPUs matched to lspci by bus id); under the memory bound, and --emit round-trips.
run_h 10 -- inspect --from "$H/max-gpus" --emit "$H/max.json" --format json
[ "$CODE" -le 1 ] || fail "exit $CODE"
valid_json "$OUT"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d['inspect']['gpus']) == 256" "$OUT" 2>/dev/null ||
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d" "$OUT" || fail "no inspect document"
run_h -- check "$H/max.json"; [ "$CODE" -le 1 ] || fail "check refuses what inspect --emit wrote (notes)"
[ "$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['notes']))" "$H/max.json")" -le 65536 ] || fail "notes not capped"
run_h 10 -- inspect --from "$H/max-gpus"; [ "$CODE" -le 1 ] || fail "text: exit $CODE"
! raw_controls "$OUT" || fail "raw control characters in text output"

# 3. A command that never answers (a GPU fallen off the bus) is killed after --command-timeout and
# reported as timed out; the other reports are still read.
mkdir "$H/bin"
printf '#!/bin/sh\nexec sleep 613\n' >"$H/bin/nvidia-smi"; chmod +x "$H/bin/nvidia-smi"
LAST="inspect --command-timeout 1 (hanging nvidia-smi)"
( PATH="$H/bin:$PATH" exec timeout 60 "$RIGPLAN" inspect --command-timeout 1 ) >"$OUT" 2>"$ERR"; CODE=$?
[ "$CODE" -le 1 ] || fail "exit $CODE"
expect_stdout_contains "timed out after 1 s"
sleep 0.2; ! pgrep -f "^sleep 613$" >/dev/null || fail "the hung command was left running"
# 50,000 unknown price updates: one did-you-mean per printed error, not per update.
run_h -- catalog validate "$H/unknown-updates.json"; bad_in "more errors in this file"
run_h -- catalog validate "$H/too-many-updates.json"; bad_in "at most 50000"

# 4. No output flag writes over one of the command's inputs, by any path or link.
B=$H/b.json; cp "$SRC/examples/builds/seed-two-3090.json" "$B"; cp "$B" "$H/b.orig"; ln -s "$B" "$H/b-link.json"
run_h -- check "$B" --report "$B"; bad_in "an input of this command"
run_h -- check "$B" --report "$H/b-link.json"; bad_in "an input of this command"
run_h -- check "$H/b-link.json" --report "$H/../$(basename "$H")/b.json"; bad_in "an input of this command"
run_h -- sweep --check "$B" --set 'gpus[0].power_limit_w=200..350:50' --plot "$B"; bad_in "an input of this command"
run_h -- sweep --check "$B" --set 'gpus[0].power_limit_w=200..350:50' --report "$H/b-link.json"; bad_in "an input"
printf '{"schema_version": 1, "command": "check", "base": "b.json", "set": ["gpus[0].power_limit_w=200..350:50"]}' >"$H/spec.json"
cp "$H/spec.json" "$H/spec.orig"
run_h -- sweep "$H/spec.json" --report "$H/spec.json"; bad_in "an input"
run_h -- sweep "$H/spec.json" --plot "$B"; bad_in "an input"
cp "$SRC/tests/data/catalogs/good_overlay.json" "$H/overlay.json"
run_h -- --catalog "$H/overlay.json" size --model llama-3-8b --report "$H/overlay.json"; bad_in "an input"
run_h -- inspect --from "$H/latin1" --emit "$H/latin1/cpuinfo" --force; bad_in "an input"
cmp -s "$B" "$H/b.orig" && cmp -s "$H/spec.json" "$H/spec.orig" && cmp -s "$H/overlay.json" "$SRC/tests/data/catalogs/good_overlay.json" ||
  fail "an input was overwritten"
# SIGPIPE (the reader of stdout went away) removes the temporary files too.
( exec "$RIGPLAN" sweep --check "$B" --set 'gpus[0].power_limit_w=100..400:0.1' --plot "$H/p.svg" --report "$H/p.html" | head -1 ) >/dev/null 2>&1
no_temps "$H"
[ ! -e "$H/p.svg" ] || fail "--plot written by a sweep that was cut short"

# 5. Control characters from input files reach the terminal escaped.
run_h -- check "$H/escape-build.json"; [ "$CODE" -le 1 ] || fail "exit $CODE"
! raw_controls "$OUT" || fail "raw control characters in check's text output"
expect_stdout_contains '\x1b]0;pwned\x07'
run_h -- --catalog "$H/escape-overlay.json" catalog list --kind gpu; expect_exit 0
! raw_controls "$OUT" || fail "raw control characters in catalog list"
run_h -- --catalog "$H/escape-overlay.json" catalog list --kind gpu --format json; expect_exit 0; valid_json "$OUT"
grep -qF '\u001b' "$OUT" || fail "JSON lost the escape"
run_h -- inspect --from "$H/escapes"; [ "$CODE" -le 1 ] || fail "exit $CODE"
! raw_controls "$OUT" || fail "raw control characters in inspect's text output"

# 6. Never inf or nan: a --perf constant past its bound is refused, naming it.
for p in gemm_half_gflop=1e300 cpu_adam_s_per_param=1e300 memory_efficiency=0 network_gb_s_per_gpu=0 nvlink_latency_s=1e9; do
  run_h -- size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --count 8 --tokens 1e9 --perf "$p"; bad_in "${p%%=*}"
done
for p in gemm_half_gflop=1e6 cpu_adam_s_per_param=1 nvlink_latency_s=1 memory_efficiency=1e-9 dp_overlap=0; do
  run_h -- size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --count 8 --tokens 1e9 --batch 64 --perf "$p"
  [ "$CODE" -le 1 ] || fail "exit $CODE"
  ! grep -qiw "inf\|nan\|-nan" "$OUT" || fail "--perf $p printed inf or nan"
  run_h -- size --model llama-3-8b --gpu nvidia-a100-sxm4-80gb --count 8 --tokens 1e9 --batch 64 --perf "$p" --format json
  ! grep -qi "null, *$\|inf\|nan" "$OUT" || grep -q '"days": [0-9]' "$OUT" || fail "--perf $p: JSON time is not a number"
done

# 7. Exit codes: completion and man read --catalog as every command does.
mkfifo "$H/fifo.json"
for c in "completion bash" man; do
  run_h 3 -- --catalog "$H/missing.json" $c; bad_in "missing.json"
  run_h 3 -- --catalog "$H/fifo.json" $c; bad_in "FIFO"
done
# A sweep of more than 2^64 points runs its first points under --limit.
run_h -- sweep --size '{"model": "llama-3-8b", "gpu": "nvidia-a100-sxm4-80gb"}' --set 'tokens=1e6..1e10:1e6' \
  --set 'batch=1..10000' --set 'micro_batch=1..8' --set 'count=1..10000' --set 'lora_rank=1..4096' --limit 2 --format jsonl
expect_exit 0
[ "$(wc -l <"$OUT")" -eq 2 ] || fail "expected 2 rows"
# size: exit 1 when the workload does not fit (docs/json-contract.md).
run_h -- size --model llama-3-70b --gpu nvidia-rtx-4090-fe --format json; expect_exit 1; valid_json "$OUT"
run_h -- size --model llama-3-8b --gpu nvidia-h100-sxm5-80gb --count 8 --zero 3; expect_exit 0

# 9. A context past the model's trained limit is said, not silently cut.
run_h -- size --model llama-3-8b --mode infer --gpu nvidia-h100-sxm5-80gb --context 65536
[ "$CODE" -le 1 ] || fail "exit $CODE"
expect_stdout_contains "warning: --context 65536 is past"
run_h -- size --model opt-13b --mode infer --gpu nvidia-a100-sxm4-80gb --context 4096 --format json
[ "$CODE" -le 1 ] || fail "exit $CODE"
python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['workload']; assert w['context'] == 2048 and w['context_asked'] == 4096, w" "$OUT" ||
  fail "JSON does not say the context was cut"

no_temps "$H"
rm -rf "$H"
