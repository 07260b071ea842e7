# PSU groups (a build on several PSUs on several circuits): the two-circuit 4 x RTX 5090 rig passes
# PWR003 circuit by circuit, the same rig with both groups on one circuit fails it, and every
# inconsistency in psu_groups is bad input (exit 2) naming the file and the JSON pointer.
run check examples/builds/w790-4x-5090-two-psus-two-circuits.json --format json
expect_exit 0
expect_json "not any(x['code'] in ('PWR001', 'PWR003') for x in d['builds'][0]['diagnostics']) and [c['name'] for c in d['builds'][0]['power']['circuits']] == ['A', 'B'] and all(c['wall_w'] < c['limit_w'] for c in d['builds'][0]['power']['circuits'])"
run check examples/builds/broken/pwr-4x-5090-two-psus-one-circuit.json --format json
expect_exit 1
expect_json "[x['severity'] for x in d['builds'][0]['diagnostics'] if x['code'] == 'PWR003'] == ['error'] and len(d['builds'][0]['power']['circuits']) == 1"
run check examples/builds/broken/pwr-4x-5090-two-psus-one-circuit.json
expect_stdout_contains 'PWR003 wall draw'
expect_stdout_contains 'on circuit "main"'

# Each group may be its own PSU model, judged at its own outlet: two models pass; a 200-240 V
# server module in group b on the 120 V outlet fails PWR006 for that group alone.
run check examples/builds/w790-4x-5090-two-psu-models.json --format json
expect_exit 0
expect_json "not any(x['code'] in ('PWR001', 'PWR003', 'PWR006') for x in d['builds'][0]['diagnostics']) and [g['psu'] for g in d['builds'][0]['power']['groups']] == ['seasonic-prime-tx-1600-atx31', 'seasonic-prime-px-1600-atx30']"
run check examples/builds/broken/pwr-group-psu-input-voltage.json
expect_exit 1
expect_stdout_contains 'PWR006 PSU group "b": supermicro-pws-2k08a-1r is rated for 200 V input and up'

T=$(mktemp -d)
bad() {  # NAME JQ-LESS-PATCH: writes the two-circuit rig with a python edit, checks exit 2 and the pointer
  python3 - "$T/$1.json" "$2" <<'PY'
import json, sys
d = json.load(open("examples/builds/w790-4x-5090-two-psus-two-circuits.json"))
exec(sys.argv[2])
json.dump(d, open(sys.argv[1], "w"))
PY
  run check "$T/$1.json"
  expect_exit 2
  expect_stderr_contains "$1.json"
  expect_stderr_contains "$3"
}
bad count "d['psu_count'] = 3" "/psu_groups"
bad unknown-group "d['gpus'][1]['psu_group'] = 'c'" "/gpus/1/psu_group"
bad no-group "del d['gpus'][0]['psu_group']" "/gpus/0"
bad duplicate "d['psu_groups'][1]['name'] = 'a'" "/psu_groups/1/name"
bad two-platforms "d['psu_groups'][1]['platform'] = True" "/psu_groups/1/platform"
bad outlet "d['psu_groups'][1]['outlet'] = 'us-120v-25a'" "/psu_groups/1/outlet"
bad no-groups "del d['psu_groups']" "/gpus/0/psu_group"
bad group-psu "d['psu_groups'][1]['psu'] = 'us-120v-20a'" "/psu_groups/1/psu"
rm -rf "$T"
