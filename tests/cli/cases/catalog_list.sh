# `catalog list`: every kind, filters, and the three formats.
run catalog list
expect_exit 0
expect_stdout_contains "nvidia-rtx-3090-fe"
expect_stdout_contains "amd-ryzen-9-7900"
expect_stderr_contains "parts"

run catalog list --kind gpu
expect_exit 0
expect_stdout_contains "nvidia-h100-sxm5-80gb"
expect_stdout_lacks "amd-ryzen-9-7900"

run catalog list --kind outlet
expect_exit 0
expect_golden catalog_list_outlet.txt

run catalog list --kind gpu --format json
expect_exit 0
expect_json "all(p['kind'] == 'gpu' for p in d['parts']) and len(d['parts']) >= 40"

run catalog list --kind cpu --format csv
expect_exit 0
expect_stdout_contains "id,kind,name,price_usd,price_date,price_kind,summary,source"
expect_stdout_contains "amd-threadripper-pro-7975wx,cpu,"

run catalog list --kind gpus
expect_exit 2
expect_stdout_empty

run catalog list --format xml
expect_exit 2

# Prices carry their date and kind; --prices msrp picks the launch MSRP where a part has both.
run catalog list --kind gpu --format csv
expect_exit 0
expect_stdout_contains "nvidia-rtx-3090-ti-fe,gpu,NVIDIA GeForce RTX 3090 Ti Founders Edition,1949.99,2025-07-23,street"
run --prices msrp catalog list --kind gpu --format csv
expect_exit 0
expect_stdout_contains "nvidia-rtx-3090-ti-fe,gpu,NVIDIA GeForce RTX 3090 Ti Founders Edition,1999,2022-03,msrp"
run --prices list catalog list
expect_exit 2

# Market status: a column in the table, three CSV columns after source, empty when unknown.
run catalog list --kind gpu --format csv
expect_exit 0
expect_stdout_contains "id,kind,name,price_usd,price_date,price_kind,summary,source,market,market_date,market_source"
expect_stdout_contains ",discontinued,2024-11-12,https://hothardware.com/news/nvidia-reportedly-winds-down-rtx-40-production-as-50-series-gpus-remain-on-track"
run catalog list --kind gpu
expect_exit 0
expect_stdout_contains "MARKET"
expect_stdout_contains "discontinued"
