# Power-limit ranges read from published nvidia-smi -q captures (issue 30): PWR007 accepts a
# power_limit_w inside the card's Min/Max Power Limit without a note, and refuses one outside it
# naming the bound. Each card below has both bounds in the catalog, so none of these limits is
# "not checked".
DIR=$(mktemp -d)
pwr007="[(x['severity'], x['message']) for x in d['builds'][0]['diagnostics'] if x['code'] == 'PWR007']"

# One GPU entry at a given power limit (a partial build, enough for PWR007), checked, and the
# expectation on its PWR007 diagnostics.
limit() {  # limit PART WATTS EXPECTATION
  local file="$DIR/$1-$2.json"
  printf '{"name": "%s at %s W", "gpus": [{"part": "%s", "power_limit_w": %s}]}\n' "$1" "$2" "$1" "$2" >"$file"
  run check "$file" --format json
  expect_json "$3"
}

# RTX 4090 Founders Edition: 150-600 W (450 W default). 550 W is accepted; 650 W is not.
limit nvidia-rtx-4090-fe 550 "$pwr007 == []"
limit nvidia-rtx-4090-fe 650 "len($pwr007) == 1 and $pwr007[0][0] == 'error' and 'maximum power limit 600 W' in $pwr007[0][1]"

# TITAN RTX: 100-320 W (280 W default).
limit nvidia-titan-rtx 90 "len($pwr007) == 1 and $pwr007[0][0] == 'error' and 'minimum power limit 100 W' in $pwr007[0][1]"
limit nvidia-titan-rtx 320 "$pwr007 == []"

# A100 SXM4 40GB: 100-400 W; A100 80GB PCIe: 150-300 W; V100 PCIe 32GB: 100-250 W.
limit nvidia-a100-sxm4-40gb 90 "len($pwr007) == 1 and 'minimum power limit 100 W' in $pwr007[0][1]"
limit nvidia-a100-pcie-80gb 140 "len($pwr007) == 1 and 'minimum power limit 150 W' in $pwr007[0][1]"
limit nvidia-a100-pcie-80gb 150 "$pwr007 == []"
limit nvidia-v100-pcie-32gb 260 "len($pwr007) == 1 and 'maximum power limit 250 W' in $pwr007[0][1]"
# V100 PCIe 16GB: 100-250 W; V100 SXM2 32GB: 150-300 W.
limit nvidia-v100-pcie-16gb 90 "len($pwr007) == 1 and 'minimum power limit 100 W' in $pwr007[0][1]"
limit nvidia-v100-sxm2-32gb 140 "len($pwr007) == 1 and 'minimum power limit 150 W' in $pwr007[0][1]"
limit nvidia-v100-sxm2-32gb 300 "$pwr007 == []"
# Tesla P100 PCIe 16GB: 125-250 W.
limit nvidia-tesla-p100-pcie-16gb 120 "len($pwr007) == 1 and 'minimum power limit 125 W' in $pwr007[0][1]"
rm -rf "$DIR"
