# `rigplan plan`: the ranked table, the JSON contract, --emit files that `check` accepts unchanged,
# request files with flags on top, an empty answer (exit 0), and bad requests (exit 2, located).
run plan --gpus 2 --gpu nvidia-rtx-3090-fe --gpu nvidia-rtx-a6000 --outlet us-120v-15a --objective time --top 3 --explain
expect_exit 0
expect_golden plan-2x-3090-a6000-us.txt
expect_stdout_contains "Top build in detail:"
expect_stdout_contains "Rejected configurations"

run plan --gpus 1..4 --outlet us-120v-15a --format json --top 5
expect_exit 0
expect_json "len(d['builds']) == 5 and [b['rank'] for b in d['builds']] == [1, 2, 3, 4, 5] and all(k in d['stats'] for k in ('candidates', 'evaluated', 'pruned', 'seconds')) and d['stats']['candidates'] == d['stats']['evaluated'] + d['stats']['pruned'] and all(set(b) >= {'rank', 'score', 'cost_usd', 'build', 'metrics', 'diagnostics'} for b in d['builds']) and all(x['severity'] != 'error' for b in d['builds'] for x in b['diagnostics'])"

# --emit: every file checks clean (exit 0) with rigplan check, unchanged.
EMIT=$WORK/emit
run plan --gpus 1..4 --outlet eu-230v-16a --top 6 --emit "$EMIT"
expect_exit 0
[ "$(ls "$EMIT" | wc -l)" -eq 6 ] || fail "expected 6 emitted files, got $(ls "$EMIT" | wc -l)"
run check "$EMIT"
expect_exit 0
expect_stdout_lacks "FAIL"

# Request files; a flag overrides the file's key.
run plan examples/plans/lora-llama-3-8b-desk.json --format json
expect_exit 0
expect_json "d['builds'] and all(b['metrics']['seconds'] > 0 and b['build']['outlet'] == 'us-120v-15a' for b in d['builds'])"
run plan examples/plans/four-gpu-workstation.json --top 1 --format json
expect_exit 0
expect_json "len(d['builds']) == 1 and d['builds'][0]['metrics']['gpus'] == 4"

# Memory savers: LoRA on a 70B model fits one RTX A6000 with a 4-bit base, and each build names
# its saver; a fixed saver is used as given; a saver's word is checked.
run plan --model llama-3-70b --mode lora --tokens 1e8 --gpu nvidia-rtx-a6000 --gpus 1..2 --format json
expect_exit 0
expect_json "d['builds'] and all(b['metrics']['memory_saver']['lora_base'] == 'int4' for b in d['builds'] if b['metrics']['gpus'] == 1)"
# A training workload's builds carry the training held-out error alone (no decode), over NVIDIA's runs.
expect_json "all(set(b['metrics']['heldout']) == {'training'} and b['metrics']['heldout']['training']['vendor'] == 'nvidia' for b in d['builds'])"
run plan --model llama-3-70b --mode lora --tokens 1e8 --gpu nvidia-rtx-a6000 --gpus 1..2 --recompute full
expect_exit 0
expect_stdout_contains "SAVER"
expect_stdout_contains "full recompute, int4 base"
run plan --model llama-3-70b --mode lora --recompute most
expect_exit 2; expect_stderr_contains "--recompute"
run plan --recompute full
expect_exit 2; expect_stderr_contains "give --model too"

# An empty answer is an answer: exit 0, with what ruled everything out.
run plan --gpus 1 --gpu nvidia-rtx-4090-fe --budget 500
expect_exit 0
expect_stdout_contains "No build meets the request: every candidate is over the \$500 budget"
run plan --gpus 8 --gpu nvidia-rtx-a6000 --form tower --format json
expect_exit 0
expect_json "d['builds'] == [] and 'PCIE001' in d['empty_reason'] and d['rejected']['PCIE001']['count'] > 0"

# Eight GPUs: GPU servers (barebones) and open frames on risers, each passing check.
run plan --gpus 8 --gpu nvidia-rtx-5090-fe --outlet us-240v-30a --objective time --top 3 --format json
expect_exit 0
expect_json "len(d['builds']) >= 2 and all(b['metrics']['gpus'] == 8 for b in d['builds']) and any(b['build'].get('barebone') for b in d['builds']) and any(b['build'].get('chassis') == 'generic-open-frame-8gpu' for b in d['builds'])"

# Bad requests: exit 2, nothing on stdout in JSON mode, the file and location named.
run plan --gpu nvidia-rtx-3090 --format json
expect_exit 2; expect_stdout_empty; expect_stderr_contains '/gpu/0: unknown gpu "nvidia-rtx-3090" (did you mean "nvidia-rtx-3090-fe"'
run plan --gpus 9..2 --format json
expect_exit 2; expect_stdout_empty; expect_stderr_contains "/gpus"
run plan --tokens 1e9
expect_exit 2; expect_stderr_contains "give --model too"
printf '{\n  "gpus": 2,\n  "objectiv": "cost"\n}\n' >"$WORK/typo.json"
run plan "$WORK/typo.json" --format json
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'typo.json:3:15: /objectiv: unknown key "objectiv" (did you mean "objective"?)'
printf '{"gpus": 2,' >"$WORK/cut.json"
run plan "$WORK/cut.json"
expect_exit 2; expect_stderr_contains "cut.json:1:"
run plan "$WORK/missing.json"
expect_exit 2; expect_stderr_contains "missing.json: no such file"

# Performance-model constants reach the planner's speed figure; unknown ones are refused.
run plan --gpus 2 --gpu nvidia-rtx-4090-fe --top 1 --perf matmul_efficiency=0.35 --format json
expect_exit 0
cp "$OUT" "$WORK/slow.json"
run plan --gpus 2 --gpu nvidia-rtx-4090-fe --top 1 --format json
expect_exit 0
python3 - "$WORK/slow.json" "$OUT" <<'PY' || fail "--perf did not slow the reference throughput"
import json, sys
slow, fast = (json.load(open(p))["builds"][0]["metrics"]["reference_tokens_per_s"] for p in sys.argv[1:])
assert 0 < slow < 0.8 * fast, (slow, fast)
PY
run plan --perf matmul_eficiency=0.5
expect_exit 2
expect_stderr_contains "did you mean"
