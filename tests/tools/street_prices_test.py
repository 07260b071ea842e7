#!/usr/bin/env python3
"""tools/street_prices.py's merge of a regenerated street price: a hand-written note on the same
price survives a rerun, a changed price takes the generated note, other prices are untouched."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
from street_prices import merge_street  # noqa: E402

msrp = {"usd": 1599, "date": "2022-10-12", "kind": "msrp", "source": "s", "note": "launch"}
old = {"usd": 2995.99, "date": "2025-07-23", "kind": "street", "source": "s",
       "note": "cheapest in-stock listing; probably a marketplace seller: check before buying"}
new = {"usd": 2995.99, "date": "2025-07-23", "kind": "street", "source": "s", "note": "cheapest in-stock listing"}

out = merge_street([msrp, old], new)
assert out == [msrp, old], out  # same figure: the reviewer's caveat stays

moved = dict(new, usd=1999.99)
out = merge_street([msrp, old], moved)
assert out == [msrp, moved], out  # a new figure: the caveat no longer applies

older = dict(old, date="2024-05-14")
out = merge_street([older], new)
assert out == [older, new], out  # another snapshot's price is kept beside the new one
print("ok")
