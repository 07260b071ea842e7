# The bad-input corpus (tests/bad_inputs/, written by tools/make_bad_inputs.py) through every
# command that reads files: each must exit 2 within 10 s, name the file on stderr (with line and
# column for syntax errors; size and cluster requests always), print nothing on stdout in JSON mode,
# and leave nothing behind.
SRC=$PWD
HERE=$(mktemp -d)
cd "$HERE" || exit 1
run_t() {
  LAST="rigplan $*"
  timeout 10 "$RIGPLAN" "$@" >"$OUT" 2>"$ERR"
  CODE=$?
}
expect_named() {  # stderr names the file, with line:column for syntax errors
  local f=$1 base
  base=$(basename "$f")
  grep -qF -- "$base" "$ERR" || fail "stderr does not name $base"
  case "$base" in
    syntax-*) grep -qE -- "$base:[0-9]+:[0-9]+: " "$ERR" || fail "no line:column for $base" ;;
  esac
}
count=0
for f in "$SRC"/tests/bad_inputs/catalog/*.json; do
  run_t catalog validate "$f"
  expect_exit 2; expect_named "$f"
  run_t --catalog "$f" catalog list --format json
  expect_exit 2; expect_stdout_empty
  count=$((count + 1))
done
for f in "$SRC"/tests/bad_inputs/build/*.json; do
  run_t check "$f" --format json
  expect_exit 2; expect_stdout_empty; expect_named "$f"
  run_t topo "$f" --format json
  expect_exit 2; expect_stdout_empty
  run_t size --model gpt-2-124m --build "$f" --format json
  expect_exit 2; expect_stdout_empty
  count=$((count + 1))
done
for f in "$SRC"/tests/bad_inputs/sweep/*.json; do
  run_t sweep "$f" --format jsonl
  expect_exit 2; expect_stdout_empty
  case "$(basename "$f")" in base-*|size-*|set-unknown-path*|set-invalid-value*) ;; *) expect_named "$f" ;; esac
  count=$((count + 1))
done
for f in "$SRC"/tests/bad_inputs/plan/*.json; do
  run_t plan "$f" --format json
  expect_exit 2; expect_stdout_empty; expect_named "$f"
  count=$((count + 1))
done
# Size and cluster requests: the base file of a sweep spec written here (and removed), so the
# errors name the request file, with line:column.
for cmd in size cluster; do
  axis=$([ "$cmd" = size ] && echo "micro_batch=1..2" || echo "rack_kw=20,40")
  for f in "$SRC"/tests/bad_inputs/$cmd/*.json; do
    printf '{"schema_version": 1, "command": "%s", "base": "%s", "set": ["%s"]}\n' "$cmd" "$f" "$axis" >"$HERE/spec.json"
    run_t sweep "$HERE/spec.json" --format jsonl
    expect_exit 2; expect_stdout_empty; expect_named "$f"
    grep -qE -- "$(basename "$f"):[0-9]+:[0-9]+: " "$ERR" || fail "no line:column for $(basename "$f")"
    rm -f "$HERE/spec.json"
    count=$((count + 1))
  done
done
[ "$count" -ge 100 ] || fail "only $count files in the corpus"

# Made here: a 50 MB file, a directory, a missing path.
BIG=$(mktemp -d)
python3 -c "import json; print(json.dumps({'schema_version': 1, 'parts': [], 'description': 'x' * 50000000}))" >"$BIG/big.json"
run_t catalog validate "$BIG/big.json"
expect_exit 2; expect_stderr_contains "big.json: file is larger than 32 MiB"
run_t check "$BIG/big.json" --format json
expect_exit 2; expect_stdout_empty
rm -rf "$BIG"
run_t catalog validate "$SRC/tests"
expect_exit 2; expect_stderr_contains "is a directory"
run_t check "$SRC/tests/bad_inputs/build/does-not-exist.json" --format json
expect_exit 2; expect_stdout_empty; expect_stderr_contains "does-not-exist.json: no such file"

# Nothing left behind in the working directory.
[ -z "$(ls -A "$HERE")" ] || fail "files left behind: $(ls -A "$HERE")"
cd "$SRC" && rm -rf "$HERE"
