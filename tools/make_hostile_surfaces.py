#!/usr/bin/env python3
"""Writes the hostile inputs of issue 28 into a scratch directory at test time: saved inspect
reports that are not UTF-8, hold control characters, or are far past inspect's limits (400,000
GPUs, a 2,800-GPU topo matrix, 1.8 million nvlink lines, 10 MB names, numbers of 400
digits), the largest reports the limits admit, 100,000 unknown price updates, and overlays
whose names hold ESC and BEL. The reports start from real captures in tests/data/inspect/.
tests/cli/cases/hostile_surfaces.sh runs rigplan on each with a time and memory bound.
Usage: make_hostile_surfaces.py SRC_ROOT DIR"""
import json, os, sys


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def xml_parts(src):
    """A real nvidia-smi -q -x capture split into its head, one <gpu> block and its tail."""
    lines = open(os.path.join(src, "tests/data/inspect/telegraf-rtx-3090/nvidia-smi-q.xml"), "rb").read().split(b"\n")
    start = next(i for i, l in enumerate(lines) if l.strip().startswith(b"<gpu "))
    end = next(i for i, l in enumerate(lines) if l.strip() == b"</gpu>")
    return b"\n".join(lines[:start]) + b"\n", b"\n".join(lines[start:end + 1]) + b"\n", b"\n".join(lines[end + 1:])


def gpu_block(block, i, name=None, power=None):
    b = block.replace(b"00000000:00:10.0", b"00000000:%02x:%02x.0" % (i // 32, i % 32))
    if name is not None:
        b = b.replace(b"<product_name>NVIDIA GeForce RTX 3090</product_name>", b"<product_name>" + name + b"</product_name>")
    if power is not None:
        b = b.replace(b"<power_limit>200.00 W</power_limit>", b"<power_limit>" + power + b" W</power_limit>", 1)
    return b


def cpuinfo(model, cpus=2):
    return b"".join(b"processor\t: %d\nmodel name\t: %s\nphysical id\t: 0\n\n" % (i, model) for i in range(cpus))


def main(src, d):
    head, block, tail = xml_parts(src)
    # 1. Bytes that are not UTF-8: a Latin-1 CPU model, an unmatched GPU whose name is cut inside a
    # character, and (written by the case itself) a --from directory whose name is not UTF-8.
    write(f"{d}/latin1/cpuinfo", cpuinfo(b"Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz \xe9dition sp\xe9ciale"))
    write(f"{d}/latin1/meminfo", b"MemTotal:       263518568 kB\n")
    write(f"{d}/latin1/nvidia-smi-q.xml", head + gpu_block(block, 0, name=b"NVIDIA Rare \xc3") + tail)
    # 5. Control characters in a line-oriented report (lspci) and a CPU model.
    write(f"{d}/escapes/cpuinfo", cpuinfo(b"AMD EPYC \x1b]0;owned\x07\x1b[2J 9654"))
    write(f"{d}/escapes/lspci-vv.txt",
          b"01:00.0 VGA compatible controller: NVIDIA Corporation GA102 [GeForce \x1b[31mRTX\x1b[0m 3090] (rev a1)\n"
          b"\tLnkCap:\tPort #0, Speed 16GT/s, Width x16\n\tLnkSta:\tSpeed 16GT/s, Width x16\n")
    # 2. Past the limits: 400,000 GPUs (cut to ~30 MB), a 2,800-GPU topo matrix, 1.8 M nvlink lines,
    # a 10 MB product name, 400-digit numbers.
    write(f"{d}/many-gpus/nvidia-smi-q.xml", head + b"".join(b"<gpu id=\"%d\"/>\n" % i for i in range(400000)) + tail)
    n = 2800
    hdr = "\t" + "\t".join(f"GPU{i}" for i in range(n)) + "\tCPU Affinity\tNUMA Affinity\n"
    rows = "".join(f"GPU{i}\t" + "\t".join("X" if j == i else "SYS" for j in range(n)) + "\t0-63\t0\n" for i in range(3))
    write(f"{d}/big-topo/topo-m.txt", hdr + rows)
    write(f"{d}/long-nvlink/nvlink-s.txt",
          "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-x)\n" + "\tLink 0: 26.562 GB/s\n" * 700_000)
    write(f"{d}/many-nvlink-gpus/nvlink-s.txt", "GPU 1: x\n" * 1_800_000)
    write(f"{d}/long-name/nvidia-smi-q.xml", head + gpu_block(block, 0, name=b"N" * 10_000_000) + tail)
    write(f"{d}/long-name-lspci/lspci-vv.txt",
          b"01:00.0 VGA compatible controller: NVIDIA Corporation " + b"N" * 10_000_000 + b"\n")
    write(f"{d}/huge-power/nvidia-smi-q.xml", head + gpu_block(block, 0, power=b"9" * 400) + tail)
    write(f"{d}/huge-memtotal/meminfo", b"MemTotal: " + b"9" * 400 + b" kB\n")
    # The largest report the limits admit: 256 GPUs with 512-byte unmatched names (not UTF-8 at
    # the end), and lspci with 16,384 functions of which 256 are the GPUs (by bus id).
    name = b"NVIDIA Unlisted " + b"Q" * 494 + b"\xff\xfe"
    write(f"{d}/max-gpus/nvidia-smi-q.xml", head + b"".join(gpu_block(block, i, name=name) for i in range(256)) + tail)
    fn = []
    for i in range(16384):
        cls = b"VGA compatible controller: NVIDIA Corporation GA102 [GeForce RTX 3090]" if i < 256 else b"Ethernet controller: Intel Corporation I350"
        fn.append(b"%02x:%02x.%d %s\n\tLnkCap:\tSpeed 16GT/s, Width x16\n\tNUMA node: 0\n" % (i // 32 // 8 % 256, i // 8 % 32, i % 8, cls))
    write(f"{d}/max-gpus/lspci-vv.txt", b"".join(fn))
    # 3. 50,000 unknown price updates (as many as a file may hold), and one more update than that.
    q = {"usd": 1, "date": "2026-11", "kind": "quote", "source": "q"}
    write(f"{d}/unknown-updates.json", json.dumps({"schema_version": 1, "price_updates": [
        {"id": f"nvidia-rtx-{i:06d}-ti", "prices": [q]} for i in range(50_000)]}))
    write(f"{d}/too-many-updates.json", json.dumps({"schema_version": 1, "price_updates": [
        {"id": "nvidia-l40s", "prices": [q]}] * 50_001}))
    # 5. ESC and BEL in a catalog part's name and a build's name.
    overlay = json.load(open(os.path.join(src, "tests/data/catalogs/good_overlay.json")))
    for part in overlay["parts"]:
        part["name"] = part["name"] + " \x1b]0;pwned\x07\x1b[2J"
    write(f"{d}/escape-overlay.json", json.dumps(overlay))
    build = json.load(open(os.path.join(src, "examples/builds/seed-two-3090.json")))
    build["name"] = "two 3090s \x1b]0;pwned\x07\x1b[2J\x1b[31m red"
    write(f"{d}/escape-build.json", json.dumps(build))

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
