# Unified-memory machines (issue 30): `size` lists them beside the cheapest discrete cards for an
# inference workload, `size --system` sizes on one, `plan` lists them beside its builds, and the
# catalog shows the kind.
run size --model llama-3-70b --mode infer --precision int4
expect_exit 0
expect_golden size-llama-3-70b-int4-machines.txt
expect_stdout_contains "nvidia-dgx-spark"
expect_stdout_contains "unified memory"

run size --model llama-3-70b --mode infer --precision int4 --format json
expect_exit 0
expect_json "any(m['id'] == 'nvidia-dgx-spark' and m['kind'] == 'unified_system' and m['fits'] and m['price_covers'] == 'machine' for m in d['machines'])"
expect_json "any(m['kind'] == 'gpu' and m['price_covers'] == 'cards' for m in d['machines'])"

run size --model llama-3-70b --mode infer --precision int4 --system nvidia-dgx-spark
expect_exit 0
expect_stdout_contains "on nvidia-dgx-spark (GB10): unified memory, 120 of its 128 GiB for the GPU"
expect_stdout_contains "Verdict: FITS"

run size --model llama-3-70b --mode infer --precision int4 --system nvidia-dgx-spark --perf unified_os_reserve_gib=100 --format json
expect_exit 1
expect_json "d['fits'] == False and d['hardware']['system'] == 'nvidia-dgx-spark'"

run size --model llama-3-70b --mode infer --system nvidia-dgx-spark --gpu nvidia-rtx-4090-fe
expect_exit 2
expect_stderr_contains "give gpu or system, not both"

run size --model llama-3-70b --mode infer --system nvidia-rtx-4090-fe
expect_exit 2
expect_stderr_contains '"nvidia-rtx-4090-fe" is a gpu, not a unified_system'

run catalog list --kind unified_system
expect_exit 0
expect_stdout_contains "framework-desktop-ryzen-ai-max-395-128gb"

run catalog show nvidia-dgx-spark --format json
expect_exit 0
expect_json "d['part']['kind'] == 'unified_system' and d['part']['memory_bandwidth_gb_s'] == 273"

# The partners' GB10 boxes and the other Strix Halo machines: one priced at a retailer (street), the
# unpriced ones listed after the priced, each saying why it has no price.
run size --model llama-3-70b --mode infer --precision int4 --format json
expect_exit 0
expect_json "any(m['id'] == 'asus-ascent-gx10-1tb' and m['fits'] and m['price_covers'] == 'machine' for m in d['machines'])"
expect_json "any(m['id'] == 'gmktec-evo-x2-ryzen-ai-max-395-128gb' and m['fits'] for m in d['machines'])"
run catalog show hp-z2-mini-g1a-ryzen-ai-max-pro-395-128gb --format json
expect_exit 0
expect_json "d['part']['chip'] == 'Ryzen AI Max+ PRO 395' and d['part']['memory_gib'] == 128 and 'no_price' in d['part']"

# plan lists the unified machines beside its builds (not ranked with them), for inference only.
run plan --model llama-3-70b --mode infer --precision int4 --top 1
expect_exit 0
expect_stdout_contains "Unified-memory machines beside the builds (whole computers, not ranked with them; decode at batch 1):"
run plan --model llama-3-70b --mode infer --precision int4 --top 1 --format json
expect_exit 0
expect_json "any(m['id'] == 'nvidia-dgx-spark' and m['fits'] and m['decode_tokens_per_s'] > 0 for m in d['unified_systems'])"
run plan --model llama-3-8b --mode lora --top 1 --format json
expect_exit 0
expect_json "'unified_systems' not in d"
