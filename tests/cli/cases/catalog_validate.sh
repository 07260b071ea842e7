# `catalog validate` and `--catalog` overlays: good files pass, bad ones are located exactly.
D=tests/data/catalogs

run catalog validate $D/good_overlay.json
expect_exit 0
expect_stdout_contains "good_overlay.json: ok, 2 parts"

run catalog validate $D/bad_tdp.json
expect_exit 2
expect_stderr_contains "bad_tdp.json:9:16: /parts/0/tdp_w: 5000 is above the maximum 1500"

run catalog validate $D/bad_syntax.json
expect_exit 2
expect_stderr_contains "bad_syntax.json:6:"
expect_stderr_contains "invalid JSON"

run catalog validate $D/bad_syntax.json --format json
expect_exit 2
expect_json "d['files'][0]['valid'] is False and d['files'][0]['errors'][0]['line'] == 6"

run catalog validate $D/missing_file.json
expect_exit 2
expect_stderr_contains "missing_file.json: no such file"

run catalog validate $D
expect_exit 2
expect_stderr_contains "is a directory"

# The overlay replaces a built-in price and adds a part; both show up in every command.
run --catalog $D/good_overlay.json catalog show nvidia-rtx-3090-fe --format json
expect_exit 0
expect_json "d['part']['prices'][0]['usd'] == 699 and d['origin'].endswith('good_overlay.json')"

run catalog list --kind gpu --catalog $D/good_overlay.json
expect_exit 0
expect_stdout_contains "acme-lab-card-24gb"

run --catalog $D/bad_tdp.json catalog list
expect_exit 2
expect_stdout_empty

# An overlay in the pre-price-model shape is refused, with the new shape spelled out.
run catalog validate $D/old_price_overlay.json
expect_exit 2
expect_stderr_contains "/parts/0/price_usd: \"price_usd\" is no longer read"
expect_stderr_contains 'a part'"'"'s price is now a list, "prices"'
