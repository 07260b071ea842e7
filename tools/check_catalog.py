#!/usr/bin/env python3
"""Developer aid: validate catalog JSON files against data/schema/catalog.schema.json
with the reference `jsonschema` validator, and check ids are unique and references resolve.
rigplan's own loader does the same (and more); this script only helps while editing data."""
import glob, json, os, sys
import jsonschema

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schema = json.load(open(os.path.join(root, "data/schema/catalog.schema.json")))
files = sys.argv[1:] or sorted(glob.glob(os.path.join(root, "data/catalog/*.json")))
ids, parts, ok = {}, [], True
for f in files:
    doc = json.load(open(f))
    v = jsonschema.Draft202012Validator(schema)
    for e in sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        ok = False
        print(f"{f}: /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
    for i, p in enumerate(doc.get("parts", [])):
        if p.get("id") in ids:
            ok = False
            print(f"{f}: /parts/{i}/id: duplicate id {p['id']} (first in {ids[p['id']]})")
        ids[p.get("id")] = f
        parts.append((f, i, p))
kinds = {p.get("id"): p.get("kind") for _, _, p in parts}
def ref(f, i, field, target, want):
    global ok
    if kinds.get(target) != want:
        ok = False
        print(f"{f}: /parts/{i}/{field}: '{target}' is not a known {want} id")
for f, i, p in parts:
    k = p.get("kind")
    if k in ("node", "cloud"): ref(f, i, "gpu", p.get("gpu"), "gpu")
    if k == "node":
        if "cpu" in p: ref(f, i, "cpu", p["cpu"], "cpu")
        for j, n in enumerate(p.get("nics", [])): ref(f, i, f"nics/{j}/part", n.get("part"), "nic")
    if k == "nvlink_bridge":
        for j, g in enumerate(p.get("gpus", [])): ref(f, i, f"gpus/{j}", g, "gpu")
    if k == "board":
        names = {s["name"] for s in p.get("slots", [])} | {s["name"] for s in p.get("m2_slots", [])}
        for j, s in enumerate(p.get("sharing", [])):
            for n in s.get("when", []) + [s.get("slot")]:
                if n not in names:
                    ok = False; print(f"{f}: /parts/{i}/sharing/{j}: unknown slot {n}")
    if k == "gpu" and p.get("form_factor") == "pcie":
        for req in ("slot_width", "length_mm"):
            if req not in p:
                ok = False; print(f"{f}: /parts/{i}: PCIe GPU needs {req}")
from collections import Counter
print("parts by kind:", dict(sorted(Counter(kinds.values()).items())))
sys.exit(0 if ok else 1)
