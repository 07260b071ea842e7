#!/bin/sh
# Every GPU in the catalog at 1-8 cards for a LoRA fine-tune of Llama 3 8B: does it fit, how long
# for 100M tokens? (GPU ids come from the catalog itself.)
gpus=$(build/rigplan catalog list --kind gpu --format csv 2>/dev/null | tail -n +2 | cut -d, -f1 | paste -sd, -)
exec build/rigplan sweep --size '{"model": "llama-3-8b", "mode": "lora", "tokens": 1e8}' \
  --set "gpu=$gpus" --set count=1..8 --metrics fits,memory.per_gpu.total_bytes,time.days "$@"
