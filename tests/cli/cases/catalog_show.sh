# `catalog show`: one part in text and JSON; an unknown id exits 2 with the nearest ids.
run catalog show nvidia-rtx-3090-fe
expect_exit 0
expect_stdout_contains "nvlink.bandwidth_gb_s        56.25"
expect_stdout_contains "measured_matmul.fp16_tflops  75.64"
expect_stdout_contains "from: <built-in>/data/catalog/gpus-geforce.json"

run catalog show us-120v-15a --format json
expect_exit 0
expect_golden catalog_show_outlet.json
expect_json "d['part']['volts'] == 120 and d['part']['amps'] == 15"

run catalog show nvidia-rtx-309-fe
expect_exit 2
expect_stdout_empty
expect_stderr_contains 'unknown part "nvidia-rtx-309-fe" (did you mean "nvidia-rtx-3090-fe"'

run catalog show nvidia-rtx-309-fe --format json
expect_exit 2
expect_stdout_empty

# The market line: the status with its date and source, or unknown.
run catalog show nvidia-rtx-4090-fe
expect_exit 0
expect_stdout_contains "market: discontinued as of 2024-11-12 (https://hothardware.com/"
run catalog show amd-threadripper-1920x
expect_exit 0
expect_stdout_contains "market: unknown (no market status recorded)"
run catalog show nvidia-rtx-4090-fe --format json
expect_exit 0
expect_json "d['part']['market']['status'] == 'discontinued' and d['part']['market']['date'] == '2024-11-12'"
