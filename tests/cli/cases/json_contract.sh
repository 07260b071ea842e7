# The machine contract, pinned: one `--format json` document per command, compared whole with its
# golden (tests/cli/golden/json/), so that any change to a field's name, type, order or meaning
# shows in review and goes with a schema_version bump (docs/json-contract.md). Small inputs keep
# each document short; UPDATE_GOLDEN=1 rewrites them after an intended change.

run check examples/builds/seed-two-3090.json --format json
expect_exit 0
expect_json "d['builds'][0]['ok'] is True and d['builds'][0]['errors'] == 0"
expect_golden json/check.json

run plan --gpus 2 --gpu nvidia-rtx-3090-fe --gpu nvidia-rtx-a6000 --outlet us-120v-15a --top 2 --format json
expect_exit 0
expect_json "len(d['builds']) == 2 and d['stats']['seconds'] >= 0"
# The search's own run time is the one field that differs between runs (docs/json-contract.md).
sed -i -E 's/("seconds": )[0-9.eE+-]+/\10/' "$OUT"
expect_golden json/plan.json

run size --model llama-3-8b --mode lora --lora-base int4 --gpu nvidia-rtx-4090-fe --tokens 1e8 --format json
expect_exit 0
expect_json "d['fits'] is True"
expect_golden json/size.json

run cluster --node nvidia-dgx-h100 --nodes 4 --format json
expect_exit 0
expect_json "d['gpus'] == 32"
expect_golden json/cluster.json

run tco examples/builds/seed-desktop.json --hours-per-week 10 --purchase-usd 3200 --format json
expect_exit 0
expect_json
expect_golden json/tco.json

run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=250..350:50' --metrics verdict,power.sustained_w --format jsonl
expect_exit 0
expect_golden json/sweep.jsonl

run inspect --from tests/data/inspect/telegraf-rtx-3090 --format json
expect_exit 0
expect_json
expect_golden json/inspect.json
