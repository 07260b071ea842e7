#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a bounded time on a
# scratch copy of its seed corpus. Any crash fails the run and leaves the crashing input in
# tests/fuzz/ so it can become a regression test (tests/fuzz/regressions/). A fixed seed makes a
# run reproducible: CI explores the same inputs a developer explored before pushing.
# Usage: tests/fuzz/run.sh [SECONDS_PER_TARGET]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
secs=${1:-20}
# RIGPLAN_FUZZ_BUILD names a build directory already configured with -DRIGPLAN_FUZZ=ON (CI reuses
# its sanitizer build); by default a fuzz-only build goes to build-fuzz.
dir=${RIGPLAN_FUZZ_BUILD:-build-fuzz}
case $dir in /*) ;; *) dir=$root/$dir ;; esac
if [[ ! -f "$dir/CMakeCache.txt" ]]; then
  CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRIGPLAN_FUZZ=ON -DRIGPLAN_BUILD_TESTS=OFF >/dev/null
fi
grep -q "^RIGPLAN_FUZZ:BOOL=ON" "$dir/CMakeCache.txt" || { echo "run.sh: $dir is not a -DRIGPLAN_FUZZ=ON build" >&2; exit 2; }
cmake --build "$dir" -j"$(nproc)" --target fuzz_catalog fuzz_build fuzz_json_text fuzz_range fuzz_plan fuzz_sweep_spec fuzz_inspect
# RIGPLAN_FUZZ_JOBS targets run at once (each for the same time as alone; 1 by default).
jobs=${RIGPLAN_FUZZ_JOBS:-1}
fuzz_one() {
  local t=$1 seeds=tests/fuzz/corpus/${1/json_text/json} scratch
  scratch=$(mktemp -d)
  cp "$seeds"/* "$scratch"/
  # -dict: syntax, field names and 64-byte runs; -max_len: room for strings of thousands of
  # characters (issue 19).
  local rc=0
  (cd tests/fuzz && "$dir/fuzz_$t" -seed=1 -max_total_time="$secs" -max_len=65536 -dict="dict/${t/json_text/json}.dict" \
    -rss_limit_mb=4096 -print_final_stats=1 "$scratch" >"$scratch.log" 2>&1) || rc=$?
  grep -E "DONE|stat::number_of_executed_units|ERROR|SUMMARY" "$scratch.log" | sed "s/^/fuzz_$t: /" || true
  rm -rf "$scratch" "$scratch.log"
  [ $rc -eq 0 ] || { echo "fuzz_$t failed"; return 1; }
}
pids=() failed=0
for t in json_text catalog build range plan sweep_spec inspect; do
  echo "fuzz_$t: ${secs}s"
  fuzz_one "$t" & pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
exit $failed
