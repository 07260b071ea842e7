# Issue 14's Done criteria seen from the command line: every output that shows a cost says how
# old its prices are and of which kind (text and JSON), cost rankings keep complete costs before
# lower bounds and say which is which, and tco withholds a break-even from a partial purchase.

# plan: the "Prices dated …" line, and per build the dates and kinds in JSON.
run plan --gpus 2 --gpu nvidia-rtx-a6000 --gpu nvidia-rtx-4090-fe --outlet us-120v-15a --objective perf-per-dollar --top 40
expect_exit 0
expect_stdout_contains "Prices dated "
expect_stdout_contains "such builds rank after fully priced ones"
run plan --gpus 2 --gpu nvidia-rtx-a6000 --gpu nvidia-rtx-4090-fe --outlet us-120v-15a --objective perf-per-dollar --top 40 --format json
expect_exit 0
expect_json "d['builds'] and all(b['prices']['oldest'] and b['prices']['newest'] and sum(b['prices']['kinds'].values()) == b['prices']['parts'] > 0 for b in d['builds'])"
# Complete costs first, then lower bounds (builds on a workstation or server board, whose board,
# RDIMMs or cooler have no price; with session 9's priced consumer parts the top 20 are all fully priced, so 40 are asked for), each build saying which it is: never mixed silently.
expect_json "True in [b['cost_complete'] for b in d['builds']] and False in [b['cost_complete'] for b in d['builds']] and [b['cost_complete'] for b in d['builds']] == sorted((b['cost_complete'] for b in d['builds']), reverse=True) and all(b['cost_ranking'] == ('by_cost' if b['cost_complete'] else 'after_complete_costs') and (b['cost_complete'] == (b['unpriced'] == [])) for b in d['builds'])"

# cluster: the cost line's price dates, text and JSON.
run cluster --node nvidia-dgx-h100 --nodes 4
expect_exit 0
expect_stdout_contains "prices dated 2025-03-03: 1 street"
run cluster --node nvidia-dgx-h100 --nodes 4 --format json
expect_exit 0
expect_json "d['prices']['oldest'] == '2025-03-03' and d['prices']['kinds'] == {'street': 1} and d['cost_complete'] is False and 'cables' in d['unpriced']"

# tco: the purchase's price dates in JSON; a node without a price gives no break-even.
run tco --node nvidia-dgx-h100 --nodes 1 --format json
expect_exit 0
expect_json "d['owned']['prices']['newest'] == '2025-03-03' and d['owned']['purchase_complete'] is True and d['break_even']['hours_per_week'] > 0"
run tco --node nvidia-dgx-a100 --nodes 2 --format json
expect_exit 0
expect_json "d['break_even']['hours_per_week'] is None and d['break_even']['months'] is None and 'nvidia-dgx-a100' in d['break_even']['withheld'] and d['owned']['purchase_complete'] is False"

# tco --cloud naming another GPU's offer (the seed case's 4090): said so, with the speed comparison.
run tco examples/builds/seed-desktop.json --hours-per-week 10 --purchase-usd 3200 --cloud hyperbolic-1x-rtx4090-11-45 --format json
expect_exit 0
expect_json "d['cloud_match']['same_gpu'] is False and d['cloud'][0]['basis'].startswith('nvidia-rtx-4090-fe: ') and 'tokens/s predicted' in d['cloud'][0]['basis']"
