# Ecosystem: --version, shell completions and the man page generated from the CLI, plan --emit's
# $schema, GitHub annotations with line numbers, JUnit XML with an unreadable file among good ones.
run --version
expect_exit 0
grep -Eq '^rigplan [0-9.]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown), catalog data to [0-9]{4}-[0-9]{2}(-[0-9]{2})?\)$' "$OUT" ||
  fail "--version does not print the commit and the catalog date"

for sh in bash zsh fish; do
  run completion $sh
  expect_exit 0
  # subcommands, options, choices and part ids all come from the CLI and the catalog
  expect_stdout_contains "nvidia-rtx-3090-fe"
  expect_stdout_contains "us-120v-15a"
  expect_stdout_contains "perf-per-dollar"
  expect_stdout_contains "llama-3-8b"
  expect_stdout_contains "PWR001"
done
run completion bash
bash -n "$OUT" || fail "the bash completion script does not parse"
# Completing `rigplan plan --gpu nvidia-rtx-30` offers the 3090s, `rigplan ch` offers check.
got=$(bash -c 'source "$1"; COMP_WORDS=(rigplan plan --gpu nvidia-rtx-309); COMP_CWORD=3; _rigplan; printf "%s\n" "${COMPREPLY[@]}"' _ "$OUT")
[[ $got == *nvidia-rtx-3090-fe* && $got != *4090* ]] || fail "bash completion of --gpu: $got"
got=$(bash -c 'source "$1"; COMP_WORDS=(rigplan catalog sh); COMP_CWORD=2; _rigplan; printf "%s\n" "${COMPREPLY[@]}"' _ "$OUT")
[[ $got == show ]] || fail "bash completion of catalog subcommands: $got"
got=$(bash -c 'source "$1"; COMP_WORDS=(rigplan check --form); COMP_CWORD=2; _rigplan; printf "%s\n" "${COMPREPLY[@]}"' _ "$OUT")
[[ $got == --format ]] || fail "bash completion of check options: $got"
# --family offers the catalog's architectures; tco --cloud its offers; inspect --from directories.
got=$(bash -c 'source "$1"; COMP_WORDS=(rigplan plan --family amp); COMP_CWORD=3; _rigplan; printf "%s\n" "${COMPREPLY[@]}"' _ "$OUT")
[[ $got == ampere ]] || fail "bash completion of --family: $got"
got=$(bash -c 'source "$1"; COMP_WORDS=(rigplan tco --cloud lambda-1x-h1); COMP_CWORD=3; _rigplan; printf "%s\n" "${COMPREPLY[@]}"' _ "$OUT")
[[ $got == lambda-1x-h100* ]] || fail "bash completion of tco --cloud: $got"
got=$(bash -c 'source "$1"; COMP_WORDS=(rigplan size --system nvidia-dgx); COMP_CWORD=3; _rigplan; printf "%s\n" "${COMPREPLY[@]}"' _ "$OUT")
[[ $got == nvidia-dgx-spark ]] || fail "bash completion of size --system: $got"
grep -q 'inspect/--from) COMPREPLY=($(compgen -d' "$OUT" || fail "inspect --from does not complete directories"
grep -q 'inspect/--emit) COMPREPLY=($(compgen -f' "$OUT" || fail "inspect --emit does not complete files"
grep -q 'check/--report) COMPREPLY=($(compgen -f' "$OUT" || fail "--report does not complete files"
if command -v zsh >/dev/null; then run completion zsh; zsh -n "$OUT" || fail "the zsh script does not parse"; fi
if command -v fish >/dev/null; then run completion fish; fish -n "$OUT" || fail "the fish script does not parse"; fi
run completion tcsh
expect_exit 2

run man
expect_exit 0
expect_stdout_contains ".TH RIGPLAN 1"
expect_stdout_contains '.SS "rigplan plan [OPTIONS]'
expect_stdout_contains '\fB\-\-nvlink\fR'
expect_stdout_contains "One of: none, wanted, required."
# Each help is its own sentence: roff joins lines, and a help without a full stop ran into the next.
python3 -c "import sys; t=open(sys.argv[1]).read(); sys.exit('Only parts of this kind\nA catalog id' in t)" "$OUT" || fail "man: a help runs into the next sentence"
expect_stdout_contains "One of: gpu, cpu, board"
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww -z "$OUT" 2>"$WORK/groff" || fail "groff rejects the man page"
  [ ! -s "$WORK/groff" ] || fail "groff warns: $(head -3 "$WORK/groff")"
fi

# plan --emit names the schema in each file, and the file still checks unchanged.
E=$WORK/emit; mkdir "$E"
run plan --gpus 1 --gpu nvidia-rtx-3090-fe --outlet us-120v-15a --top 1 --emit "$E"
expect_exit 0
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['\$schema'].endswith('build.schema.json') and list(d)[0] == '\$schema'" "$E/rank-1.json" ||
  fail "the emitted build has no \$schema"
run check "$E/rank-1.json"
expect_exit 0

# GitHub annotations point at the part's line in the build file.
run check examples/builds/broken/cpu-socket.json --format github
expect_exit 1
line=$(grep -n '"cpu"' examples/builds/broken/cpu-socket.json | head -1 | cut -d: -f1)
expect_stdout_contains "::error file=examples/builds/broken/cpu-socket.json,line=$line,title=rigplan CPU001::"

# JUnit: a malformed file among good ones is a test case with an <error>; the rest are reported.
D=$WORK/builds; mkdir "$D"
cp examples/builds/seed-desktop.json "$D/a-good.json"
printf '{"name": "broken", "gpus": [' >"$D/b-broken.json"
cp examples/builds/broken/cpu-socket.json "$D/c-fails.json"
run check "$D" --format junit
expect_exit 2
expect_stdout_contains '<testsuite name="rigplan check" tests="3" failures="1" errors="1">'
expect_stdout_contains "b-broken.json\" file="
expect_stdout_contains '<error message="not a valid build file">'
expect_stdout_contains 'name="seed desktop'
expect_stderr_contains "b-broken.json:1:"
python3 -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" "$OUT" || fail "the JUnit output is not XML"
