# --report FILE.html (issue 17): each command writes one self-contained page with its sections,
# prints exactly what it prints without the flag (the goldens stay the contract), writes the same
# bytes for the same input, and refuses a path it cannot write with exit 2 before any output.

# check_page FILE ID...: the file is an HTML page with a section per ID, no script, no external load.
check_page() {
  python3 - "$@" <<'PY' || fail "$1 is not the expected report"
import html.parser, sys
path, ids = sys.argv[1], sys.argv[2:]
text = open(path, encoding="utf-8").read()
assert text.startswith("<!DOCTYPE html>"), "doctype"
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.sections = []; s.bad = []; s.ids = []
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if "id" in a: s.ids.append(a["id"])
        if tag == "section": s.sections.append(a.get("id"))
        if tag in ("script", "iframe", "object", "embed") or "src" in a: s.bad.append(tag)
        for k in ("href", "xlink:href"):
            if k in a and not (a[k].startswith("#") or a[k] == "data:,"): s.bad.append(a[k])
p = P(); p.feed(text)
assert not p.bad, p.bad
assert len(p.ids) == len(set(p.ids)), "duplicate ids"
for i in ids: assert i in p.sections, (i, p.sections)
PY
}

# same_stdout ARGS...: stdout and exit code with --report equal those without it.
same_stdout() {
  run "$@"; cp "$OUT" "$WORK/plain.out"; local plain=$CODE
  run "$@" --report "$WORK/same.html"
  [ "$CODE" -eq "$plain" ] || fail "exit $CODE with --report, $plain without"
  cmp -s "$OUT" "$WORK/plain.out" || fail "stdout differs with --report"
}

# check: one build, every section; the same bytes twice; text and JSON output unchanged.
run check examples/builds/seed-two-3090.json --report "$WORK/check.html"
expect_exit 0; echo "[exit $CODE]" >>"$OUT"; expect_golden check/seed-two-3090.txt  # the text output is unchanged
check_page "$WORK/check.html" build slots power topology findings
grep -qF "THM001" "$WORK/check.html" || fail "the finding THM001 is not in the report"
grep -qF "hint: leave a free slot" "$WORK/check.html" || fail "the hint is not in the report"
run check examples/builds/seed-two-3090.json --report "$WORK/check2.html"
cmp -s "$WORK/check.html" "$WORK/check2.html" || fail "two runs wrote different reports"
same_stdout check examples/builds/seed-two-3090.json --format json
# several builds (a failing one among them): numbered sections, the exit code of check
run check examples/builds examples/builds/broken/cpu-socket.json --report "$WORK/many.html"
expect_exit 1
check_page "$WORK/many.html" build-1 slots-1 power-1 findings-1 build-2 findings-2

# plan, size, cluster, sweep
same_stdout plan --gpus 2 --top 3
check_page "$WORK/same.html" ranked build slots power topology findings
same_stdout size --model llama-3-8b --gpu nvidia-h100-sxm5-80gb --count 8
check_page "$WORK/same.html" memory workload
grep -qF "DOES NOT FIT" "$WORK/same.html" || fail "140 GiB on an 80 GiB GPU is not marked"
same_stdout cluster --node nvidia-dgx-h100 --nodes 32 --format json
check_page "$WORK/same.html" cluster
same_stdout sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].power_limit_w=200..350:50' --metrics power.wall_w
check_page "$WORK/same.html" plot
grep -qF "<polyline" "$WORK/same.html" || fail "the sweep report has no plot line"

# Bad paths: exit 2, a message naming --report and the path, nothing on stdout, no file.
run check examples/builds/seed-two-3090.json --report "$WORK/no/such/dir/r.html"
expect_exit 2; expect_stdout_empty; expect_stderr_contains "--report $WORK/no/such/dir/r.html: the directory"
run plan --gpus 2 --report "$WORK"
expect_exit 2; expect_stdout_empty; expect_stderr_contains "is a directory"
run size --model llama-3-8b --report "$WORK/no/r.html"
expect_exit 2; expect_stdout_empty; expect_stderr_contains "--report"
run cluster --node nvidia-dgx-h100 --nodes 2 --report "$WORK/no/r.html"
expect_exit 2; expect_stdout_empty; expect_stderr_contains "--report"
run sweep --check examples/builds/seed-two-3090.json --set 'gpus[0].count=1..2' --report "$WORK/no/r.html"
expect_exit 2; expect_stdout_empty; expect_stderr_contains "--report"
run size --list-models --report "$WORK/list.html"
expect_exit 2; expect_stderr_contains "--list-models"
[ ! -e "$WORK/list.html" ] || fail "a report was written for --list-models"
# Bad input: exit 2 and no report left behind.
run check tests/bad_inputs/build/board-is-a-cpu.json --report "$WORK/bad.html"
expect_exit 2
[ ! -e "$WORK/bad.html" ] || fail "a report was written for a bad build"
