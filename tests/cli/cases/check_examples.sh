# Golden tests: `rigplan check` on every example build, text and JSON, with its exit code.
for f in examples/builds/*.json examples/builds/broken/*.json; do
  name=$(echo "$f" | sed 's|examples/builds/||; s|/|-|g; s|\.json$||')
  run check "$f"
  echo "[exit $CODE]" >>"$OUT"
  expect_golden "check/$name.txt"
  run check "$f" --format json
  expect_json "len(d['builds']) == 1 and d['builds'][0]['file'] == '$f'"
done

# The seed desktop passes; a broken build exits 1; --strict turns warnings into failure.
run check examples/builds/seed-desktop.json
expect_exit 0
run check examples/builds/broken/cpu-socket.json
expect_exit 1
run check examples/builds/seed-two-3090.json
expect_exit 0
run check examples/builds/seed-two-3090.json --strict
expect_exit 1

# Every socket has a checkable build (issue 15): the 8-GPU SP5 server on GENOAD8X-2T/BCM, the
# LGA3647 workstation and the H12SSL-i 4-GPU server pass with warnings (each file's notes list
# them), so --strict fails them.
for f in genoad8x-2t-8x-rtx-pro-6000-max-q-server c621-64l-sage-w-3275-2x-a6000 h12ssl-i-epyc-7443p-4x-a6000; do
  run check "examples/builds/$f.json"
  expect_exit 0
  run check "examples/builds/$f.json" --strict
  expect_exit 1
done
run check examples/builds/genoad8x-2t-8x-rtx-pro-6000-max-q-server.json --format json
expect_json "sum(1 for f in d['builds'][0]['diagnostics'] if f['code'] == 'RSR001') == 8 and any(f['code'] == 'RSR003' for f in d['builds'][0]['diagnostics'])"

# The 2026 two-GPU tower (issue 30): two 4-slot RTX 5090 partner cards on X870E pass with the
# platform's real limits as warnings: the second card links at x4 (PCIE002), the coolers touch
# (THM001), GeForce has no P2P (PCIE006); the PSU's cable table is unknown (CON004).
run check examples/builds/x870e-2x-rtx-5090-gaming-oc.json
expect_exit 0
run check examples/builds/x870e-2x-rtx-5090-gaming-oc.json --strict
expect_exit 1
run check examples/builds/x870e-2x-rtx-5090-gaming-oc.json --format json
expect_json "sorted({f['code'] for f in d['builds'][0]['diagnostics'] if f['severity'] == 'warning'}) == ['CON004', 'PCIE002', 'PCIE006', 'THM001']"

# The other two builds issue 30 names pass as well: the TRX50 4-GPU workstation (four single-slot
# RTX 4000 Ada on the TRX50-SAGE: adapters on every spare 8-pin cable, CON002; the PCIe 4.0 x16
# slot runs on the 7970X's PCIe 4.0 lanes, so no PCIE004, and the cooler's height is known, so no
# FIT006) and the 8-GPU ESC8000A-E12 server (its GPU cable kit is not in the catalog, CON004).
# Every card gets a CPU-wired slot of at least x8.
run check examples/builds/trx50-sage-4x-rtx-4000-ada.json
expect_exit 0
run check examples/builds/trx50-sage-4x-rtx-4000-ada.json --format json
expect_json "sorted({f['code'] for f in d['builds'][0]['diagnostics'] if f['severity'] == 'warning'}) == ['CON002'] and not any(f['severity'] == 'error' or f['code'] == 'FIT006' for f in d['builds'][0]['diagnostics'])"
expect_json "sorted(p['slot'] for p in d['builds'][0]['placement'] if p['kind'] == 'gpu') == ['PCIEX16G4_2', 'PCIEX16G5_1', 'PCIEX16G5_2', 'PCIEX16G5_3'] and all(p['source'] == 'cpu' and p['lanes'] >= 8 for p in d['builds'][0]['placement'] if p['kind'] == 'gpu')"
run check examples/builds/asus-esc8000a-e12-8x-l40s.json --format json
expect_exit 0
expect_json "sorted({f['code'] for f in d['builds'][0]['diagnostics'] if f['severity'] == 'warning'}) == ['CON004']"

# A directory checks every build in it, in name order.
run check examples/builds/broken --format json
expect_exit 1
expect_json "len(d['builds']) == 17 and all(not b['ok'] for b in d['builds'] if 'net-' not in b['file'] and 'no-p2p' not in b['file'])"

# The software stack as installed (issue 29): a wheel without kernels for the GPU (SW007) and a ROCm
# older than the GPU (SW008) fail; the stacks their makers publish for the card pass.
run check examples/builds/broken/sw-3090-torch171-cu101.json
expect_exit 1
expect_stdout_contains "SW007 PyTorch 1.7.1+cu101 has no kernels for nvidia-rtx-3090-fe (sm_86)"
run check examples/builds/broken/sw-7900xtx-pytorch20-rocm56.json --format json
expect_exit 1
expect_json "sorted(x['code'] for x in d['builds'][0]['diagnostics'] if x['severity'] == 'error') == ['SW007', 'SW008']"
for f in x670e-rtx-5090-pytorch-cu128 x670e-rx-7900-xtx-rocm; do
  run check "examples/builds/$f.json" --format json
  expect_exit 0
  expect_json "not any(x['code'].startswith('SW') for x in d['builds'][0]['diagnostics'])"
done

# A partial build on purpose ("would these two GPUs run on this PSU?"): the missing essentials are
# notes and the PSU is judged; the same parts without the mark fail BLD001; --partial marks any file.
run check examples/builds/partial-two-4090-one-psu.json
expect_exit 0
expect_stdout_contains "BLD001 the partial build has no board"
expect_stdout_contains "PWR002 transient peak"
run check tests/data/builds/two-4090-one-psu.json
expect_exit 1
expect_stdout_contains "add the part to the build file; or mark the build partial"
run check tests/data/builds/two-4090-one-psu.json --partial --format json
expect_exit 0
expect_json "all(x['severity'] == 'info' for x in d['builds'][0]['diagnostics'] if x['code'] == 'BLD001') and any(x['code'] == 'PWR002' for x in d['builds'][0]['diagnostics'])"

# Partial builds are judged in generic stand-ins for the chassis they leave out (issue 29): a tower
# for the two open-air cards, a 4U server chassis for two passive L40S; BLD002 names the stand-in,
# the chassis rules run, and what no standard fixes comes out "not verified" / "not checked".
run check examples/builds/partial-two-4090-one-psu.json
expect_exit 0
expect_stdout_contains "judged in generic-atx-tower, an assumed generic ATX desktop tower"
run check examples/builds/partial-two-l40s-one-psu.json --format json
expect_exit 0
expect_json "any(x['code'] == 'BLD002' and 'generic-4u-server-chassis' in x['message'] for x in d['builds'][0]['diagnostics']) and any(x['code'] == 'THM005' and 'not verified' in x['message'] for x in d['builds'][0]['diagnostics']) and not any(x['code'] == 'THM002' for x in d['builds'][0]['diagnostics'])"

# A B300 (compute capability 10.3) on CUDA 12.8 is a warning naming what breaks: sm_100 code runs by
# binary compatibility, sm_100a code does not, and the GPU needs CUDA 12.9's driver; 12.9 targets it.
run check tests/data/builds/b300-cuda128-partial.json --format json
expect_json "[x['severity'] for x in d['builds'][0]['diagnostics'] if x['code'] == 'SW001'] == ['warning'] and any('sm_100a kernels do not load on 10.3' in x['message'] and '575.51.03' in x['message'] for x in d['builds'][0]['diagnostics'] if x['code'] == 'SW001')"
run check tests/data/builds/b300-cuda129-partial.json --format json
expect_json "not any(x['code'] == 'SW001' for x in d['builds'][0]['diagnostics'])"
