# `rigplan inspect`: saved reports (real captures and hand-written failure shapes, see
# tests/data/inspect/README.md) against the example plans; the exit-code and format contract of
# check; --emit's safe writing; live mode on whatever machine runs the tests.
D=tests/data/inspect
PLAN=examples/builds/seed-two-3090.json

run inspect --from $D/telegraf-a100-sxm4
expect_exit 0
expect_golden inspect_a100.txt
expect_stdout_contains "nvidia-a100-sxm4-80gb"
expect_stdout_contains "skipped: no topo-m.txt in the directory"

run inspect --from $D/telegraf-rtx-3090
expect_exit 0
expect_golden inspect_rtx3090_idle.txt

run inspect --from $D/hpe-dl380a-2x-h100-nvlink --format json
expect_exit 0
expect_json 'd["inspect"]["gpus"][0]["part"] == "nvidia-h100-pcie-80gb" and d["inspect"]["gpus"][1]["nvlinks_up"] == 12 and d["inspect"]["gpus"][0]["numa_node"] == 1'

# Healthy machines, published captures: lspci alone gives no performance state, so an idle GPU's
# Gen1 link is a note, not a riser warning; NVLink everywhere changes the NUMA hint; --strict passes.
run inspect --from $D/stelline-asus-esc8000a-e12 --strict
expect_exit 0
expect_stdout_contains "0 warnings"
expect_stdout_contains "the reports do not say whether it was busy"
run inspect --from $D/stelline-puget-wrx90 --strict
expect_exit 0
# A capture of our own, one H200 in a VM idle and under load (bf16 matmuls, 100 % busy): the
# escapes nvidia-smi 580 prints around topo -m's header are read past; both pass --strict.
run inspect --from $D/h200-vm-idle --strict
expect_exit 0
expect_stdout_contains "Gen5 x16 of Gen5 x16"
run inspect --from $D/h200-vm-busy --strict --format json
expect_exit 0
expect_json 'd["inspect"]["gpus"][0]["part"] == "nvidia-h200-sxm-141gb" and d["inspect"]["ok"] and d["inspect"]["diagnostics"] == [] and d["inspect"]["gpu_links"] == [["X"]]'
run inspect --from $D/gengwg-dgx-a100
expect_exit 0
expect_stdout_contains "every GPU pair across nodes is joined by NVLink"
expect_stdout_contains "8 GPUs: the reports name no model"
expect_stdout_lacks '"": not in the catalog'
# topo -m's NIC columns: each NIC with the GPUs nearest it, named by the NIC Legend where printed.
expect_stdout_contains "  mlx5_0  GPU0, GPU1 (PXB)"
run inspect --from $D/stelline-asus-esc8000a-e12 --format json
expect_json "d['inspect']['topo_nics'][:2] == ['mlx5_0', 'mlx5_1'] and d['inspect']['gpu_nic_links'][0][0] == 'NODE'"
run inspect --from $D/xuesong-4xa10
expect_exit 0
expect_stdout_contains "INS012"
run inspect --from $D/cmlgpu-2x-p100 --strict
expect_exit 0
expect_stdout_contains "which still carries its ports' 2 Gb/s"
# The port above the GPU explains its link: an x8/x8 split is a note, a Gen3 x4 chipset slot a warning naming the port.
run inspect --from $D/hand/x8x8-root-ports --strict
expect_exit 0
expect_stdout_contains "the port above it (00:01.1) is wired x8, the board's x8/x8 split of its lanes"
run inspect --from $D/hand/chipset-x4-slot
expect_exit 0
expect_stdout_contains "the port above it (00:02.1) is wired x4"
expect_stdout_contains "the port above it (00:02.1) can do only Gen3"

run inspect --from $D/hand/two-3090-as-planned --against $PLAN
expect_exit 0
expect_golden inspect_as_planned.txt

run inspect --from $D/hand/nvlink-down --against $PLAN
expect_exit 1
expect_stdout_contains "INS005"
run inspect --from $D/hand/nvlink-down --against $PLAN --format json
expect_exit 1
expect_json 'd["inspect"]["ok"] is False and d["inspect"]["diagnostics"][0]["code"] == "INS005" and d["inspect"]["diagnostics"][0]["severity"] == "error"'
run inspect --from $D/hand/nvlink-down --against $PLAN --format github
expect_exit 1
expect_stdout_contains "::error file=examples/builds/seed-two-3090.json,title=rigplan INS005::"
run inspect --from $D/hand/nvlink-down --against $PLAN --format junit
expect_exit 1
expect_stdout_contains '<testsuite name="rigplan inspect" tests="1" failures="1">'

# Warnings pass unless --strict.
run inspect --from $D/hand/x4-link --against $PLAN
expect_exit 0
expect_stdout_contains "INS003 GPU1 (NVIDIA GeForce RTX 3090, 00000000:02:00.0) negotiated x4 of the x8"
run inspect --from $D/hand/x4-link --against $PLAN --strict
expect_exit 1

run inspect --from $D/hand/riser-gen1 --against $PLAN
expect_golden inspect_riser.txt
run inspect --from $D/hand/old-driver --against $PLAN --format json
expect_exit 1
expect_json '[x["code"] for x in d["inspect"]["diagnostics"]] == ["INS007", "INS007", "INS011"]'
run inspect --from $D/hand/two-sockets --against examples/builds/threadripper-pro-4x-a6000.json
expect_golden inspect_two_sockets.txt
run inspect --from $D/hand/low-power --against examples/builds/threadripper-pro-4x-a6000.json
expect_exit 0
expect_stdout_contains "INS006 GPU1 (NVIDIA RTX A6000, 00000000:42:00.0) has a power limit of 200 W, the plan 250 W"

# --emit: a build check accepts; never over a file without --force; --force needs --emit.
E=$WORK/as-built.json
run inspect --from $D/hand/two-sockets --emit "$E"
expect_exit 0
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['gpus']==[{'part':'nvidia-rtx-a6000','count':4,'power_limit_w':250.0}], d['gpus']; assert d['cpu']=='intel-xeon-gold-6448y' and d['cpu_count']==2" "$E" ||
  fail "emitted build is not the machine"
run check "$E" --format json
[ "$CODE" -eq 0 ] || [ "$CODE" -eq 1 ] || fail "check refused the emitted build (exit $CODE)"
# topo -m alone numbers GPUs without naming them: the emitted build keeps them in its notes, with
# the reports that would identify them, rather than dropping them silently.
run inspect --from $D/gengwg-dgx-a100 --emit "$WORK/topo-only.json"
expect_exit 0
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['partial'] and d['gpus']==[]; assert '8 GPUs: the reports name no model' in d['notes'] and 'nvidia-smi -q -x' in d['notes'], d['notes']" "$WORK/topo-only.json" ||
  fail "the emitted build does not say which GPUs it could not name"
# What inspect cannot see is left out on purpose: the emitted build is partial, and check passes
# the healthy machine as planned.
run inspect --from $D/hand/two-3090-as-planned --emit "$WORK/as-planned.json"
expect_exit 0
run check "$WORK/as-planned.json" --format json
expect_exit 0
expect_json "d['builds'][0]['ok'] and all(x['severity'] == 'info' for x in d['builds'][0]['diagnostics'] if x['code'] == 'BLD001')"
run inspect --from $D/hand/two-sockets --emit "$E"
expect_exit 2; expect_stderr_contains "--emit"
run inspect --from $D/hand/two-sockets --emit "$E" --force
expect_exit 0
run inspect --from $D/hand/two-sockets --force
expect_exit 2; expect_stderr_contains "--force goes with --emit"

# Live: runs here whatever this machine has; what is absent is skipped and said.
run inspect
[ "$CODE" -eq 0 ] || [ "$CODE" -eq 1 ] || fail "live inspect exit $CODE"
expect_stdout_contains "Read:"
# With no report commands on PATH, each skipped one says where it comes from.
SAVED_PATH=$PATH
PATH=/nonexistent
run inspect
PATH=$SAVED_PATH
[ "$CODE" -eq 0 ] || [ "$CODE" -eq 1 ] || fail "inspect without PATH exit $CODE"
expect_stdout_contains "lspci is not installed (not on PATH): install pciutils"
expect_stdout_contains "nvidia-smi is not installed (not on PATH): it comes with NVIDIA's driver"
