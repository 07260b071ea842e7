# Bifurcation risers (issue 15): a riser that splits one slot among several cards needs the slot's
# firmware to offer that split. A board entry that lists its slots' bifurcation modes refuses a
# riser needing another (exit 2, naming the build file and the JSON pointer of the slot); one that
# does not list them gets RSR003 instead; and the catalog refuses a riser whose outputs need more
# lanes than its plug has.
DIR=$(mktemp -d)
cat >"$DIR/boards.json" <<'JSON'
{"schema_version": 1, "parts": [
 {"id": "test-board-x16-only", "kind": "board", "name": "fixture: SLOT1 offers x16 only", "source": "https://example.com/t",
  "socket": "SP3", "sockets": 1, "chipset": "SoC (none)", "form_factor": "atx", "memory_type": "DDR4", "memory_slots": 8,
  "memory_max_gib": 2048, "dimm_types": ["rdimm"],
  "slots": [{"name": "SLOT1", "position": 1, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu", "bifurcation": ["x16"]},
            {"name": "SLOT2", "position": 3, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu", "bifurcation": ["x16", "x8x8"]}]}]}
JSON
cat >"$DIR/split-denied.json" <<'JSON'
{"name": "two 3090s on an x8x8 riser in a slot that cannot split", "cpu": "amd-epyc-7443p", "board": "test-board-x16-only",
 "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 2, "riser": "c-payne-pcie-bifurcation-x8x8-2w", "slots": ["SLOT1", "SLOT1"]}]}
JSON
run --catalog "$DIR/boards.json" check "$DIR/split-denied.json" --format json
expect_exit 2
expect_stdout_empty
expect_stderr_contains "split-denied.json"
expect_stderr_contains "/gpus/0/slots/0"
expect_stderr_contains "needs slot SLOT1 split x8x8; test-board-x16-only offers only x16"

# The slot that offers x8x8 takes both cards, each at x8.
sed 's/"SLOT1", "SLOT1"/"SLOT2", "SLOT2"/' "$DIR/split-denied.json" >"$DIR/split-ok.json"
run --catalog "$DIR/boards.json" check "$DIR/split-ok.json" --format json
expect_json "all(c['lanes'] == 8 for c in d['builds'][0]['placement'])"
expect_json "'RSR003' not in [x['code'] for x in d['builds'][0]['diagnostics']]"

# A board entry that does not list the modes: the build is accepted, with RSR003.
sed 's/"board": "test-board-x16-only"/"board": "asrock-rack-romed8-2t"/; s/"slots": \["SLOT1", "SLOT1"\]/"slots": ["PCIE1", "PCIE1"]/' "$DIR/split-denied.json" >"$DIR/unstated.json"
run check "$DIR/unstated.json" --format json
expect_json "'RSR003' in [x['code'] for x in d['builds'][0]['diagnostics']]"

# The catalog: a riser whose two x16 outputs need 32 lanes from an x16 plug.
cat >"$DIR/riser.json" <<'JSON'
{"schema_version": 1, "parts": [{"id": "acme-split", "kind": "riser", "name": "r", "source": "https://example.com/r",
  "gen": 4, "lanes": 16, "host_connector": 16, "outputs": 2, "signal": "passive", "shielded": false}]}
JSON
run catalog validate "$DIR/riser.json"
expect_exit 2
expect_stderr_contains "/parts/0/outputs"
rm -rf "$DIR"
