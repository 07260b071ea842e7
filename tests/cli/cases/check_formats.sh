# `rigplan check` machine formats, bad input, assumptions, `topo` and `rules`.
run check examples/builds/seed-two-3090.json --format json
expect_exit 0
expect_json "d['builds'][0]['placement'][0]['slot'] == 'PCIEX16_1' and d['builds'][0]['placement'][0]['lanes'] == 8 and d['builds'][0]['topology']['matrix'][0][1] == 'NV4' and d['builds'][0]['power']['psu_w'] == 1600"

run check examples/builds/broken/cpu-socket.json --format github
expect_exit 1
expect_stdout_contains "::error file=examples/builds/broken/cpu-socket.json,title=rigplan CPU001::amd-threadripper-7960x uses socket sTR5"

run check examples/builds/seed-desktop.json examples/builds/broken/cpu-socket.json --format junit
expect_exit 1
expect_stdout_contains '<testsuite name="rigplan check" tests="2" failures="1">'
expect_stdout_contains '<failure message="3 error(s), 0 warning(s)">'

# Bad input: exit 2, located message, nothing on stdout in JSON mode.
run check tests/data/builds/unknown-gpu.json --format json
expect_exit 2
expect_stdout_empty
expect_stderr_contains 'unknown-gpu.json:3:'
expect_stderr_contains '/gpus/0/part: unknown gpu "nvidia-rtx-309-fe"; did you mean nvidia-rtx-3090-fe'

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
expect_json "d['builds'][0]['power']['peak_w'] == 1429"

run topo examples/builds/seed-two-3090.json
expect_exit 0
expect_golden topo-seed-two-3090.txt

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
expect_stdout_contains "nvidia-connectx-6-hdr                                 1  unknown  unknown"
