#!/usr/bin/env python3
"""Writes the bad-input corpus under tests/bad_inputs/: catalog files and build files that rigplan
must reject with exit code 2 and a located message. Each file is small and named after what is
wrong with it. Re-run after changing the generator; the files are committed so the tests do not
depend on this script. (The 50 MB file, the directory and the missing path are made at test time.)"""
import json, os, shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "bad_inputs")
from input_fixtures import BUILD, CPU, GPU  # noqa: E402


def cat_doc(**patch):
    part = dict(GPU)
    for k, v in patch.items():
        if v is DELETE:
            part.pop(k, None)
        else:
            part[k] = v
    return {"schema_version": 1, "parts": [part]}


DELETE = object()


def write(kind, name, content):
    path = os.path.join(ROOT, kind, name + ".json")
    mode = "wb" if isinstance(content, bytes) else "w"
    with open(path, mode) as f:
        f.write(content if isinstance(content, (str, bytes)) else json.dumps(content, indent=2))


def main():
    for kind in ("catalog", "build", "sweep", "plan", "size", "cluster"):  # not inspect/: written by hand
        shutil.rmtree(os.path.join(ROOT, kind), ignore_errors=True)
        os.makedirs(os.path.join(ROOT, kind))
    good_cat = json.dumps({"schema_version": 1, "parts": [GPU]}, indent=2)
    good_build = json.dumps(BUILD, indent=2)
    for kind, good in (("catalog", good_cat), ("build", good_build)):
        # Syntax: truncations, stray tokens, encodings, shapes.
        for cut in (1, 10, len(good) // 3, len(good) // 2, len(good) - 2):
            write(kind, f"syntax-truncated-at-{cut}", good[:cut])
        write(kind, "syntax-empty", "")
        write(kind, "syntax-whitespace-only", "  \n\t \n")
        write(kind, "syntax-trailing-comma", good.rstrip()[:-1].rstrip() + ",\n}")
        write(kind, "syntax-nan", good.replace('"name": "x"', '"name": NaN', 1))
        write(kind, "syntax-infinity", good.replace('"name": "x"', '"name": Infinity', 1))
        write(kind, "syntax-single-quotes", good.replace('"name": "x"', "'name': 'x'", 1))
        write(kind, "syntax-comment", "// a comment\n" + good)
        write(kind, "syntax-unquoted-key", good.replace('"name"', "name", 1))
        write(kind, "syntax-two-documents", good + "\n" + good)
        write(kind, "syntax-invalid-utf8", good.encode().replace(b'"x"', b'"\xff\xfe"', 1))
        write(kind, "syntax-lone-surrogate", good.replace('"name": "x"', '"name": "\\ud800"', 1))
        write(kind, "syntax-control-char", good.replace('"name": "x"', '"name": "a\tb"', 1))
        write(kind, "syntax-deep-nesting", "[" * 5000 + "]" * 5000)
        write(kind, "syntax-deep-object", '{"a":' * 200 + "1" + "}" * 200)
        write(kind, "shape-top-level-array", "[]")
        write(kind, "shape-top-level-string", '"rigplan"')
        write(kind, "shape-top-level-number", "42")
        write(kind, "shape-top-level-null", "null")
        write(kind, "syntax-number-overflow", good.replace('"name": "x"', '"name": 1e400', 1))
        write(kind, "duplicate-key", good.replace('"name": "x"', '"name": "x", "name": "y"', 1))
        # Issue 19: a NUL byte after the document or inside a string; strings too long to match.
        write(kind, "syntax-trailing-nul", (good + "\n\0").encode())
        write(kind, "syntax-nul-in-string", good.encode().replace(b'"x"', b'"x\0y"', 1))
    # Catalog semantics.
    c = lambda fname, **p: write("catalog", fname, cat_doc(**p))
    write("catalog", "schema-version-2", {"schema_version": 2, "parts": []})
    write("catalog", "schema-version-string", {"schema_version": "1", "parts": []})
    write("catalog", "parts-missing", {"schema_version": 1})
    write("catalog", "parts-object", {"schema_version": 1, "parts": {}})
    write("catalog", "part-is-string", {"schema_version": 1, "parts": ["nvidia-rtx-3090-fe"]})
    write("catalog", "unknown-top-level-field", {"schema_version": 1, "parts": [], "partz": []})
    c("missing-id", id=DELETE)
    c("missing-kind", kind=DELETE)
    c("missing-source", source=DELETE)
    c("missing-tdp", tdp_w=DELETE)
    c("unknown-kind", kind="gpuu")
    c("unknown-field", tdp=300)
    c("id-with-spaces", id="ACME GPU")
    c("id-empty", id="")
    c("source-not-url", source="datasheet p. 3")
    c("tdp-string-with-unit", tdp_w="300 W")
    c("tdp-5kw", tdp_w=5000)
    c("tdp-negative", tdp_w=-300)
    c("tdp-1e308", tdp_w=1e308)
    c("tdp-null", tdp_w=None)
    c("tdp-bool", tdp_w=True)
    c("tdp-array", tdp_w=[300])
    c("memory-zero", memory_gib=0)
    c("memory-huge", memory_gib=1e9)
    c("lanes-3", pcie={"gen": 4, "lanes": 3})
    c("lanes-negative", pcie={"gen": 4, "lanes": -16})
    c("gen-9", pcie={"gen": 9, "lanes": 16})
    c("gen-string", pcie={"gen": "4", "lanes": 16})
    c("tflops-missing-fp32", tflops={"bf16": 100})
    c("tflops-negative", tflops={"fp32": -1})
    c("cooler-unknown", cooler="water")
    c("form-factor-unknown", form_factor="mxm")
    write("catalog", "cpu-socket-unknown", {"schema_version": 1, "parts": [
        dict(CPU, socket="SP9")]})
    # Extra CPU lanes (pcie_lanes_extra) are the slower ones: at the CPU's own generation, without
    # a generation, or none at all, the file is refused.
    write("catalog", "cpu-extra-lanes-not-slower", {"schema_version": 1, "parts": [
        dict(CPU, pcie_lanes_extra={"lanes": 16, "gen": 5})]})
    write("catalog", "cpu-extra-lanes-no-gen", {"schema_version": 1, "parts": [
        dict(CPU, pcie_lanes_extra={"lanes": 16})]})
    write("catalog", "cpu-extra-lanes-zero", {"schema_version": 1, "parts": [
        dict(CPU, pcie_lanes_extra={"lanes": 0, "gen": 4})]})
    write("catalog", "barebone-all-redundant", {"schema_version": 1, "parts": [
        {"id": "acme-server", "kind": "barebone", "name": "s", "source": "https://example.com/s",
         "board": "supermicro-h13dsg-o-cpu", "chassis": "supermicro-as-4125gs-tnrt-chassis", "psu": "supermicro-pws-2k08a-1r",
         "psu_count": 4, "psu_redundant": 4, "max_gpus": 8}]})
    # Unified-memory machines (issue 30): a chip drawing more than the machine's supply, and a
    # CUDA stack on an AMD chip.
    UNIFIED = {"id": "acme-box", "kind": "unified_system", "name": "u", "source": "https://example.com/u",
               "no_price": "a fixture", "vendor": "amd", "chip": "X", "architecture": "rdna3.5", "gpu_stack": "rocm",
               "memory_type": "LPDDR5x", "memory_gib": 128, "memory_bandwidth_gb_s": 256, "tflops": {"fp32": 30}}
    write("catalog", "unified-chip-above-supply", {"schema_version": 1, "parts": [dict(UNIFIED, tdp_w=300, psu_w=240)]})
    write("catalog", "unified-cuda-on-amd", {"schema_version": 1, "parts": [dict(UNIFIED, gpu_stack="cuda")]})
    write("catalog", "riser-gen-9", {"schema_version": 1, "parts": [
        {"id": "acme-riser", "kind": "riser", "name": "r", "source": "https://example.com/r", "gen": 9, "lanes": 16,
         "length_mm": 300, "signal": "passive", "shielded": True}]})
    # Bifurcation (issue 15): a riser whose outputs need more lanes than its plug has, and a slot
    # bifurcation mode no firmware names.
    write("catalog", "riser-outputs-exceed-plug", {"schema_version": 1, "parts": [
        {"id": "acme-split", "kind": "riser", "name": "r", "source": "https://example.com/r", "gen": 4, "lanes": 16,
         "host_connector": 16, "outputs": 2, "signal": "passive", "shielded": False}]})
    write("catalog", "board-bifurcation-unknown-mode", {"schema_version": 1, "parts": [
        {"id": "acme-board", "kind": "board", "name": "b", "source": "https://example.com/b", "socket": "SP3", "sockets": 1,
         "chipset": "SoC (none)", "form_factor": "atx", "memory_type": "DDR4", "memory_slots": 8, "memory_max_gib": 2048,
         "dimm_types": ["rdimm"], "slots": [{"name": "S1", "position": 1, "physical": 16, "lanes": 16, "gen": 4,
                                             "source": "cpu", "bifurcation": ["x2x2x2x2"]}]}]})
    c("pcie-without-slot-width", slot_width=DELETE)
    c("sxm-with-connectors", form_factor="sxm", slot_width=DELETE, length_mm=DELETE)
    c("nvlink-incomplete", nvlink={"gen": 3})
    c("nvlink-string", nvlink="yes")
    c("release-year-1900", release_year=1900)
    c("id-3000-chars", id="a" * 3000)
    c("source-3000-chars", source="https://example.com/" + "x" * 3000)
    c("name-nested", name={"en": "x"})
    write("catalog", "duplicate-ids", {"schema_version": 1, "parts": [GPU, GPU]})
    write("catalog", "node-dangling-gpu", {"schema_version": 1, "parts": [
        {"id": "acme-node", "kind": "node", "name": "n", "source": "https://example.com/n", "gpu": "nvidia-h100-sxm5-81gb",
         "gpu_count": 8, "power_w": 10200, "rack_units": 8, "nics": []}]})
    write("catalog", "cloud-gpu-is-a-cpu", {"schema_version": 1, "parts": [
        {"id": "acme-cloud", "kind": "cloud", "name": "c", "source": "https://example.com/c", "provider": "acme",
         "instance": "x", "gpu": "amd-ryzen-9-7900", "gpu_count": 1, "usd_per_hour": 1, "price_seen": "2026-11"}]})
    write("catalog", "cloud-spot-above-on-demand", {"schema_version": 1, "parts": [
        {"id": "acme-cloud", "kind": "cloud", "name": "c", "source": "https://example.com/c", "provider": "acme",
         "instance": "x", "gpu": "nvidia-h100-sxm5-80gb", "gpu_count": 1, "usd_per_hour": 2, "spot_usd_per_hour": 3,
         "price_seen": "2026-11"}]})
    write("catalog", "cloud-undated", {"schema_version": 1, "parts": [
        {"id": "acme-cloud", "kind": "cloud", "name": "c", "source": "https://example.com/c", "provider": "acme",
         "instance": "x", "gpu": "nvidia-h100-sxm5-80gb", "gpu_count": 1, "usd_per_hour": 2}]})
    write("catalog", "node-huge-gpu-count", {"schema_version": 1, "parts": [
        {"id": "acme-node", "kind": "node", "name": "n", "source": "https://example.com/n", "gpu": "nvidia-h100-sxm5-80gb",
         "gpu_count": 1000000000, "power_w": 10200, "rack_units": 8, "nics": []}]})
    write("catalog", "board-sharing-unknown-slot", {"schema_version": 1, "parts": [
        {"id": "acme-board", "kind": "board", "name": "b", "source": "https://example.com/b", "socket": "AM5", "sockets": 1,
         "chipset": "X670E", "form_factor": "atx", "memory_type": "DDR5", "memory_slots": 4, "memory_max_gib": 192,
         "dimm_types": ["udimm"], "slots": [{"name": "A", "position": 1, "physical": 16, "lanes": 16, "gen": 5, "source": "cpu"}],
         "sharing": [{"when": ["B"], "slot": "A", "lanes": 8}]}]})
    write("catalog", "psu-115v-above-rating", {"schema_version": 1, "parts": [
        {"id": "acme-psu", "kind": "psu", "name": "p", "source": "https://example.com/p", "watts": 1000, "watts_115v": 1200,
         "efficiency": "gold", "form_factor": "atx", "connectors": {"pcie_8pin": 4, "12vhpwr": 1}}]})
    write("catalog", "psu-high-line-only-with-low-line-rating", {"schema_version": 1, "parts": [
        {"id": "acme-psu", "kind": "psu", "name": "p", "source": "https://example.com/p", "watts": 2200, "watts_115v": 1200,
         "input_volts_min": 200, "efficiency": "titanium", "form_factor": "atx", "connectors": {"pcie_8pin": 4, "12vhpwr": 1}}]})
    write("catalog", "verify-names-no-field", cat_doc(verify=["lenght_mm"]))
    # A GPU the built-in nodes and cloud offers name, replaced by a CPU: their errors must name
    # this overlay as the cause.
    write("catalog", "overlay-changes-kind", {"schema_version": 1, "parts": [
        dict(CPU, id="nvidia-h100-sxm5-80gb")]})
    write("catalog", "psu-input-volts-too-low", {"schema_version": 1, "parts": [
        {"id": "acme-psu", "kind": "psu", "name": "p", "source": "https://example.com/p", "watts": 2200,
         "input_volts_min": 12, "efficiency": "titanium", "form_factor": "atx", "connectors": {"pcie_8pin": 4, "12vhpwr": 1}}]})
    # Price updates: new prices for parts the catalog already has (a user's quotes).
    quote = {"usd": 8000, "date": "2026-11-20", "kind": "quote", "source": "a reseller's quote"}
    up = lambda fname, *updates: write("catalog", fname, {"schema_version": 1, "price_updates": list(updates)})
    up("price-update-unknown-id", {"id": "nvidia-l40z", "prices": [quote]})
    up("price-update-cloud-offer", {"id": "aws-g4dn-xlarge", "prices": [quote]})
    up("price-update-outlet", {"id": "us-120v-15a", "prices": [quote]})
    up("price-update-twice", {"id": "nvidia-l40s", "prices": [quote]}, {"id": "nvidia-l40s", "prices": [quote]})
    up("price-update-no-prices", {"id": "nvidia-l40s", "prices": []})
    up("price-update-old-price-usd", {"id": "nvidia-l40s", "price_usd": 8000})
    # The template `catalog prices --format update` writes, not filled in.
    up("price-update-unfilled", {"id": "nvidia-l40s", "prices": [{"usd": None, "date": "", "kind": "quote", "source": ""}]})
    # Dates of the right shape that no calendar has (issue 28).
    for name, date in [("month-13", "2026-13-45"), ("year-0", "0000-00-00"), ("feb-30", "2026-02-30"), ("month-00", "2026-00")]:
        up(f"price-date-{name}", {"id": "nvidia-l40s", "prices": [dict(quote, date=date)]})
    # Build semantics.
    def b(fname, **patch):
        d = json.loads(good_build)
        for k, v in patch.items():
            if v is DELETE:
                d.pop(k, None)
            else:
                d[k] = v
        write("build", fname, d)
    b("no-gpus", gpus=DELETE)
    b("gpus-object", gpus={"part": "nvidia-rtx-3090-fe"})
    b("gpu-unknown-id", gpus=[{"part": "nvidia-rtx-309-fe"}])
    b("gpu-is-a-psu", gpus=[{"part": "asus-rog-thor-1200p2"}])
    b("gpu-count-zero", gpus=[{"part": "nvidia-rtx-3090-fe", "count": 0}])
    b("gpu-count-negative", gpus=[{"part": "nvidia-rtx-3090-fe", "count": -1}])
    b("gpu-count-1e9", gpus=[{"part": "nvidia-rtx-3090-fe", "count": 1000000000}])
    b("gpu-count-string", gpus=[{"part": "nvidia-rtx-3090-fe", "count": "2"}])
    b("gpu-count-fraction", gpus=[{"part": "nvidia-rtx-3090-fe", "count": 2.5}])
    b("nic-ocp-card-in-pcie-slot", nics=[{"part": "nvidia-connectx-7-ocp3-ndr200-2p", "slots": ["PCIEX16_2"]}])
    b("gpu-power-limit-5w", gpus=[{"part": "nvidia-rtx-3090-fe", "power_limit_w": 5}])
    b("gpu-power-limit-1e308", gpus=[{"part": "nvidia-rtx-3090-fe", "power_limit_w": 1e308}])
    b("gpu-slot-unknown", gpus=[{"part": "nvidia-rtx-3090-fe", "slots": ["PCIEX16_9"]}])
    # Risers (issue 15): an unknown riser, a riser that is another kind of part, an x16 riser
    # plug in an x1 slot it cannot reach into, and an SXM module on a riser.
    b("gpu-riser-unknown", gpus=[{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-30"}])
    b("gpu-riser-is-a-psu", gpus=[{"part": "nvidia-rtx-3090-fe", "riser": "asus-rog-thor-1200p2"}])
    b("gpu-riser-slot-unreachable", board="gigabyte-b650m-ds3h",
      gpus=[{"part": "nvidia-rtx-3090-fe", "riser": "linkup-ultra-pcie4-x16-riser-300", "slots": ["PCIEX1"]}])
    b("gpu-riser-on-sxm-module", gpus=[{"part": "nvidia-h100-sxm5-80gb", "riser": "linkup-ultra-pcie4-x16-riser-300"}])
    # Three cards given one slot on an x16-to-x8x8 riser, which carries two.
    b("gpu-riser-bifurcation-three-cards", cpu="amd-epyc-7443p", board="asrock-rack-romed8-2t",
      memory=[{"part": "samsung-ddr4-2666-rdimm-32gb", "count": 8}],
      gpus=[{"part": "nvidia-rtx-3090-fe", "count": 3, "riser": "c-payne-pcie-bifurcation-x8x8-2w",
             "slots": ["PCIE1", "PCIE1", "PCIE1"]}])
    b("gpu-slots-count-mismatch", gpus=[{"part": "nvidia-rtx-3090-fe", "count": 2, "slots": ["PCIEX16_1"]}])
    b("gpu-unknown-field", gpus=[{"part": "nvidia-rtx-3090-fe", "power_limt_w": 250}])
    b("cpu-unknown", cpu="amd-ryzen-9-7901")
    b("board-is-a-cpu", board="amd-ryzen-9-7900")
    b("psu-number", psu=1200)
    b("outlet-unknown", outlet="us-110v-15a")
    b("memory-count-zero", memory=[{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 0}])
    b("memory-missing-part", memory=[{"count": 2}])
    b("bridge-unknown", nvlink_bridge="nvidia-nvlink-bridge-3090-5slot")
    b("software-version-words", software={"cuda": "twelve"})
    b("software-unknown-key", software={"tensorflow": "2.15"})
    b("software-pytorch-build-cu12.8", software={"pytorch": "2.7.0+cu12.8"})
    b("software-rocm-words", software={"rocm": "six"})
    b("unknown-top-level-field", gpu=[{"part": "nvidia-rtx-3090-fe"}])
    b("cpu-count-9", cpu_count=9)
    # Barebones (issue 27): an unknown unit, a unit whose board and PSU the file contradicts, and
    # more redundant PSU modules than the build has.
    b("barebone-unknown", barebone="asus-esc8000a-e13")
    b("barebone-board-conflict", barebone="asus-esc8000a-e12")
    b("psu-redundant-all", psu_redundant=1)
    b("name-too-long", name="x" * 1000)
    b("software-cuda-3000-chars", software={"cuda": "1" + ".1" * 1500})
    b("outlet-3000-chars", outlet="us-" * 1000)
    # Sweep specs (run from tests/bad_inputs/sweep/, so a relative base resolves there).
    base = json.loads(good_build)
    spec = lambda **kw: {"schema_version": 1, "command": "check", "base": base, "set": ["gpus[0].count=1..2"], **kw}
    write("sweep", "syntax-truncated", json.dumps(spec())[:40])
    write("sweep", "syntax-empty", "")
    write("sweep", "unknown-command", spec(command="plan"))
    write("sweep", "missing-set", {k: v for k, v in spec().items() if k != "set"})
    write("sweep", "set-without-equals", spec(set=["gpus[0].count"]))
    write("sweep", "set-empty-range", spec(set=["gpus[0].count=4..1"]))
    write("sweep", "set-step-zero", spec(set=["gpus[0].power_limit_w=250..350:0"]))
    write("sweep", "set-unknown-path", spec(set=["gpus[0].powr_limit_w=250..300:25"]))
    write("sweep", "set-invalid-value", spec(set=["gpus[0].count=0..2"]))
    write("sweep", "too-many-points", spec(set=["gpus[0].power_limit_w=1..1000000", "memory[0].count=1..1000000"]))
    write("sweep", "unknown-metric", spec(metrics=["power.peak_watts"]))
    write("sweep", "base-missing-file", spec(base="no-such-build.json"))
    write("sweep", "base-not-a-build", spec(base={"gpus": "many"}))
    write("sweep", "size-unknown-model", {"schema_version": 1, "command": "size", "base": {"model": "llama-9"}, "set": ["zero=0..3"]})
    write("sweep", "zip-unequal", spec(set=["gpus[0].count=1..2", "outlet=us-120v-15a"], zip=True))
    def cluster(base, set_):
        return {"schema_version": 1, "command": "cluster", "base": base, "set": set_}
    write("sweep", "size-cluster-unknown-key", cluster({"node": "nvidia-dgx-h100", "nodes": 2}, ["rackkw=20,40"]))
    write("sweep", "size-cluster-fractional-nodes", cluster({"node": "nvidia-dgx-h100", "nodes": 2}, ["nodes=1..2:0.5"]))
    write("sweep", "size-cluster-workload-without-model", cluster({"node": "nvidia-dgx-h100", "nodes": 2}, ["tokens=1e9,1e10"]))
    write("sweep", "size-cluster-no-size", cluster({"node": "nvidia-dgx-h100"}, ["rack_kw=20,40"]))
    write("sweep", "duplicate-column", spec(metrics=["verdict", "verdict"]))
    write("sweep", "syntax-trailing-nul", (json.dumps(spec()) + "\0").encode())
    write("sweep", "set-same-field-twice", spec(set=["gpus[0].count=1..2", "gpus.0.count=1..2"]))
    write("sweep", "set-huge-index", spec(set=["gpus[999999999999].count=1"]))
    write("sweep", "set-index-past-end", spec(set=["gpus[2].count=1"]))
    write("sweep", "set-huge-index-in-new-list", spec(set=["software.x[99999999].y=1"]))
    write("sweep", "set-path-3000-chars", spec(set=["a" * 3000 + "=1"]))
    write("sweep", "set-65-axes", spec(set=["gpus[0].count=1"] * 65))
    inline_bad = json.loads(good_build)
    inline_bad["gpus"][0]["count"] = 0
    write("sweep", "inline-base-count-zero", spec(base=inline_bad))

    # Plan requests.
    def req(**patch):
        r = {"gpus": "1..2", "outlet": "us-120v-15a", "objective": "time"}
        r.update(patch)
        return r
    write("plan", "syntax-truncated", json.dumps(req())[:25])
    write("plan", "syntax-empty", "")
    write("plan", "syntax-trailing-comma", '{"gpus": 2,}')
    write("plan", "syntax-invalid-utf8", b'{"gpus": 2, "family": "\xff\xfe"}')
    write("plan", "syntax-nan", '{"gpus": 2, "budget_usd": NaN}')
    write("plan", "syntax-deep-nesting", '{"workload": ' + "[" * 200 + "]" * 200 + "}")
    write("plan", "syntax-duplicate-key", '{"gpus": 2, "gpus": 4}')
    write("plan", "not-an-object", [1, 2])
    write("plan", "unknown-key", req(gpu_count=2))
    write("plan", "gpus-zero", req(gpus=0))
    write("plan", "gpus-billion", req(gpus=1000000000))
    write("plan", "gpus-reversed", req(gpus="8..1"))
    write("plan", "gpus-wrong-type", req(gpus=[1, 2]))
    write("plan", "gpu-unknown-id", req(gpu=["nvidia-rtx-3090"]))
    write("plan", "gpu-wrong-kind", req(gpu="amd-ryzen-9-7950x"))
    write("plan", "family-unknown", req(family="adaa"))
    write("plan", "outlet-unknown", req(outlet="us-240v-50a"))
    write("plan", "budget-negative", req(budget_usd=-1))
    write("plan", "budget-huge", req(budget_usd=1e308))
    write("plan", "objective-unknown", req(objective="fastest"))
    write("plan", "top-zero", req(top=0))
    write("plan", "nvlink-unknown", req(nvlink="yes"))
    write("plan", "form-unknown", req(form="desk"))
    write("plan", "exclude-unknown-id", req(exclude=["corsair-ax1600"]))
    write("plan", "workload-unknown-model", req(workload={"model": "llama-9"}))
    write("plan", "workload-count", req(workload={"model": "llama-3-8b", "count": 2}))
    write("plan", "workload-zero-5", req(workload={"model": "llama-3-8b", "zero": 5}))
    write("plan", "deadline-without-workload", req(deadline_hours=10))
    write("plan", "assume-unknown", req(assume={"psu_headroom": 0.9}))
    write("plan", "penalty-out-of-range", req(warning_penalty=2))
    write("plan", "syntax-trailing-nul", (json.dumps(req()) + "\0").encode())
    write("plan", "include-wrong-kind", req(include=["us-120v-15a"]))
    write("plan", "include-node", req(include=["nvidia-dgx-h100"]))
    write("plan", "gpu-3000-chars", req(gpu="nvidia-" * 430))
    # Keys the parser passes over but data/schema/plan.schema.json types (issue 16).
    write("plan", "schema-not-a-string", req(**{"$schema": 5}))
    write("plan", "deadline-below-minimum", req(workload={"model": "llama-3-8b"}, deadline_hours=0.0005))

    # Size and cluster requests (data/schema/size.schema.json, cluster.schema.json), read as a
    # sweep's base file: tests/cli/cases/bad_inputs.sh writes a spec naming each one.
    def size(**patch):
        r = {"model": "llama-3-8b", "mode": "lora", "gpu": "nvidia-rtx-4090-fe", "count": 2}
        r.update(patch)
        return r
    good_size = json.dumps(size(), indent=2)
    write("size", "syntax-truncated", good_size[:30])
    write("size", "syntax-empty", "")
    write("size", "syntax-trailing-comma", good_size.rstrip()[:-1].rstrip() + ",\n}")
    write("size", "syntax-duplicate-key", '{"model": "llama-3-8b", "model": "llama-3-8b"}')
    write("size", "unknown-key", size(modle="llama-3-8b"))
    write("size", "model-unknown", size(model="llama-9"))
    write("size", "model-number", size(model=7))
    write("size", "mode-unknown", size(mode="finetune"))
    write("size", "precision-int4-training", size(mode="train", precision="int4"))
    write("size", "zero-5", size(zero=5))
    write("size", "tp-fraction", size(tp=1.5))
    write("size", "tokens-1e17", size(tokens=1e17))
    write("size", "p2p-string", size(p2p="yes"))
    write("size", "gpu-unknown", size(gpu="nvidia-rtx-4090"))
    write("size", "count-not-split-by-tp", size(count=3, tp=2))
    write("size", "interleave-without-pp", size(interleave=2))
    write("size", "packed-length-past-seq", size(seq=2048, packed_length=4096))
    write("size", "packed-length-inference", size(mode="infer", packed_length=256))
    write("size", "cp-inference", size(mode="infer", cp=2))
    write("size", "cp-deepspeed", size(mode="train", framework="deepspeed", cp=2))
    write("size", "cp-seq-not-in-chunks", size(mode="train", framework="megatron", seq=2046, cp=2))
    write("size", "pipeline-split-inference", size(mode="infer", embedding_in_pipeline_split=True))
    write("size", "pipeline-split-deepspeed", size(mode="train", framework="deepspeed", pp=2, embedding_in_pipeline_split=True))
    write("size", "pipeline-split-uneven", size(mode="train", framework="megatron", count=4, pp=4, embedding_in_pipeline_split=True))
    write("size", "infer-params-only", {"params": 7e9, "mode": "infer", "context": 8192})
    write("size", "system-and-gpu", size(mode="infer", system="nvidia-dgx-spark", count=1))
    write("size", "system-is-a-gpu", {"model": "llama-3-8b", "mode": "infer", "system": "nvidia-rtx-4090-fe"})

    def clu(**patch):
        r = {"node": "nvidia-dgx-h100", "nodes": 2}
        r.update(patch)
        return r
    good_clu = json.dumps(clu(), indent=2)
    write("cluster", "syntax-truncated", good_clu[:20])
    write("cluster", "syntax-empty", "")
    write("cluster", "syntax-nan", '{"node": "nvidia-dgx-h100", "nodes": NaN}')
    write("cluster", "unknown-key", clu(rackkw=30))
    write("cluster", "node-and-build", clu(build="node.json"))
    write("cluster", "node-unknown", clu(node="nvidia-dgx-h101"))
    write("cluster", "node-is-a-switch", clu(node="nvidia-quantum-2-qm9700"))
    write("cluster", "no-size", {"node": "nvidia-dgx-h100"})
    write("cluster", "nodes-fraction", clu(nodes=2.5))
    write("cluster", "nodes-200000", clu(nodes=200000))
    write("cluster", "precision-int8", clu(model="llama-3-8b", precision="int8"))
    write("cluster", "mode-infer", clu(model="llama-3-8b", mode="infer"))
    write("cluster", "tokens-without-model", clu(tokens=1e12))
    write("cluster", "deadline-without-tokens", {"node": "nvidia-dgx-h100", "model": "llama-3-8b", "deadline": 30})
    write("cluster", "rack-kw-string", clu(rack_kw="40"))


if __name__ == "__main__":
    main()
    n = sum(len(files) for _, _, files in os.walk(ROOT))
    print(f"wrote {n} files under {os.path.relpath(ROOT)}")
