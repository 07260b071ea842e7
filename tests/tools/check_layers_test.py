#!/usr/bin/env python3
"""tools/check_layers.py on small made-up trees: it passes a tree that keeps its map and names
each edge, folder and header that breaks it (an upward include, an unlisted folder or header, a map
whose layer uses one listed after it)."""
import os
import subprocess
import sys
import tempfile

TOOL = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "check_layers.py")


def tree(root, layers, files):
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "docs", "architecture.md"), "w") as f:
        f.write("# map\n\n```layers\n" + layers + "```\n")
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)


def run(layers, files):
    with tempfile.TemporaryDirectory() as root:
        tree(root, layers, files)
        p = subprocess.run([sys.executable, TOOL, root], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr


BASE = {
    "include/rigplan/low.hpp": "#pragma once\n",
    "include/rigplan/high.hpp": '#pragma once\n#include "rigplan/low.hpp"\n',
    "src/low/low.cpp": '#include "rigplan/low.hpp"\n',
    "src/high/high.cpp": '#include "rigplan/high.hpp"\n#include "low/detail.hpp"\n',
    "src/low/detail.hpp": "#pragma once\n",
}
MAP = "low: | low\nhigh: low | high\n"

failures = []


def expect(name, code, needle, layers, files):
    rc, out = run(layers, files)
    if rc != code or needle not in out:
        failures.append(f"{name}: rc {rc} (want {code}), output:\n{out}")


expect("clean tree", 0, "all along the map", MAP, BASE)
expect("upward include", 1, "src/low/low.cpp:2: low/ includes rigplan/high.hpp (high/)", MAP,
       {**BASE, "src/low/low.cpp": '#include "rigplan/low.hpp"\n#include "rigplan/high.hpp"\n'})
expect("header upward", 1, "include/rigplan/low.hpp:2: low/ includes rigplan/high.hpp", MAP,
       {**BASE, "include/rigplan/low.hpp": '#pragma once\n#include "rigplan/high.hpp"\n'})
expect("unlisted folder", 1, "src/extra/ is not in the layer map", MAP, {**BASE, "src/extra/x.cpp": ""})
expect("unowned header", 1, "include/rigplan/stray.hpp is owned by no layer", MAP,
       {**BASE, "include/rigplan/stray.hpp": ""})
expect("map with a cycle", 1, "uses high, which the map does not list before it", "low: high | low\nhigh: low | high\n", BASE)

if failures:
    print("\n\n".join(failures))
    sys.exit(1)
print("check_layers_test: 6 cases as expected")
