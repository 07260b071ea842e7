#!/usr/bin/env python3
"""Prices of one exact PCPartPicker listing across the dated snapshots of pc-part-dataset.

The MIT-licensed pc-part-dataset (github.com/docyx/pc-part-dataset) scrapes PCPartPicker's US
listings; its git history is a series of dated snapshots (data/csv/<name>.csv from 2023-11,
data/json/<name>.json from 2023-07, data/raw/<name>.json in 2021). A part that was out of stock on
the newest snapshot (no price) may have been in stock in an older one. This script prints, for
each commit that changed the data file, the commit's date and hash and the price of every row
whose name is exactly NAME (and whose other columns match --where), so that a reviewer can
re-derive a price in data/catalog from a local clone:

  tools/pcpp_history_price.py MIRROR power-supply "Asus ROG THOR P2 Gaming" --where wattage=1200

MIRROR is a git directory or work tree of the data set. A --where value with digits matches by
its numbers ("modules=2,16" matches "2,16", [2, 16] and "2 x 16GB"; "wattage=1200" matches
"1200 W"); other values match the column case-insensitively. Rows without a price were out of
stock that day and are shown as "-". Stdlib only.
"""
import argparse
import csv
import io
import json
import re
import subprocess
import sys

PATHS = ("data/csv/{}.csv", "data/json/{}.json", "data/raw/{}.json")


def git(mirror, *args):
    return subprocess.run(["git", "-C", mirror, *args], check=True, capture_output=True, text=True).stdout


def rows(mirror, commit, path):
    """The rows of one data file at one commit, as dicts (price under "price")."""
    text = git(mirror, "show", f"{commit}:{path}")
    if path.endswith(".csv"):
        out = list(csv.DictReader(io.StringIO(text)))
    else:
        out = json.loads(text)
    for r in out:
        if "price_usd" in r:
            r["price"] = r.pop("price_usd")
    return out


def numbers(v):
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", json.dumps(v) if isinstance(v, list) else str(v))]


def matches(row, where):
    for key, want in where:
        have = row.get(key)
        if have is None:
            return False
        if re.search(r"\d", want):
            if numbers(have) != numbers(want):
                return False
        elif str(have).strip().lower() != want.strip().lower():
            return False
    return True


def history(mirror, name, where_name, where):
    """[(date, commit, path, row)] for every snapshot that lists NAME, newest first."""
    found, seen = [], set()
    for tmpl in PATHS:  # a commit that has both the CSV and the JSON is read from the CSV only
        path = tmpl.format(where_name)
        log = git(mirror, "log", "--format=%H %ad", "--date=short", "HEAD", "--", path).split("\n")
        for line in filter(None, log):
            commit, date = line.split()
            if commit in seen:
                continue
            seen.add(commit)
            try:
                data = rows(mirror, commit, path)
            except subprocess.CalledProcessError:  # the commit deleted the file
                continue
            for r in data:
                if r.get("name") == name and matches(r, where):
                    found.append((date, commit, path, r))
    return sorted(found, key=lambda t: t[0], reverse=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mirror", help="git directory or work tree of pc-part-dataset")
    ap.add_argument("file", help="data file name without extension: power-supply, memory, motherboard, ...")
    ap.add_argument("name", help="the exact listing name")
    ap.add_argument("--where", action="append", default=[], metavar="COLUMN=VALUE",
                    help="also require this column value (repeatable)")
    ap.add_argument("--in-stock", action="store_true", help="show only rows with a price")
    a = ap.parse_args()
    where = [tuple(w.split("=", 1)) for w in a.where]
    if any(len(w) != 2 for w in where):
        sys.exit("--where takes COLUMN=VALUE")
    found = history(a.mirror, a.name, a.file, where)
    if not found:
        print(f"no snapshot lists {a.name!r}", file=sys.stderr)
        return 1
    for date, commit, path, r in found:
        price = r.get("price")
        if a.in_stock and price in (None, ""):
            continue
        rest = {k: v for k, v in r.items() if k not in ("name", "price", "rating", "rating_count")}
        print(f"{date} {commit} {price if price not in (None, '') else '-':>9} {path} {json.dumps(rest)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
