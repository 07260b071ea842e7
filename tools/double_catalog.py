#!/usr/bin/env python3
"""Writes a catalog overlay that copies every part of the built-in catalog under a new id (suffix
"-copy"), with the copies naming each other where the originals name parts (a bridge's cards, a
barebone's board), for the planner's scaling benchmark (docs/performance.md: "doubling the catalog
must not double the time"). Usage: tools/double_catalog.py OUT.json"""
import glob
import json
import os
import sys



def renamed(value, ids):
    """The value with every string that is a part id replaced by the copy's id."""
    if isinstance(value, str):
        return value + "-copy" if value in ids else value
    if isinstance(value, list):
        return [renamed(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: (v if k in ("source", "notes", "note", "name") else renamed(v, ids)) for k, v in value.items()}
    return value


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "catalog")
    originals = []
    for path in sorted(glob.glob(os.path.join(root, "*.json"))):
        with open(path, encoding="utf-8") as f:
            originals += json.load(f).get("parts", [])
    ids = {p["id"] for p in originals}
    parts = []
    for p in originals:
        q = renamed(p, ids)
        q["name"] = p.get("name", p["id"]) + " (copy)"
        parts.append(q)
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump({"schema_version": 1, "description": "every built-in part copied under a new id",
                   "parts": parts}, f, indent=1)
    print(f"{len(parts)} parts copied", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
