#!/usr/bin/env python3
"""The layer map of docs/architecture.md, checked against the code.

The document's `layers` block names each folder of src/, the folders it may include, and the public
headers (include/rigplan/*.hpp) it owns. This script maps every `#include "..."` in src/ and
include/ to the folder it belongs to and fails when
  - an include crosses from one folder to another along an edge the map does not draw,
  - the map itself has a cycle (a layer may use only layers the map lists before it),
  - a folder of src/ or a public header is missing from the map, or the map names one that is gone.
Usage: check_layers.py [ROOT]   (exit 0: the map holds; 1: it does not, with each offending include)
"""
import os
import re
import sys


def read_map(doc_path):
    text = open(doc_path, encoding="utf-8").read()
    m = re.search(r"```layers\n(.*?)```", text, re.S)
    if not m:
        sys.exit(f"{doc_path}: no ```layers block")
    order, deps, owner = [], {}, {}
    for n, line in enumerate(m.group(1).splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        mm = re.fullmatch(r"([\w]+)\s*:\s*([\w\s]*?)\s*(?:\|\s*([\w\s]*))?", line)
        if not mm:
            sys.exit(f"{doc_path}: layers block line {n}: expected 'layer: deps | headers', got {line!r}")
        name, uses, headers = mm.group(1), mm.group(2).split(), (mm.group(3) or "").split()
        for u in uses:
            if u not in deps:
                sys.exit(f"{doc_path}: layer {name} uses {u}, which the map does not list before it")
        order.append(name)
        deps[name] = set(uses)
        for h in headers:
            if h in owner:
                sys.exit(f"{doc_path}: header {h}.hpp is listed under {owner[h]} and {name}")
            owner[h] = name
    return order, deps, owner


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    order, deps, owner = read_map(os.path.join(root, "docs", "architecture.md"))
    problems = []
    src = os.path.join(root, "src")
    inc = os.path.join(root, "include", "rigplan")
    folders = sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)))
    headers = sorted(f[:-4] for f in os.listdir(inc) if f.endswith(".hpp"))
    for d in folders:
        if d not in deps:
            problems.append(f"src/{d}/ is not in the layer map")
    for d in deps:
        if d not in folders:
            problems.append(f"the layer map names {d}, which is not a folder of src/")
    for h in headers:
        if h not in owner:
            problems.append(f"include/rigplan/{h}.hpp is owned by no layer in the map")
    for h in owner:
        if h not in headers:
            problems.append(f"the layer map names {h}.hpp, which is not in include/rigplan/")

    def layer_of_include(target, here):
        if target.startswith("rigplan/"):
            return owner.get(os.path.basename(target)[:-4])
        return target.split("/", 1)[0] if "/" in target else here

    files = []
    for d in folders:
        for dirpath, _, names in os.walk(os.path.join(src, d)):
            files += [(os.path.join(dirpath, f), d) for f in names if f.endswith((".cpp", ".hpp"))]
    files += [(os.path.join(inc, h + ".hpp"), owner.get(h)) for h in headers]
    edges = 0
    for path, here in sorted(files):
        if here is None:
            continue
        rel = os.path.relpath(path, root)
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            there = layer_of_include(m.group(1), here)
            if there is None or there == here:
                continue
            edges += 1
            if there not in deps[here]:
                problems.append(f"{rel}:{n}: {here}/ includes {m.group(1)} ({there}/), an edge the map does not draw")
    if problems:
        print("\n".join(problems))
        print(f"check_layers: {len(problems)} problem(s); docs/architecture.md's layer map is the statement to keep true")
        return 1
    print(f"check_layers: {len(order)} layers, {len(files)} files, {edges} includes across folders, all along the map")
    return 0


if __name__ == "__main__":
    sys.exit(main())
