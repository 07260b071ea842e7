#!/usr/bin/env python3
"""Write a part's prices into a catalog file in place, leaving the rest of the file as it is.

A part's prices are one "prices" list (see docs/catalog-data-guide.md): each entry has usd, date,
kind (msrp | street | list | quote), source and an optional note. set_prices() replaces the list
(or a "no_price" reason) of one part by id, as text, so that a diff shows only the price lines.
Used by tools/street_prices.py; importable for one-off edits. set_market() writes a part's market
status the same way (`catalog_prices.py --market FILE PART_ID MARKET_JSON`).

`catalog_prices.py --coverage [DIR]` reports price coverage instead: of the parts bought on their own
(every kind but outlets and cloud offers, less product classes and barebones' own boards and chassis:
bought_on_its_own() below, the rule of rigplan's bought_on_its_own), how many have a price, by part kind and by the kind of
the price a cost uses (the newest street, list or quote price; the launch MSRP only where there is
nothing else), the figure quoted in docs/catalog.md, and how many have a market status, by status
and kind. It exits 1 if a part that can be bought has
neither `prices` nor a `no_price` reason (ctest runs it: tools.catalog_prices_coverage).
"""
import collections
import glob
import json
import os
import re
import sys

FIELDS = ("usd", "date", "kind", "source", "note")


def _entry(p):
    return "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(p[k], ensure_ascii=False)}" for k in FIELDS if k in p) + "}"


def _part_span(lines, part_id):
    """(first, last) line indexes of the part object whose "id" is part_id."""
    for i, line in enumerate(lines):
        if re.match(r'\s*"id": ' + re.escape(json.dumps(part_id)) + r',?\s*$', line):
            start = i
            while not lines[start].rstrip().endswith("{"):
                start -= 1
            indent = len(lines[start]) - len(lines[start].lstrip())
            end = i
            while not (lines[end].strip().startswith("}") and len(lines[end]) - len(lines[end].lstrip()) == indent):
                end += 1
            return start, end
    raise KeyError(f"no part {part_id!r}")


def _drop_field(lines, start, end, key):
    """Removes a top-level field of the part (single- or multi-line); returns the new end."""
    for i in range(start + 1, end):
        if lines[i].lstrip().startswith(json.dumps(key) + ":"):
            j = i
            if lines[i].rstrip().endswith("["):
                while not lines[j].strip().startswith("]"):
                    j += 1
            del lines[i:j + 1]
            end -= j + 1 - i
            if i == end and lines[i - 1].rstrip().endswith(","):  # it was the last field
                lines[i - 1] = lines[i - 1].rstrip()[:-1]
            return end
    return end


def set_prices(path, part_id, prices=None, no_price=None):
    """Gives the part `prices` (a list of dicts) or, with prices None, the reason `no_price`."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    start, end = _part_span(lines, part_id)
    for key in ("price_usd", "price_seen", "price_source", "prices", "no_price") + (() if prices else ("no_recent_price",)):
        end = _drop_field(lines, start, end, key)
    src = next(i for i in range(start, end) if lines[i].lstrip().startswith('"source":'))
    pad = lines[src][: len(lines[src]) - len(lines[src].lstrip())]
    if prices:
        new = [pad + '"prices": ['] + [pad + "  " + _entry(p) + ("," if k + 1 < len(prices) else "")
                                       for k, p in enumerate(prices)] + [pad + "],"]
    else:
        new = [pad + '"no_price": ' + json.dumps(no_price, ensure_ascii=False) + ","]
    lines[src + 1:src + 1] = new
    text = "\n".join(lines)
    json.loads(text)  # still one JSON document
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


MARKET_FIELDS = ("status", "date", "source", "note")


def set_market(path, part_id, market):
    """Gives the part a one-line "market" object (status, date, source, note), replacing any it had."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    start, end = _part_span(lines, part_id)
    end = _drop_field(lines, start, end, "market")
    src = next(i for i in range(start, end) if lines[i].lstrip().startswith('"source":'))
    pad = lines[src][: len(lines[src]) - len(lines[src].lstrip())]
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(market[k], ensure_ascii=False)}" for k in MARKET_FIELDS if k in market)
    lines[src + 1:src + 1] = [pad + '"market": {' + body + "},"]
    text = "\n".join(lines)
    json.loads(text)  # still one JSON document
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


NOT_BOUGHT = ("outlet", "cloud")  # wall circuits, and instances that are rented by the hour


def bought_on_its_own(part, barebones):
    """As rigplan's bought_on_its_own (include/rigplan/catalog_query.hpp): not a product class (an id whose
    vendor is "generic": no one product, so no one price) and not a barebone's own board or chassis (sold only
    inside the server, whose price covers it); a barebone's PSU modules count (also sold as spares)."""
    if part.get("kind") in NOT_BOUGHT or part["id"].startswith("generic-"):
        return False
    return not any(part["id"] in (b.get("board"), b.get("chassis")) for b in barebones)


def price_in_effect(prices):
    """The price a cost uses by default: the newest street/list/quote price, else the newest MSRP."""
    market = [p for p in prices if p["kind"] != "msrp"]
    return max(market or prices, key=lambda p: p["date"]) if prices else None


STALE_MONTHS = 12  # as kStalePriceMonths in include/rigplan/price.hpp


def _months(date):
    return int(date[:4]) * 12 + int(date[5:7]) - 1


def coverage(catalog_dir):
    """(text report of price coverage over the catalog files in catalog_dir, ids with neither a price nor a reason)."""
    every = []
    for path in sorted(glob.glob(os.path.join(catalog_dir, "*.json"))):
        with open(path, encoding="utf-8") as f:
            every += json.load(f).get("parts", [])
    barebones = [p for p in every if p.get("kind") == "barebone"]
    parts = [p for p in every if bought_on_its_own(p, barebones)]
    classes = [p for p in every if p.get("kind") not in NOT_BOUGHT and not bought_on_its_own(p, barebones)]
    by_kind = collections.defaultdict(lambda: [0, 0])
    by_price_kind = collections.Counter()
    for p in parts:
        by_kind[p["kind"]][1] += 1
        if p.get("prices"):
            by_kind[p["kind"]][0] += 1
            by_price_kind[price_in_effect(p["prices"])["kind"]] += 1
    priced = sum(v[0] for v in by_kind.values())
    lines = [f"priced: {priced} of {len(parts)} parts that can be bought ({100 * priced // max(1, len(parts))} %)",  # rounded down, as `rigplan catalog prices` does
             f"not counted: {len(classes)} parts not bought on their own "
             f"({sum(1 for p in classes if p['id'].startswith('generic-'))} product classes, "
             f"{sum(1 for p in classes if not p['id'].startswith('generic-'))} barebones' own boards and chassis)",
             "by part kind: " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(by_kind.items())),
             "by the kind of price a cost uses: " + ", ".join(f"{k} {n}" for k, n in sorted(by_price_kind.items()))]
    # Price age, as `rigplan catalog prices --stale` judges it: against the catalog's data date, the
    # newest date of any purchase price (src/catalog/catalog_date.cpp).
    dates = [x["date"] for p in parts for x in p.get("prices", [])]
    if dates:
        data_date = max(dates)
        stale = [p for p in parts if p.get("prices")
                 and _months(data_date) - _months(price_in_effect(p["prices"])["date"]) > STALE_MONTHS]
        lines.append(f"recent: {priced - len(stale)} of {priced} priced parts have a price from the {STALE_MONTHS} months "
                     f"before the catalog's data date ({data_date}); {len(stale)} are older, "
                     f"{sum(1 for p in stale if p.get('no_recent_price'))} of them saying why (no_recent_price)")
    status = collections.Counter(p["market"]["status"] for p in parts if p.get("market"))
    status_kind = collections.Counter((p["kind"], p["market"]["status"]) for p in parts if p.get("market"))
    lines.append(f"market status: {sum(status.values())} of {len(parts)} parts: " +
                 (", ".join(f"{s} {n}" for s, n in sorted(status.items())) or "none"))
    if status_kind:
        lines.append("market status by part kind: " + ", ".join(f"{k} {s} {n}" for (k, s), n in sorted(status_kind.items())))
    unexplained = [p["id"] for p in parts + classes if not p.get("prices") and not p.get("no_price")]
    if unexplained:
        lines.append("neither a price nor a no_price reason: " + ", ".join(unexplained))
    return "\n".join(lines), unexplained


if __name__ == "__main__":
    if len(sys.argv) in (2, 3) and sys.argv[1] == "--coverage":
        report, unexplained = coverage(sys.argv[2] if len(sys.argv) == 3 else
                                       os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "catalog"))
        print(report)
        sys.exit(1 if unexplained else 0)
    elif len(sys.argv) == 5 and sys.argv[1] == "--market":
        set_market(sys.argv[2], sys.argv[3], json.loads(sys.argv[4]))
    elif len(sys.argv) == 4:
        set_prices(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]))
    else:
        sys.exit("usage: catalog_prices.py FILE PART_ID PRICES_JSON | catalog_prices.py --market FILE PART_ID MARKET_JSON | "
                 "catalog_prices.py --coverage [CATALOG_DIR]")
