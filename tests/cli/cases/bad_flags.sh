# Flags that must be refused with exit 2 and a message naming the flag (issue 19): NaN and
# infinities in every float flag (CLI11's range check lets NaN through), counts with a sign or
# junk, shard specs with junk or out of range, --hours-per-week 0, a part of a kind the planner
# does not choose in --include, one field swept under two names.
B=examples/builds/seed-two-3090.json
for v in nan -inf; do  # strtod reads NaN, -nan, 1e999 (as inf) the same ways
  for args in "plan --gpus 1 --budget" "plan --gpus 1 --min-vram" "plan --gpus 1 --min-total-vram" \
              "plan --gpus 1 --model gpt-2-124m --deadline" "plan --gpus 1 --model gpt-2-124m --tokens" \
              "size --model gpt-2-124m --mfu" "size --model gpt-2-124m --tokens" "size --params" \
              "cluster --node nvidia-dgx-h100 --nodes 2 --oversubscription" "cluster --node nvidia-dgx-h100 --nodes 2 --rack-kw" \
              "cluster --node nvidia-dgx-h100 --nodes 2 --mfu" "cluster --node nvidia-dgx-h100 --nodes 2 --deadline" \
              "tco $B --kwh-price" "tco $B --pue" "tco $B --hours-per-week" "tco $B --years" "tco $B --purchase-usd"; do
    # shellcheck disable=SC2086
    run $args "$v"
    expect_exit 2; expect_stdout_empty
    grep -q "not a finite number\|is not a number\|outside" "$ERR" || fail "no reason given for $v"
  done
done
for v in NaN -nan inf 1e999 "" 12abc; do  # the other spellings, on one flag
  run plan --gpus 1 --budget "$v"
  expect_exit 2; expect_stdout_empty; expect_stderr_contains "--budget"
done
run tco "$B" --hours-per-week 0
expect_exit 2; expect_stderr_contains "--hours-per-week"
run tco "$B" --hours-per-week 0.5
expect_exit 0; expect_stdout_lacks "after 0.0 months"

# Counts and shards.
for lim in 0 -1 1x 1.5 "" +3 99999999999999999999; do
  run sweep --check "$B" --set 'gpus[0].count=1..2' --limit "$lim"
  expect_exit 2; expect_stdout_empty
done
for sh in 2/8x x2/8 -1/8 1/-8 0/8 9/8 1/0 2 / 1//2 " 1/2" 18446744073709551617/2; do
  run sweep --check "$B" --set 'gpus[0].count=1..2' --shard "$sh"
  expect_exit 2; expect_stdout_empty
  expect_stderr_contains "--shard"
  ! grep -q 18446744073709551615 "$ERR" || fail "a negative shard echoed as a huge number"
done
# A shard range of a sweep whose size times the shard overflows 64 bits still has right
# boundaries: the last of 3 shards of 3 points is exactly the last point.
run sweep --check "$B" --set 'gpus[0].count=1..3' --shard 3/3 --format jsonl --metrics verdict
expect_exit 0
python3 -c "import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; assert [x['point'] for x in r]==[2], r" "$OUT" ||
  fail "shard 3/3 is not the last point"
run sweep --check "$B" --set 'gpus[0].power_limit_w=200..300' --set 'memory[0].count=1..4' --shard 6000000000000000000/6000000000000000000 --format jsonl --metrics verdict
expect_exit 0
python3 -c "import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; assert [x['point'] for x in r]==[403], r" "$OUT" ||
  fail "the last of 6e18 shards is not the last point"

# One field under two names.
run sweep --check "$B" --set 'gpus[0].count=1..2' --set 'gpus.0.count=1..2'
expect_exit 2; expect_stdout_empty; expect_stderr_contains "the same field as --set gpus[0].count"

# The planner's --include takes only what the planner chooses.
run plan --gpus 1 --include us-120v-15a
expect_exit 2; expect_stdout_empty; expect_stderr_contains "the planner chooses only"
run plan --gpus 1 --include nvidia-dgx-h100
expect_exit 2; expect_stdout_empty; expect_stderr_contains "is a node"

# plan --tokens reads the workload's "tokens" key (0..1e16, as size and cluster do): 0 is a
# workload key like any other, so it needs --model (it was refused as out of range).
run plan --gpus 1 --tokens 0
expect_exit 2; expect_stdout_empty; expect_stderr_contains "describe a workload: give --model too"
run plan --gpus 1 --tokens 1e17
expect_exit 2; expect_stdout_empty; expect_stderr_contains "--tokens"

# --force belongs to --emit.
run plan --gpus 1 --force
expect_exit 2; expect_stderr_contains "--force goes with --emit"

# A sweep spec's inline base: its errors point under /base, with no line:column of some other text.
run sweep tests/bad_inputs/sweep/inline-base-count-zero.json
expect_exit 2; expect_stdout_empty
expect_stderr_contains "inline-base-count-zero.json: /base/gpus/0/count: 0 is below the minimum 1"
