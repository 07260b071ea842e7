# A misspelled flag gets a suggestion from the flags of the command it was given to (issue 31),
# exit 2, nothing on stdout; a flag of another command is not suggested.
run plan --gpu-count 2
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'unknown flag --gpu-count for plan (did you mean'; expect_stderr_contains '"--gpus"?)'
run plan --gpus 1 --budjet 3000
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'unknown flag --budjet for plan (did you mean "--budget"?)'
run plan --gpus 1 --budjet=3000
expect_exit 2; expect_stderr_contains 'unknown flag --budjet for plan (did you mean "--budget"?)'
run cluster --node nvidia-dgx-h100 --nodes 2 --oversubscriptoin 2
expect_exit 2; expect_stderr_contains 'did you mean "--oversubscription"?'
run plan --gpus 1 --oversubscriptoin 2  # cluster's flag, not plan's
expect_exit 2; expect_stderr_contains "unknown flag --oversubscriptoin for plan"
! grep -q 'did you mean "--oversubscription"' "$ERR" || fail "suggested another command's flag"
run catalog prices --stail
expect_exit 2; expect_stderr_contains 'unknown flag --stail for prices (did you mean "--stale"?)'
run --catalgo x.json plan --gpus 1  # a global flag
expect_exit 2; expect_stderr_contains 'did you mean "--catalog"?'
