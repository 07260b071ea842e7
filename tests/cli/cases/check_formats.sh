# `rigplan check` machine formats, bad input, assumptions, `topo` and `rules`.
run check examples/builds/seed-two-3090.json --format json
expect_exit 0
expect_json "d['builds'][0]['placement'][0]['slot'] == 'PCIEX16_1' and d['builds'][0]['placement'][0]['lanes'] == 8 and d['builds'][0]['topology']['matrix'][0][1] == 'NV4' and d['builds'][0]['power']['psu_w'] == 1600"
# schema 2: the sustained load and GB/s say so in their names; the old names are gone
expect_json "d['schema_version'] == 2 and d['builds'][0]['power']['sustained_w'] > 0 and 'peak_w' not in d['builds'][0]['power'] and d['builds'][0]['placement'][0]['bandwidth_gb_s'] == 15.75 and 'bandwidth_gbps' not in d['builds'][0]['placement'][0]"

run check examples/builds/broken/cpu-socket.json --format github
expect_exit 1
expect_stdout_contains "::error file=examples/builds/broken/cpu-socket.json,line=3,title=rigplan CPU001::amd-threadripper-7960x uses socket sTR5"

run check examples/builds/seed-desktop.json examples/builds/broken/cpu-socket.json --format junit
expect_exit 1
expect_stdout_contains '<testsuite name="rigplan check" tests="2" failures="1" errors="0">'
expect_stdout_contains '<failure message="3 error(s), 0 warning(s)">'

# Bad input: exit 2, located message, nothing on stdout in JSON mode.
run check tests/data/builds/unknown-gpu.json --format json
expect_exit 2
expect_stdout_empty
expect_stderr_contains 'unknown-gpu.json:3:'
expect_stderr_contains '/gpus/0/part: unknown gpu "nvidia-rtx-309-fe" (did you mean "nvidia-rtx-3090-fe"'

run check examples/builds/seed-desktop.json tests/data/builds/unknown-gpu.json
expect_exit 2
expect_stdout_empty

run check tests/data/builds/no-such-file.json
expect_exit 2
expect_stderr_contains "no-such-file.json: no such file"

run check examples/builds/seed-desktop.json --assume gpu_transient=2
expect_exit 2
expect_stderr_contains 'did you mean "gpu_transient_factor"'

# A stricter transient assumption turns the seed's PSU margin into a warning.
run check examples/builds/broken/pwr-us-15a-two-5090.json --assume platform_w=40 --format json
expect_exit 1
expect_json "d['builds'][0]['power']['sustained_w'] == 1429"

run topo examples/builds/seed-two-3090.json
expect_exit 0
expect_golden topo-seed-two-3090.txt

# A bridge on cards without NVLink joins nothing: PCIe in the matrix, and the reason.
run topo tests/data/builds/two-4090-with-bridge.json --format json
expect_exit 0
expect_json "d['builds'][0]['topology']['matrix'][0][1] == 'PHB' and d['builds'][0]['topology']['nvlink_pairs'][0]['joined'] == False and d['builds'][0]['topology']['cpu_affinity'] == ['0-23', '0-23'] and d['builds'][0]['topology']['numa_affinity'] == ['0', '0']"
run topo tests/data/builds/two-4090-with-bridge.json
expect_exit 0
expect_stdout_contains "not joined: nvidia-rtx-4090-fe has no NVLink"
expect_stdout_contains "CPU Affinity"
# Four A6000s, two bridges: two NVLink pairs, PCIe between them.
run topo examples/builds/threadripper-pro-4x-a6000.json --format json
expect_exit 0
expect_json "[r[1] for r in d['builds'][0]['topology']['matrix']] == ['NV4', 'X', 'NODE', 'NODE'] and [p['joined'] for p in d['builds'][0]['topology']['nvlink_pairs']] == [True, True]"

run rules
expect_exit 0
expect_stdout_contains "PWR001   error    psu-capacity"
run rules CON001
expect_stdout_contains "Source of the limit"
run rules --format json
expect_json "len(d['rules']) >= 30"
run rules PWR01
expect_exit 2

# A NIC with no power figure: its line says unknown and the sustained load is a lower bound.
run check tests/data/builds/seed-with-unknown-nic-power.json
expect_exit 0
expect_stdout_contains "sustained DC load (at least: some power unknown)"
expect_stdout_contains "nvidia-connectx-6-hdr                                           1  unknown  unknown"

# Colour: off when not a terminal (as here), on with --color always (before or after the command),
# never in a pipe by default; a bad mode is a usage error.
run check examples/builds/broken/cpu-socket.json
python3 -c "import sys; sys.exit(b'\x1b[' in open(sys.argv[1],'rb').read())" "$OUT" || fail "colour escapes in output that is not a terminal"
run check examples/builds/broken/cpu-socket.json --color always
expect_exit 1
python3 -c "import sys; sys.exit(b'\x1b[1;31mFAIL\x1b[0m' not in open(sys.argv[1],'rb').read())" "$OUT" || fail "--color always did not colour the verdict"
run --color always check examples/builds/seed-desktop.json
expect_exit 0
python3 -c "import sys; sys.exit(b'\x1b[1;32mOK\x1b[0m' not in open(sys.argv[1],'rb').read())" "$OUT" || fail "--color always before the command did not colour"
run check examples/builds/seed-desktop.json --color sometimes
expect_exit 2
