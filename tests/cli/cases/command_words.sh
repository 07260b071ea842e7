# The first word of a command line (issue 31): no arguments prints the help (exit 0), `help CMD`
# prints that command's help, `version` is --version, and a word that names no command is refused
# with a suggestion and exit 2, never "A subcommand is required".
run
expect_exit 0; expect_stdout_contains "Usage:"; expect_stdout_contains "plan"; expect_stderr_empty
run help
expect_exit 0; expect_stdout_contains "Usage:"; expect_stdout_contains "check"
run help plan
expect_exit 0; expect_stdout_contains "--budget"; expect_stdout_lacks "--oversubscription"
run help cluster
expect_exit 0; expect_stdout_contains "--oversubscription"
run help catalog prices
expect_exit 0; expect_stdout_contains "--stale"
run help chek
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'unknown command "chek" (did you mean "check"?)'
run chek examples/builds/seed-two-3090.json
expect_exit 2; expect_stdout_empty; expect_stderr_contains 'unknown command "chek" (did you mean "check"?)'
! grep -q "subcommand is required" "$ERR" || fail "CLI11's message instead of ours"
run --prices msrp plna --gpus 1
expect_exit 2; expect_stderr_contains 'unknown command "plna" (did you mean "plan"?)'
run frobnicate
expect_exit 2; expect_stderr_contains 'unknown command "frobnicate"'; expect_stderr_contains "--help"
run version
expect_exit 0; expect_stdout_contains "rigplan "
V=$(cat "$OUT")
run --version
[ "$(cat "$OUT")" = "$V" ] || fail "version and --version differ"
# A subcommand still parses as before.
run rules --format json
expect_exit 0; expect_json
