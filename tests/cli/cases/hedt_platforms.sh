# HEDT platforms of 2014-2021 as builds (issue 15): LGA2011-3 (X99 with PCIe switches), TR4 (X399),
# sTRX4 (TRX40) and sWRX8 (WRX80). Each example build checks with the findings its notes promise;
# the boards' slot wiring (widths, switch vs CPU, the X99-E WS's seven-card mode) reaches the
# placement; and the platforms' CPUs, sockets and memory kinds are told apart.
DIR=$(mktemp -d)
codes="[x['code'] for x in d['builds'][0]['diagnostics']]"
lanes="[(c['slot'], c['lanes'], c['source']) for c in d['builds'][0]['placement'] if c['kind'] == 'gpu']"

# X99-E WS: four 1080 Ti at x16 each behind the switches; the ATX 2.x AX1600i rides their 1-10 ms
# peaks at 215 W and at the 250 W default (4 x 250 x 1.3 + 224 W = 1524 W < 1600 W): no PWR002.
X99=examples/builds/x99-e-ws-4x-gtx-1080-ti.json
run check "$X99" --format json
expect_exit 0
expect_json "$lanes == [('PCIEX16_%d' % i, 16, 'switch') for i in (1, 3, 5, 7)]"
expect_json "'PWR002' not in $codes and 'PWR007' in $codes"
sed '/"power_limit_w": 215/d' "$X99" >"$DIR/x99-250w.json"
run check "$DIR/x99-250w.json" --format json
expect_json "'PWR002' not in $codes and round(d['builds'][0]['power']['transient_ms_w']) == 1524"

# ASUS's seven-card mode: with all seven slots populated, PCIEX16_2-7 run at x8 (single-slot cards).
cat >"$DIR/x99-seven.json" <<'JSON'
{"name": "seven single-slot cards on the X99-E WS", "cpu": "intel-core-i7-6850k", "board": "asus-x99-e-ws",
 "memory": [{"part": "corsair-vengeance-lpx-ddr4-3200-8gb", "count": 8}],
 "gpus": [{"part": "nvidia-rtx-a4000", "count": 7}]}
JSON
run check "$DIR/x99-seven.json" --format json
expect_json "$lanes == [('PCIEX16_1', 16, 'switch')] + [('PCIEX16_%d' % i, 8, 'switch') for i in range(2, 8)]"

# The Core i7s take unbuffered DIMMs only; the Xeon E5-1650 v4 on the same board takes RDIMMs.
sed 's/corsair-vengeance-lpx-ddr4-3200-8gb/samsung-ddr4-2666-rdimm-32gb/' "$X99" >"$DIR/x99-rdimm.json"
run check "$DIR/x99-rdimm.json" --format json
expect_json "'MEM004' in $codes"
sed 's/intel-core-i7-6850k/intel-xeon-e5-1650-v4/' "$DIR/x99-rdimm.json" >"$DIR/x99-xeon.json"
run check "$DIR/x99-xeon.json" --format json
expect_json "'MEM004' not in $codes"

# X399 Taichi: ASRock's x16/x8/x16/x8 on the CPU-wired slots.
X399=examples/builds/x399-taichi-4x-titan-xp.json
run check "$X399" --format json
expect_exit 0
expect_json "$lanes == [('PCIE1', 16, 'cpu'), ('PCIE2', 8, 'cpu'), ('PCIE4', 16, 'cpu'), ('PCIE5', 8, 'cpu')]"
# A Threadripper 3000 (sTRX4) does not go into the TR4 board.
sed 's/amd-threadripper-1950x/amd-threadripper-3970x/' "$X399" >"$DIR/x399-3970x.json"
run check "$DIR/x399-3970x.json" --format json
expect_exit 1
expect_json "'CPU001' in $codes"

# Zenith II Extreme Alpha: two 3090s at PCIe 4.0 x16, bridged across three openings (positions 2 and 5).
ZEN=examples/builds/zenith-ii-extreme-alpha-2x-3090.json
run check "$ZEN" --format json
expect_exit 0
expect_json "$lanes == [('PCIEX16_1', 16, 'cpu'), ('PCIEX16_3', 16, 'cpu')]"
expect_json "sorted(set($codes) - {'DATA001'}) == ['THM001']"
# The x8 slots are x8: a card moved to PCIEX16_2 links at x8.
sed 's/"PCIEX16_3"/"PCIEX16_2"/' "$ZEN" >"$DIR/zen-x8.json"
run check "$DIR/zen-x8.json" --format json
expect_json "('PCIEX16_2', 8, 'cpu') in $lanes"

# WRX80E-SAGE SE: four 2080 Ti on two ATX 3.0 supplies; the warnings its notes list, no error.
WRX=examples/builds/wrx80e-sage-4x-rtx-2080-ti.json
run check "$WRX" --format json
expect_exit 0
expect_json "$lanes == [('PCIEX16_%d' % i, 16, 'cpu') for i in (1, 3, 5, 7)]"
expect_json "sorted(set($codes) - {'DATA001'}) == ['NVL004', 'PWR010', 'THM001', 'THM003']"
# Threadripper PRO 3000 WX is sWRX8/WRX80 only: it is refused on the TRX40 board.
sed 's/amd-threadripper-3970x/amd-threadripper-pro-3975wx/' "$ZEN" >"$DIR/zen-pro.json"
run check "$DIR/zen-pro.json" --format json
expect_exit 1
expect_json "'CPU001' in $codes"
rm -rf "$DIR"
