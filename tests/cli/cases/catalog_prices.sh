# `rigplan catalog prices`: each part's price (amount, kind, date, source) or why it has none; a
# price-update file to fill in with one's own quotes, refused until filled in; once filled in, the
# quotes complete a cost (tco then gives a break-even where it withheld one).

# The switches are sold by quote: none has a price, each says why, and the count is on stderr.
run catalog prices --kind switch --missing
expect_exit 0
expect_golden catalog_prices_switch_missing.txt
expect_stderr_contains "0 of 4 parts priced (0 %)"
expect_stderr_contains "rigplan catalog prices --missing --format update"

# JSON: every part listed has a price or (for a part that can be bought but has none) a reason;
# the summary counts agree with the list; outlets and cloud offers are never listed.
run catalog prices --format json
expect_exit 0
expect_json "d['parts'] and d['listed'] == len(d['parts']) and d['priced'] == sum(p['price'] is not None for p in d['parts']) and all((p['price'] is None) == (p['no_price'] is not None) for p in d['parts']) and not any(p['kind'] in ('outlet', 'cloud') for p in d['parts']) and d['prices']['parts'] == d['priced']"

# What to refresh (--stale): the parts whose price in use is more than 12 months older than the
# catalog's data date, each with the one sentence on why no newer price is on record; the RTX 3090
# FE's 2026 listing keeps it off the list, the RTX 5090 FE's 2025 launch MSRP puts it on.
run catalog prices --stale --kind gpu --format json
expect_exit 0
expect_json "d['parts'] and all(p['stale'] and p['price'] is not None and p['price']['date'] < '2025-11' for p in d['parts']) and d['stale_after_months'] == 12 and d['catalog_date'] >= '2026-11'"
expect_json "[p['no_recent_price'] is not None for p in d['parts'] if p['id'] == 'nvidia-rtx-5090-fe'] == [True] and 'nvidia-rtx-3090-fe' not in [p['id'] for p in d['parts']]"
run catalog prices --stale --kind gpu
expect_exit 0
expect_stdout_contains "WHY NONE NEWER"
expect_stdout_contains "nvidia-rtx-5090-fe"
expect_stderr_contains "have a price more than 12 months older than the catalog's data date ("
# A recent quote takes a part off the list; --stale and --missing ask for different lists.
printf '{"schema_version": 1, "price_updates": [{"id": "nvidia-rtx-5090-fe", "prices": [{"usd": 2999, "date": "2026-11-20", "kind": "quote", "source": "a shop quote"}]}]}' > "$WORK/fresh.json"
run --catalog "$WORK/fresh.json" catalog prices --stale --kind gpu --format csv
expect_exit 0
expect_stdout_lacks "nvidia-rtx-5090-fe"
run catalog prices --stale --missing
expect_exit 2
expect_stderr_contains "--missing"

# A build's parts only, in build order; the open-frame rig's risers are among them.
run catalog prices --build examples/builds/romed8-2t-8x-3090-open-frame.json --format csv
expect_exit 0
expect_stdout_contains "linkup-ultra-pcie4-x16-riser-300,riser,"
expect_stdout_contains "nvidia-rtx-3090-fe,gpu,"

# A fully priced build has nothing missing: its template is empty.
run catalog prices --build examples/builds/seed-desktop.json --missing --format update
expect_exit 0
expect_json "d['price_updates'] == []"
# The template for the DGX H200 (no price): refused until filled in, with each empty field located.
printf '{"schema_version": 1, "parts": [], "price_updates": [{"id": "nvidia-dgx-h200", "prices": [{"usd": null, "date": "", "kind": "quote", "source": ""}]}]}' > "$WORK/template.json"
run catalog validate "$WORK/template.json"
expect_exit 2
expect_stderr_contains "/price_updates/0/prices/0/usd: expected a number"
expect_stderr_contains "/price_updates/0/prices/0/date"
expect_stderr_contains "/price_updates/0/prices/0/source: must not be empty"

# Filled in: validate counts it, and tco gives a break-even it withheld without the price.
printf '{"schema_version": 1, "price_updates": [{"id": "nvidia-dgx-h200", "prices": [{"usd": 400000, "date": "2026-11-20", "kind": "quote", "source": "a reseller quote"}]}]}' > "$WORK/quote.json"
run catalog validate "$WORK/quote.json"
expect_exit 0
expect_stdout_contains "ok, 0 parts, 1 price updates"
run tco --node nvidia-dgx-h200 --nodes 1 --format json
expect_exit 0
expect_json "d['break_even']['hours_per_week'] is None and d['owned']['purchase_complete'] is False"
run --catalog "$WORK/quote.json" tco --node nvidia-dgx-h200 --nodes 1 --format json
expect_exit 0
expect_json "d['owned']['purchase_complete'] is True and d['owned']['prices']['kinds'] == {'quote': 1} and d['break_even']['hours_per_week'] > 0"
run --catalog "$WORK/quote.json" catalog prices --kind node --format json
expect_exit 0
expect_json "[p['price']['usd'] for p in d['parts'] if p['id'] == 'nvidia-dgx-h200'] == [400000]"

# The same count as the catalog tool's coverage report (two independent readings of the files).
cov=$(python3 tools/catalog_prices.py --coverage | sed -n 's/^priced: \([0-9]*\) of \([0-9]*\) .*/\1 \2/p')
[ -n "$cov" ] || fail "tools/catalog_prices.py --coverage gave no count"
run catalog prices --format json
expect_exit 0
expect_json "'{} {}'.format(d['priced'], d['listed']) == '$cov'"
# What is counted: product classes (generic-*) and a barebone's own board and chassis are not
# parts bought on their own; the barebone and its PSU module are.
expect_json "(lambda ids: not any(i.startswith('generic-') for i in ids) and 'asus-esc8000a-e12-board' not in ids and 'supermicro-as-4125gs-tnrt-chassis' not in ids and {'asus-esc8000a-e12', 'asus-esc8000a-e12-psu-3000w', 'supermicro-pws-2k08a-1r'} <= ids)({p['id'] for p in d['parts']})"
