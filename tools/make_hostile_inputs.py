#!/usr/bin/env python3
"""Writes hostile inputs into a scratch directory at test time: the shapes that broke rigplan in
the reliability review (issue 19) and that are too large to commit — strings of tens of thousands
of characters, value lists of thousands of entries, overlays of 20,000 copies of one part and of
100,000 parts, sweeps of 200 axes.
tests/cli/cases/hostile_inputs.sh runs rigplan on each with a time and memory bound; the small
shapes of the same review live in tests/bad_inputs/ (tools/make_bad_inputs.py).
Usage: make_hostile_inputs.py DIR [SHRINK]  (SHRINK divides the overlay sizes: 10 under sanitizers)"""
import json, os, sys

LONG = 50000  # characters: far past every limit in docs/limits.md

from input_fixtures import BUILD, GPU  # noqa: E402


def write(d, name, doc):
    with open(os.path.join(d, name), "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))


def gpu(**patch):
    g = dict(GPU)
    g.update(patch)
    return g


def build(**patch):
    b = json.loads(json.dumps(BUILD))
    b.update(patch)
    return b


def main(d, shrink=1):
    os.makedirs(d, exist_ok=True)
    # Long strings, in a catalog ...
    write(d, "cat-long-id.json", {"schema_version": 1, "parts": [gpu(id="a" * LONG)]})
    write(d, "cat-long-id-dashes.json", {"schema_version": 1, "parts": [gpu(id="a-" * (LONG // 2) + "a")]})
    write(d, "cat-long-source.json", {"schema_version": 1, "parts": [gpu(source="https://example.com/" + "x" * LONG)]})
    write(d, "cat-long-reference.json", {"schema_version": 1, "parts": [{
        "id": "acme-cloud", "kind": "cloud", "name": "c", "source": "https://example.com/c", "provider": "acme",
        "instance": "x", "gpu": "nvidia-" * (LONG // 7), "gpu_count": 1, "usd_per_hour": 1, "price_seen": "2026-11"}]})
    # ... in a build ...
    write(d, "build-long-cuda.json", build(software={"cuda": "1" + ".1" * (LONG // 2)}))
    write(d, "build-long-cuda-digits.json", build(software={"cuda": "1" * LONG}))
    write(d, "build-long-outlet.json", build(outlet="us-" * (LONG // 3)))
    write(d, "build-long-gpu.json", build(gpus=[{"part": "nvidia-rtx-" + "3" * LONG}]))
    write(d, "build-long-name.json", build(name="n" * LONG))
    # ... in a sweep spec and a plan request.
    values = ",".join(str(250 + i % 100) for i in range(5000))
    write(d, "sweep-long-list.json", {"schema_version": 1, "command": "check", "base": BUILD,
                                      "set": ["gpus[0].power_limit_w=" + values]})
    write(d, "sweep-long-path.json", {"schema_version": 1, "command": "check", "base": BUILD,
                                      "set": ["a" * LONG + "=1"]})
    write(d, "plan-long-gpu.json", {"gpus": 1, "gpu": "nvidia-" * (LONG // 7), "outlet": "us-120v-15a"})
    # Sweeps: a huge array index, 200 axes, a base that is a directory.
    write(d, "sweep-huge-index.json", {"schema_version": 1, "command": "check", "base": BUILD,
                                       "set": ["gpus[999999999999].count=1"]})
    write(d, "sweep-200-axes.json", {"schema_version": 1, "command": "check", "base": BUILD,
                                     "set": [f"gpus[0].power_limit_w={200 + i},{201 + i}" for i in range(200)]})
    write(d, "sweep-200-axes-zip.json", {"schema_version": 1, "command": "check", "base": BUILD, "zip": True,
                                         "set": ["gpus[0].power_limit_w=" + values] * 1 +
                                                [f"memory[0].count=" + ",".join(["2"] * 5000)] +
                                                [f"name=" + ",".join(["n"] * 5000)] * 1})
    os.makedirs(os.path.join(d, "basedir.json"), exist_ok=True)
    write(d, "sweep-base-dir.json", {"schema_version": 1, "command": "check", "base": "basedir.json",
                                     "set": ["gpus[0].count=1..2"]})
    # Overlays at scale: one id 100,000 times; 20,000 priced GPUs; 4,000 GPUs for the planner.
    write(d, "cat-100k-parts.json", {"schema_version": 1, "parts": [{"id": "x", "kind": "gpu"}] * 100000})
    write(d, "cat-20k-one-id.json", {"schema_version": 1, "parts": [gpu()] * (20000 // shrink)})
    write(d, "cat-20k-gpus.json", {"schema_version": 1, "parts": [
        gpu(id=f"acme-gpu-{i}", prices=[{"usd": 1000 + i, "date": "2026-11", "kind": "quote", "source": "https://example.com/q"}]) for i in range(20000 // shrink)]})
    # 4,000 GPU models that differ (each its own price), and 4,000 relabelled copies of one (twins:
    # the planner searches one of them).
    write(d, "cat-4k-gpus.json", {"schema_version": 1, "parts": [
        gpu(id=f"acme-gpu-{i}", prices=[{"usd": 1000 + i, "date": "2026-11", "kind": "quote", "source": "https://example.com/q"}])
        for i in range(4000)]})
    write(d, "cat-4k-twin-gpus.json", {"schema_version": 1, "parts": [gpu(id=f"acme-twin-{i}") for i in range(4000)]})
    # Card placement: seven one-card entries on a 20-slot board.
    slots = [{"name": f"S{i}", "position": i + 1, "physical": 16, "lanes": 16, "gen": 4, "source": "cpu"}
             for i in range(20)]
    board = {"id": "acme-board-20", "kind": "board", "name": "b", "source": "https://example.com/b", "socket": "AM5",
             "sockets": 1, "chipset": "X670E", "form_factor": "e-atx", "memory_type": "DDR5", "memory_slots": 4,
             "memory_max_gib": 192, "dimm_types": ["udimm"], "slots": slots}
    write(d, "cat-board-20.json", {"schema_version": 1, "parts": [board]})
    gpus7 = ["nvidia-rtx-3090-fe", "nvidia-rtx-a6000", "nvidia-rtx-4090-fe"]
    write(d, "build-20-slots.json", build(board="acme-board-20",
                                          gpus=[{"part": gpus7[i % 3], "count": 1} for i in range(7)]))
    seven = ["nvidia-a10", "nvidia-a30", "nvidia-a40", "nvidia-l4", "nvidia-l40", "nvidia-rtx-a6000",
             "nvidia-rtx-3090-fe"]
    write(d, "build-20-slots-7-models.json", build(board="acme-board-20", gpus=[{"part": g} for g in seven]))
    write(d, "build-20-slots-nics.json", build(board="acme-board-20", gpus=[{"part": gpus7[i % 3]} for i in range(4)],
                                               nics=[{"part": "nvidia-connectx-7-ndr"} for _ in range(4)]))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
