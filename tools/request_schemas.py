#!/usr/bin/env python3
"""Writes the "properties" of data/schema/{size,cluster,plan,tco}.schema.json from the request-key
table (include/rigplan/request_keys.hpp), as the test binary prints them:

    build/tests/rigplan_tests "[.generate]" | sed -n '/^{/,/^}/p' | tools/request_schemas.py

Run it after changing the table; the schema agreement test (tests/unit/schema_agreement_test.cpp)
fails until the files match. size, cluster and tco get their header here; plan keeps its own."""
import collections, json, os, sys
props = json.load(sys.stdin, object_pairs_hook=collections.OrderedDict)
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "schema") + os.sep
heads = {
 "size": ("rigplan size request",
          "A `rigplan size` request: the command's flags as keys, with underscores. A sweep's base for `size`, and a plan's \"workload\" (less gpu, count, p2p, dp and system)."),
 "tco": ("rigplan tco request",
         "A `rigplan tco` request: the command's flags as keys, with underscores. Give what is owned: \"build\" (a build file) or \"node\" (a catalog node, \"nodes\" of them)."),
 "cluster": ("rigplan cluster request",
             "A `rigplan cluster` request: the command's flags as keys, with underscores. A sweep's base for `cluster`. Give the node (\"node\" or \"build\") and the size (\"nodes\", \"gpus\", or \"model\", \"tokens\" and \"deadline\")."),
}
for name in ("size", "cluster", "plan", "tco"):
    path = root + name + ".schema.json"
    if name == "plan":
        doc = json.load(open(path), object_pairs_hook=collections.OrderedDict)
        doc["properties"] = props[name]
    else:
        title, desc = heads[name]
        doc = collections.OrderedDict([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", "https://rigplan.dev/schema/%s.schema.json" % name),
            ("title", title), ("description", desc), ("type", "object"),
            ("additionalProperties", False), ("properties", props[name])])
    with open(path, "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print("wrote", os.path.relpath(path))
