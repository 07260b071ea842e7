# Hostile inputs (issue 19), made here at test time by tools/make_hostile_inputs.py: strings of
# 50,000 characters, value lists of thousands of entries, overlays of 100,000 parts, sweeps of 200
# axes, FIFOs and other special files, --emit into a directory with planted files and links.
# Each must end in under 1 GiB of memory with its contract's exit code (2 for bad input, with a
# message naming the input) — never a signal, never a hang. The time bound is a hang guard, six
# times the 5 s (20 s) each run is meant to take, so that a loaded CI machine does not fail it;
# the real times are measured and written in docs/limits.md, not asserted here.
SRC=$PWD
H=$(mktemp -d)
# A sanitizer build (CI runs this suite under ASan, in Debug) maps terabytes of shadow memory,
# so no address-space limit can apply, and runs many times slower: there the time bounds are
# 20x, the overlays a tenth the size, and memory is left to ASan's own checks.
LIMIT_AS="ulimit -v 1300000"; SLOW=1; SCALE=1; HANG_GUARD=6
if ! ( ulimit -v 1300000; "$RIGPLAN" --version ) >/dev/null 2>&1; then LIMIT_AS=":"; SLOW=20; SCALE=10; fi
python3 "$SRC/tools/make_hostile_inputs.py" "$H" "$SCALE" || fail "make_hostile_inputs.py failed"
# run_h [SECONDS] -- ARGS: rigplan bounded in time and address space (1 GiB of heap and stack
# beyond the ~200 MB a bare run maps for its threads and libraries).
run_h() {
  local secs=5
  if [ "$1" != "--" ]; then secs=$1; shift; fi
  shift
  secs=$((secs * SLOW * HANG_GUARD))
  LAST="rigplan $*"
  ( $LIMIT_AS; exec timeout "$secs" "$RIGPLAN" "$@" ) >"$OUT" 2>"$ERR"
  CODE=$?
  [ "$CODE" -ne 124 ] || fail "did not finish within $secs s"
  [ "$CODE" -lt 128 ] || fail "killed by signal $((CODE - 128))"
  ! grep -q "std::bad_alloc\|terminate called" "$ERR" || fail "aborted"
}
bad_in() { expect_exit 2; expect_stdout_empty; [ -z "${1:-}" ] || expect_stderr_contains "$1"; }
# A message echoes a long name by its start and length (kMaxEchoedName), never in full.
short_err() { [ "$(wc -c <"$ERR")" -lt 4000 ] || fail "stderr of $(wc -c <"$ERR") bytes echoes a long input in full"; }

# Long strings: ids, URLs, versions, references, names (regex and edit distance stay bounded).
for f in cat-long-id cat-long-id-dashes cat-long-source cat-long-reference; do
  run_h -- catalog validate "$H/$f.json"; bad_in "$f.json"
  run_h -- --catalog "$H/$f.json" catalog list --format json; bad_in "$f.json"
done
for f in build-long-cuda build-long-cuda-digits build-long-outlet build-long-gpu build-long-name; do
  run_h -- check "$H/$f.json" --format json; bad_in "$f.json"
done
run_h -- sweep "$H/sweep-long-path.json"; bad_in "sweep-long-path.json"
run_h -- plan "$H/plan-long-gpu.json"; bad_in "plan-long-gpu.json"; short_err
run_h -- sweep "$H/sweep-long-list.json" --limit 3 --format jsonl
expect_exit 0
[ "$(wc -l <"$OUT")" -eq 3 ] || fail "expected 3 rows"
LONG=$(python3 -c "print('us-' * 20000)")
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set "outlet=$LONG"; bad_in "outlet"
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set "outlet=us-120v-15a,$LONG"; bad_in
run_h -- plan --gpu "$LONG" --gpus 1; bad_in "unknown gpu"; short_err; expect_stderr_contains "(60000 characters)"
run_h -- plan --outlet "$LONG" --gpus 1; bad_in "unknown outlet"; short_err
run_h -- size --model "$LONG"; bad_in "no model preset"; short_err
run_h -- cluster --node "$LONG" --nodes 2; bad_in; short_err
run_h -- catalog show "$LONG"; bad_in "unknown part"; short_err
run_h -- tco --node "$LONG"; bad_in "unknown node"; short_err
run_h -- size --gpu "$LONG" --model llama-3-8b; bad_in "unknown gpu"; short_err
run_h -- plan --gpus 2 --format "$LONG"; bad_in "--format"; short_err

# Sweeps: a huge array index, 200 axes, invalid UTF-8 in a value no sample reaches, a base that is
# a directory, and sizes refused before any work.
run_h -- sweep "$H/sweep-huge-index.json"; bad_in "not an entry of that list"
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set 'gpus[99999999999].count=1'; bad_in "not an entry"
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set 'software[99999999999]=1'; bad_in
run_h -- sweep "$H/sweep-200-axes.json" --limit 2; bad_in "more than 64 axes"
run_h -- sweep "$H/sweep-200-axes-zip.json" --limit 2 --format jsonl; expect_exit 0
BADU8=$(python3 -c "import sys; sys.stdout.buffer.write(b','.join([b'us-120v-15a'] * 300 + [b'\xff\xfe']))")
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set "outlet=$BADU8"; bad_in "not valid UTF-8"
run_h -- sweep "$H/sweep-base-dir.json"; bad_in "basedir.json: is a directory"
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set 'gpus[0].power_limit_w=1..9999999' --set 'memory[0].count=1..9999999'
bad_in "more than the axes have left"
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set 'gpus[0].power_limit_w=1..1000000' --set 'memory[0].count=1..9000' --shard 1/2
bad_in "one run computes at most"

# Special files: FIFOs, a directory holding a .json FIFO, devices. Refused at once, exit 2.
mkfifo "$H/fifo.json"
run_h 3 -- catalog validate "$H/fifo.json"; bad_in "FIFO"
run_h 3 -- --catalog "$H/fifo.json" catalog list; bad_in "FIFO"
run_h 3 -- check "$H/fifo.json"; bad_in "FIFO"
run_h 3 -- plan "$H/fifo.json"; bad_in "FIFO"
run_h 3 -- sweep "$H/fifo.json"; bad_in "FIFO"
run_h 3 -- sweep --check "$H/fifo.json" --set 'gpus[0].count=1..2'; bad_in "FIFO"
mkdir "$H/fifodir"; mkfifo "$H/fifodir/a.json"
run_h 3 -- check "$H/fifodir"; bad_in "a.json: is a FIFO"
printf '%s' '{"schema_version": 1, "command": "check", "base": "fifo.json", "set": ["gpus[0].count=1..2"]}' >"$H/sweep-fifo-base.json"
run_h 3 -- sweep "$H/sweep-fifo-base.json"; bad_in "FIFO"
run_h 3 -- check /dev/zero; bad_in "is a device"
run_h 3 -- check - <"$SRC/examples/builds/seed-two-3090.json"; expect_exit 0  # stdin by -
run_h 3 -- catalog validate - <"$SRC/tests/fuzz/corpus/catalog/good_overlay.json"; expect_exit 0
expect_stdout_contains "-: ok, 2 parts"

# Overlays at scale: linear and bounded (about 2 s for 20,000 parts on an idle 2-core VM; the
# bound leaves room for a loaded one — quadratic took minutes).
run_h 20 -- catalog validate "$H/cat-20k-one-id.json"; bad_in "more errors in this file"
run_h -- catalog validate "$H/cat-100k-parts.json"; bad_in "a catalog file holds at most 50000"
run_h 20 -- --catalog "$H/cat-20k-gpus.json" catalog list --kind gpu --format json; expect_exit 0
run_h 10 -- --catalog "$H/cat-4k-gpus.json" plan --gpus 1..2 --outlet us-120v-15a --format json
bad_in "configurations, more than one search takes"
run_h 10 -- --catalog "$H/cat-4k-gpus.json" plan --gpus 1..2 --gpu acme-gpu-7 --gpu acme-gpu-3999 --outlet us-120v-15a --format json
expect_exit 0
run_h 20 -- --catalog "$H/cat-4k-twin-gpus.json" plan --gpus 1..2 --outlet us-120v-15a --top 3 --format json
expect_exit 0

# Card placement on a 20-slot board stays bounded, and says so when the search was cut short.
run_h -- --catalog "$H/cat-board-20.json" check "$H/build-20-slots.json"
[ "$CODE" -le 1 ] || fail "exit $CODE"
run_h -- --catalog "$H/cat-board-20.json" topo "$H/build-20-slots.json"; expect_exit 0
run_h -- --catalog "$H/cat-board-20.json" check "$H/build-20-slots-7-models.json"
[ "$CODE" -le 1 ] || fail "exit $CODE"
expect_stdout_contains "the placement search stopped after 200000 steps"
run_h -- --catalog "$H/cat-board-20.json" topo "$H/build-20-slots-7-models.json"; expect_exit 0
expect_stderr_contains "the placement search stopped after 200000 steps"
run_h -- --catalog "$H/cat-board-20.json" check "$H/build-20-slots-nics.json"
[ "$CODE" -le 1 ] || fail "exit $CODE"

# --emit: never overwrites without --force, never follows a planted link, leaves nothing half-written.
E=$H/emit; mkdir "$E"
echo "mine" >"$H/victim"
ln -s "$H/victim" "$E/rank-1.json"
run_h 30 -- plan --gpus 1 --gpu nvidia-rtx-3090-fe --outlet us-120v-15a --top 2 --emit "$E"
bad_in "rank-1.json: is a symbolic link"
[ "$(cat "$H/victim")" = mine ] || fail "--emit wrote through a planted link"
[ ! -e "$E/rank-2.json" ] || fail "--emit wrote some files before refusing"
rm "$E/rank-1.json"; echo "mine" >"$E/rank-2.json"
run_h 30 -- plan --gpus 1 --gpu nvidia-rtx-3090-fe --outlet us-120v-15a --top 2 --emit "$E"
bad_in "rank-2.json: already exists"
[ "$(cat "$E/rank-2.json")" = mine ] || fail "--emit overwrote a file"
ln -s "$H/victim" "$E/rank-1.json"
run_h 30 -- plan --gpus 1 --gpu nvidia-rtx-3090-fe --outlet us-120v-15a --top 2 --emit "$E" --force
expect_exit 0
[ "$(cat "$H/victim")" = mine ] || fail "--emit --force wrote through a planted link"
[ ! -L "$E/rank-1.json" ] || fail "--emit --force left the link in place"
run_t() { run_h 30 -- "$@"; }
run_t check "$E/rank-1.json"; [ "$CODE" -le 1 ] || fail "emitted build does not load"
[ -z "$(find "$E" -name '.*tmp*')" ] || fail "temporary files left behind"

# --plot to a path that cannot be written: refused before any row is printed.
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set 'gpus[0].power_limit_w=200..350:50' --plot "$H/no/such/dir/p.svg"
bad_in "p.svg"
run_h -- sweep --check "$SRC/examples/builds/seed-two-3090.json" --set 'gpus[0].power_limit_w=200..350:50' --plot "$H"
bad_in "is a directory"


# JUnit from a build whose name holds control characters, U+FFFE, markup and a line break: valid
# XML, the name kept as far as XML 1.0 allows.
python3 -c "
import json, sys
b = json.load(open('$SRC/examples/builds/seed-two-3090.json'))
b['name'] = 'a\u0001b\u001b\u0000c\ufffe<&>\"\nd'
json.dump(b, open(sys.argv[1], 'w'))" "$H/ctl.json"
run_h -- check "$H/ctl.json" --format junit
[ "$CODE" -le 1 ] || fail "exit $CODE"
python3 - "$OUT" <<'PY' || fail "--format junit is not valid XML"
import sys, xml.etree.ElementTree as E
name = E.parse(sys.argv[1]).getroot()[0].get("name")
assert name == 'a\ufffdb\ufffd\ufffdc\ufffd<&>"\nd', repr(name)
PY

rm -rf "$H"
