#!/usr/bin/env bash
# Runs one CLI test case: a small bash script under tests/cli/cases/ that calls `run ARGS...`
# (the real rigplan binary) and then states what it expects of the exit code, stdout and
# stderr. Golden files live in tests/cli/golden/; UPDATE_GOLDEN=1 rewrites them.
# Usage: run_case.sh PATH/TO/rigplan CASE.sh   (from the source root)
set -u
RIGPLAN=$1
CASE=$2
GOLDEN_DIR=tests/cli/golden
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FAILED=0
OUT=$WORK/stdout
ERR=$WORK/stderr
CODE=0
LAST=""

SCHEMA=1  # the schema_version the command's JSON document carries (docs/json-contract.md)
run() {
  LAST="rigplan $*"
  SCHEMA=1
  for a in "$@"; do
    case $a in
      check) SCHEMA=2; break ;;
      catalog | plan | size | cluster | tco | sweep | rules | topo | completion | man) break ;;
    esac
  done
  "$RIGPLAN" "$@" >"$OUT" 2>"$ERR"
  CODE=$?
}
fail() {
  echo "FAIL: $LAST: $*"
  echo "--- stdout (first 20 lines)"; head -20 "$OUT"
  echo "--- stderr (first 20 lines)"; head -20 "$ERR"
  FAILED=1
}
expect_exit() { [ "$CODE" -eq "$1" ] || fail "exit code $CODE, expected $1"; }
expect_stdout_contains() { grep -qF -- "$1" "$OUT" || fail "stdout lacks: $1"; }
expect_stdout_lacks() { ! grep -qF -- "$1" "$OUT" || fail "stdout has: $1"; }
expect_stderr_contains() { grep -qF -- "$1" "$ERR" || fail "stderr lacks: $1"; }
expect_stdout_empty() { [ ! -s "$OUT" ] || fail "stdout is not empty"; }
expect_stderr_empty() { [ ! -s "$ERR" ] || fail "stderr is not empty"; }
expect_json() {  # stdout is one JSON document; optional python expression over `d` must hold
  python3 - "$OUT" "${1:-True}" "$SCHEMA" <<'PY' || fail "stdout is not the expected JSON (${1:-valid})"
import json, sys
d = json.load(open(sys.argv[1]))
assert d.get("schema_version") == int(sys.argv[3]), "schema_version"
assert eval(sys.argv[2]), sys.argv[2]
PY
}
expect_golden() {  # stdout equals tests/cli/golden/NAME
  local g=$GOLDEN_DIR/$1
  if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$OUT" "$g"; return; fi
  [ -f "$g" ] || { fail "missing golden file $g (run with UPDATE_GOLDEN=1)"; return; }
  diff -u "$g" "$OUT" >"$WORK/diff" || { fail "stdout differs from $g"; head -40 "$WORK/diff"; }
}

# shellcheck source=/dev/null
source "$CASE"
if [ "$FAILED" -ne 0 ]; then exit 1; fi
echo "ok: $(basename "$CASE")"
