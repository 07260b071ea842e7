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
for t in json_text catalog build range plan sweep_spec inspect; do
  seeds=tests/fuzz/corpus/${t/json_text/json}
  scratch=$(mktemp -d)
  cp "$seeds"/* "$scratch"/
  echo "fuzz_$t: ${secs}s"
  # -dict: syntax, field names and 64-byte runs; -max_len: room for strings of thousands of
  # characters (issue 19).
  (cd tests/fuzz && "$dir/fuzz_$t" -seed=1 -max_total_time="$secs" -max_len=65536 -dict="dict/${t/json_text/json}.dict" \
    -rss_limit_mb=4096 -print_final_stats=1 "$scratch" 2>&1 |
    grep -E "DONE|stat::number_of_executed_units|ERROR|SUMMARY") || { echo "fuzz_$t failed"; exit 1; }
  rm -rf "$scratch"
done
