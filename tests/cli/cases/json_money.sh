# Money in the JSON documents is printed to the cent (issue 31: "cost_usd": 7586.899999999999):
# every amount (a key "usd", "usd_total" or ending in "_usd") has at most two decimals, in every
# command's document; rates (usd_per_hour, kwh_usd) keep their precision.
money_to_cents() {
  python3 - "$OUT" <<'PY' || fail "a money amount has float noise"
import json, sys
bad = []
def walk(v, key=""):
    if isinstance(v, dict):
        for k, x in v.items(): walk(x, k)
    elif isinstance(v, list):
        for x in v: walk(x, key)
    elif isinstance(v, float):
        amount = key in ("usd", "usd_total") or key.endswith("_usd")
        if amount and "per_" not in key and "kwh" not in key and len(repr(v).split(".")[-1]) > 2 and "e" not in repr(v):
            bad.append((key, v))
walk(json.load(open(sys.argv[1])))
assert not bad, bad[:5]
PY
}
B=examples/builds/seed-two-3090.json
for args in "plan --gpus 2" "plan --gpus 4 --budget 20000" "plan --gpus 2 --model llama-3-8b" "check $B" \
            "cluster --node nvidia-dgx-h100 --nodes 4" "tco $B" "tco $B --kwh-price 0.137" "catalog prices"; do
  # shellcheck disable=SC2086
  run $args --format json
  expect_exit 0; expect_json; money_to_cents
done
# A rate keeps its digits: the electricity price given is the one used.
run tco "$B" --kwh-price 0.137 --format json
expect_json 'd["assumptions"]["kwh_usd"] == 0.137'
