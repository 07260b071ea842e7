#!/usr/bin/env python3
"""Keeps docs/catalog.md's counts true: the "now" column of its table of kinds, the number of
parts that carry a `verify` list, and the price-coverage and market-status figures ("N of the M
parts bought on their own", counted as tools/catalog_prices.py --coverage counts them) are
compared with data/catalog/*.json. Exit 1 naming each figure
that is stale (and the figure it should be); 0 when all match.
Usage: tools/check_catalog_counts.py [REPO_ROOT]"""
import collections
import glob
import json
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parts = []
for f in sorted(glob.glob(os.path.join(root, "data/catalog/*.json"))):
    parts += json.load(open(f, encoding="utf-8")).get("parts", [])
kinds = collections.Counter(p.get("kind") for p in parts)
verify = sum(1 for p in parts if p.get("verify"))
doc = open(os.path.join(root, "docs/catalog.md"), encoding="utf-8").read()
stale = []
table = re.search(r"^\| kind \| target \| now \|.*?\n\n", doc, re.S | re.M)
if not table:
    stale.append("docs/catalog.md: no '| kind | target | now |' table")
else:
    for line in table.group(0).splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 3:
            continue
        names = [k.strip() for k in cells[0].split(",")]
        nows = [n.strip() for n in cells[2].split(",")]
        if len(names) != len(nows) or not all(n.isdigit() for n in nows):
            continue
        for k, n in zip(names, nows):
            if kinds.get(k, 0) != int(n):
                stale.append(f"docs/catalog.md: {k}: the table says {n}, the catalog has {kinds.get(k, 0)}")
m = re.search(r"(\d+) of the (\d+) parts carry\s+such a list", doc)
if not m:
    stale.append("docs/catalog.md: no 'N of the M parts carry such a list' sentence")
elif (int(m.group(1)), int(m.group(2))) != (verify, len(parts)):
    stale.append(f"docs/catalog.md: '{m.group(1)} of the {m.group(2)} parts carry such a list': the catalog has {verify} of {len(parts)}")
# Price coverage and market status over the parts bought on their own (tools/catalog_prices.py).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_prices  # noqa: E402

barebones = [p for p in parts if p.get("kind") == "barebone"]
bought = [p for p in parts if catalog_prices.bought_on_its_own(p, barebones)]
priced = sum(1 for p in bought if p.get("prices"))
marked = sum(1 for p in bought if p.get("market"))
m = re.search(r"\*\*(\d+) of the (\d+) parts bought on their\s+own \((\d+) %\)\*\*", doc)
if not m:
    stale.append("docs/catalog.md: no '**N of the M parts bought on their own (P %)**' coverage figure")
elif (int(m.group(1)), int(m.group(2)), int(m.group(3))) != (priced, len(bought), 100 * priced // max(1, len(bought))):
    stale.append(f"docs/catalog.md: coverage says {m.group(1)} of {m.group(2)} ({m.group(3)} %), the catalog has "
                 f"{priced} of {len(bought)} ({100 * priced // max(1, len(bought))} %)")
m = re.search(r"(\d+) of the (\d+) parts bought\s+on their own have a market status", doc)
if not m:
    stale.append("docs/catalog.md: no 'N of the M parts bought on their own have a market status' figure")
elif (int(m.group(1)), int(m.group(2))) != (marked, len(bought)):
    stale.append(f"docs/catalog.md: market status says {m.group(1)} of {m.group(2)}, the catalog has {marked} of {len(bought)}")
for s in stale:
    print(s)
print(f"{len(parts)} parts, {verify} with a verify list; {len(stale)} stale figures in docs/catalog.md")
sys.exit(1 if stale else 0)
