# `rigplan cluster` and `rigplan tco`: the JSON contract, the SuperPOD example, bad input.
run cluster --node nvidia-dgx-h100 --nodes 127 --extra-endpoints 4
expect_exit 0
expect_golden cluster-superpod-h100-4su.txt

run cluster --node nvidia-dgx-h100 --nodes 512 --format json
expect_exit 0
expect_json "d['nodes'] == 512 and d['gpus'] == 4096 and d['fabric']['levels'] == 3 and d['fabric']['leaf_switches'] == 128 and d['fabric']['spine_switches'] == 128 and d['fabric']['core_switches'] == 64 and d['fabric']['cables'] == {'node_leaf': 4096, 'leaf_spine': 4096, 'spine_core': 4096} and d['power']['racks'] > 0 and 'bf16' in d['peak_pflops'] and 'cost_usd' in d"

run cluster --node nvidia-dgx-h100 --gpus 100000 --format json
expect_exit 0
expect_json "d['gpus'] == 100000 and d['fabric']['levels'] == 3"

run cluster --node nvidia-dgx-h100 --model llama-3-70b --tokens 15e12 --deadline-days 60 --zero 1 --format json
expect_exit 0
expect_json "0 < d['training']['days'] <= 60"

run cluster --node nvidia-dgx-h10 --nodes 2
expect_exit 2
expect_stderr_contains 'unknown node "nvidia-dgx-h10" (did you mean "nvidia-dgx-h100"'

run cluster --node nvidia-dgx-h100 --format json
expect_exit 2
expect_stdout_empty

run cluster --node nvidia-dgx-h100 --deadline-days 30
expect_exit 2
expect_stderr_contains "/deadline: a deadline needs a workload"

run tco --node nvidia-dgx-h100 --nodes 8 --hours-per-week 168 --purchase-usd 2400000 --format json
expect_exit 0
expect_json "d['owned']['usd_total'] > 2400000 and len(d['cloud']) >= 5 and [c['usd_per_gpu_hour'] for c in d['cloud']] == sorted(c['usd_per_gpu_hour'] for c in d['cloud']) and all(c['spot_usd_per_gpu_hour'] is None or c['spot_usd_per_gpu_hour'] <= c['usd_per_gpu_hour'] for c in d['cloud']) and d['break_even']['hours_per_week'] > 0 and d['break_even']['months'] > 0"

# The DGX A100 lists its eight HDR ConnectX-6 cards: a 20-node cluster gets a real fabric (it once printed an empty 0-level one).
run cluster --node nvidia-dgx-a100 --nodes 20 --format json
expect_exit 0
expect_json "d['fabric']['levels'] >= 1 and d['fabric']['leaf_switches'] >= 1 and d['fabric']['cables']['node_leaf'] == 160"

# A build with an unpriced part (the ConnectX-6 card) gets no break-even, and is told how to give one.
run tco tests/data/builds/seed-with-unknown-nic-power.json
expect_exit 0
expect_stdout_contains "not priced in the catalog"
expect_stdout_contains "Cloud: vast-1x-rtx-3090-32-65536 at \$0.250 per GPU-hour (data commit 00690e7, date not recorded)"
expect_stdout_contains "Break-even: not given: the purchase price is incomplete"
expect_stdout_contains "--purchase-usd"
# The seed desktop itself is fully priced (its board and PSU from an older pc-part-dataset snapshot), so it gets one.
run tco examples/builds/seed-desktop.json
expect_exit 0
expect_stdout_lacks "not priced in the catalog"
expect_stdout_contains "prices dated 2024-05-14 to 2026-03-06: 8 street"
expect_stdout_contains "Break-even against vast-1x-rtx-3090-32-65536"

# Spot beside on-demand, and the date each price was seen.
run tco --node nvidia-dgx-h200
expect_exit 0
expect_stdout_contains "Cloud: runpod-1x-h200-sxm-secure at \$4.590 per GPU-hour (seen 2026-09-25)"
expect_stdout_contains "Cloud: aws-p5en-48xlarge at \$7.912 per GPU-hour, spot \$3.400 (seen 2026-08-06)"
run tco --node nvidia-dgx-h200 --format json
expect_exit 0
expect_json "any(c['spot_usd_per_gpu_hour'] for c in d['cloud']) and all(c['spot_usd_per_gpu_hour'] is None or c['spot_usd_per_gpu_hour'] <= c['usd_per_gpu_hour'] for c in d['cloud'])"

# An unpriced node is never a break-even of 0 hours (issue 14): the answer is withheld, saying why.
run tco --node nvidia-dgx-h200 --nodes 1
expect_exit 0
expect_stdout_contains "not priced in the catalog (counted at \$0): nvidia-dgx-h200 (NVIDIA sells DGX systems through partners by quote)"
expect_stdout_contains "Break-even: not given"
expect_stdout_contains "rigplan catalog prices --missing --format update"
expect_stdout_lacks "Break-even against"
run tco --node nvidia-dgx-h200 --format json
expect_exit 0
expect_json "d['break_even']['hours_per_week'] is None and d['break_even']['withheld'] and d['owned']['purchase_complete'] is False and d['owned']['unpriced'] == ['nvidia-dgx-h200']"

# A priced node (the DGX H100's dated street price, from Epoch AI's data set) gives a break-even and says how old its price is.
run tco --node nvidia-dgx-h100 --nodes 1
expect_exit 0
expect_stdout_contains "Owned: \$375,000 purchase"
expect_stdout_contains "prices dated 2025-03-03: 1 street"
expect_stdout_contains "Break-even against"
# 40 h/week breaks even only after the 5 years: said as such, not as "pays off after 240 months".
expect_stdout_contains "does not pay off within the 5 years"
run tco --node nvidia-dgx-h100 --nodes 1 --hours-per-week 168
expect_exit 0
expect_stdout_contains "owning pays off after"
expect_stdout_lacks "not priced in the catalog"
# A purchase that even every hour of the week cannot pay for: no break-even above 168 h/week,
# but what owning loses at full use.
run tco --node nvidia-dgx-h100 --nodes 1 --purchase-usd 2000000
expect_exit 0
expect_stdout_contains "none. Even used every hour of the week (168 h) for 5 years, owning costs \$"
expect_stdout_lacks "hours a week over"
run tco --node nvidia-dgx-h100 --nodes 1 --purchase-usd 2000000 --format json
expect_exit 0
expect_json "d['break_even']['hours_per_week'] is None and d['break_even']['months'] is None and d['break_even']['full_use_shortfall_usd'] > 0"

# The seed case: the 3090 desktop at 10 hours a week, priced by the user, against renting.
run tco examples/builds/seed-desktop.json --hours-per-week 10 --purchase-usd 3200 --format json
expect_exit 0
expect_json "d['break_even']['withheld'] is None and d['owned']['purchase_given'] and d['cloud_match']['same_gpu'] is True and d['cloud'][0]['offer'] == 'vast-1x-rtx-3090-32-65536' and d['break_even']['hours_per_week'] > 0"
run --catalog tests/data/catalogs/cloud_3090_fixture.json tco examples/builds/seed-desktop.json --hours-per-week 10 --purchase-usd 3200 --format json
expect_exit 0
expect_json "d['cloud_match']['same_gpu'] and 'fixture-1x-rtx-3090' in [c['offer'] for c in d['cloud']] and d['break_even']['hours_per_week'] > 0"

run tco
expect_exit 2

# Training time from the performance model on the node's own links (NVLink inside, its NICs between).
run cluster --node nvidia-dgx-h100 --nodes 16 --model llama-3-70b --tokens 1e12 --zero 1 --format json
expect_exit 0
expect_json "d['training']['mfu_predicted'] is True and 0.05 < d['training']['mfu'] < 0.8 and d['training']['performance']['breakdown_seconds']['dp_exposed'] > 0 and d['training']['heldout']['vendor'] == 'nvidia' and d['training']['heldout']['runs'] >= 30"
run cluster --node nvidia-dgx-h100 --nodes 16 --model llama-3-70b --tokens 1e12 --zero 1
expect_exit 0
expect_stdout_contains "Accuracy on published training runs not used in fitting (NVIDIA GPUs):"
run cluster --node nvidia-dgx-h100 --nodes 16 --model llama-3-70b --tokens 1e12 --zero 1 --mfu 0.4 --format json
expect_exit 0
expect_json "d['training']['mfu_predicted'] is False and d['training']['mfu'] == 0.4 and 'heldout' not in d['training']"

# A node with no price, on an unpriced switch: nothing is priced, so the cost is unknown, not "$0 (a
# lower bound ...)"; the JSON keeps cost_usd 0 with cost_complete false (issue 31).
run cluster --node nvidia-dgx-h200 --nodes 1
expect_exit 0; expect_stdout_contains "Cost: unknown (not priced: nvidia-dgx-h200, "; expect_stdout_lacks 'Cost: $0'
run cluster --node nvidia-dgx-h200 --nodes 1 --format json
expect_json 'd["cost_complete"] is False and "nvidia-dgx-h200" in d["unpriced"] and d["cost_usd"] == 0'

# Deadlines name their unit: cluster's in days, plan's in hours; the bare --deadline of each still works.
run cluster --node nvidia-dgx-h100 --model llama-3-70b --tokens 15e12 --deadline 60 --zero 1 --format json
expect_exit 0
run cluster --help
expect_stdout_contains "--deadline-days"
run plan --help
expect_stdout_contains "--deadline-hours"

# The DGX B300's eight 800 Gb/s ConnectX-8 (VPI) NICs: the catalog has no 800 Gb/s InfiniBand switch
# (no Quantum-X800 with a sourced power figure), so the default fabric is not sized and says so, with
# no switch in the JSON and none in the power; an 800 Gb/s switch named with --switch (the Spectrum-4
# SN5600, 64x 800GbE) sizes it: 128 endpoints on 32-down/32-up leaves are 4 leaves and 2 spines.
run cluster --node nvidia-dgx-b300 --nodes 16
expect_exit 0
expect_stdout_contains "Fabric: not sized: no catalog switch carries the node's nvidia-connectx-8-800g (800 Gb/s vpi); name one with --switch"
expect_stdout_contains "Power: 224.0 kW IT"
run cluster --node nvidia-dgx-b300 --nodes 16 --format json
expect_exit 0
expect_json "d['fabric']['switch'] is None and d['fabric']['levels'] == 0 and d['power']['it_kw'] == 224.0"
run cluster --node nvidia-dgx-b300 --nodes 16 --switch nvidia-spectrum-4-sn5600 --format json
expect_exit 0
expect_json "d['fabric']['switch'] == 'nvidia-spectrum-4-sn5600' and d['fabric']['levels'] == 2 and d['fabric']['endpoints'] == 128 and d['fabric']['leaf_switches'] == 4 and d['fabric']['spine_switches'] == 2 and d['fabric']['cables'] == {'node_leaf': 128, 'leaf_spine': 128, 'spine_core': 0} and d['fabric']['injection_gbps_per_node'] == 6400 and abs(d['power']['it_kw'] - 229.64) < 1e-6"
