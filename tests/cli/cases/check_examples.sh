# Golden tests: `rigplan check` on every example build, text and JSON, with its exit code.
for f in examples/builds/*.json examples/builds/broken/*.json; do
  name=$(echo "$f" | sed 's|examples/builds/||; s|/|-|g; s|\.json$||')
  run check "$f"
  echo "[exit $CODE]" >>"$OUT"
  expect_golden "check/$name.txt"
  run check "$f" --format json
  expect_json "len(d['builds']) == 1 and d['builds'][0]['file'] == '$f'"
done

# The seed desktop passes; a broken build exits 1; --strict turns warnings into failure.
run check examples/builds/seed-desktop.json
expect_exit 0
run check examples/builds/broken/cpu-socket.json
expect_exit 1
run check examples/builds/seed-two-3090.json
expect_exit 0
run check examples/builds/seed-two-3090.json --strict
expect_exit 1

# A directory checks every build in it, in name order.
run check examples/builds/broken --format json
expect_exit 1
expect_json "len(d['builds']) == 11 and all(not b['ok'] for b in d['builds'] if 'net-' not in b['file'])"
