#!/usr/bin/env python3
# Writes the hand-written `rigplan inspect` reports (tests/data/inspect/hand/, the failure shapes no
# real capture was found for; see the README there) and the malformed ones
# (tests/bad_inputs/inspect/). Run from anywhere: python3 tools/make_inspect_inputs.py
import os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

D = os.path.join(ROOT, "tests/data/inspect/hand")
def gpu(bus, name, devid, gen=(4,4), width=(16,16), pstate="P0", pl=350, dpl=350, minpl=100, maxpl=400, mem=24576):
    return f"""	<gpu id="{bus}">
		<product_name>{name}</product_name>
		<pci>
			<pci_device_id>{devid}</pci_device_id>
			<pci_bus_id>{bus}</pci_bus_id>
			<pci_gpu_link_info>
				<pcie_gen>
					<max_link_gen>{gen[1]}</max_link_gen>
					<current_link_gen>{gen[0]}</current_link_gen>
				</pcie_gen>
				<link_widths>
					<max_link_width>{width[1]}x</max_link_width>
					<current_link_width>{width[0]}x</current_link_width>
				</link_widths>
			</pci_gpu_link_info>
		</pci>
		<performance_state>{pstate}</performance_state>
		<fb_memory_usage>
			<total>{mem} MiB</total>
		</fb_memory_usage>
		<gpu_power_readings>
			<current_power_limit>{pl:.2f} W</current_power_limit>
			<default_power_limit>{dpl:.2f} W</default_power_limit>
			<min_power_limit>{minpl:.2f} W</min_power_limit>
			<max_power_limit>{maxpl:.2f} W</max_power_limit>
		</gpu_power_readings>
	</gpu>
"""
def log(gpus, driver="550.54.14", cuda="12.4"):
    return f"""<?xml version="1.0" ?>
<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">
<!-- hand-written in the layout of nvidia-smi -q -x (nvsmi_device_v12), reduced to the elements rigplan reads -->
<nvidia_smi_log>
	<driver_version>{driver}</driver_version>
	<cuda_version>{cuda}</cuda_version>
	<attached_gpus>{len(gpus)}</attached_gpus>
""" + "".join(gpus) + "</nvidia_smi_log>\n"
def topo(n, links, numa, cpus):
    h = "\t" + "\t".join(f"GPU{i}" for i in range(n)) + "\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
    for i in range(n):
        h += f"GPU{i}\t" + "\t".join(" X " if i==j else links(i,j) for j in range(n)) + f"\t{cpus[i]}\t{numa[i]}\t\tN/A\n"
    return h + "\nLegend:\n\n  X    = Self\n  NV#  = Connection traversing a bonded set of # NVLinks\n"
def nvlink(names, up):
    s=""
    for i,(n,u) in enumerate(zip(names,up)):
        s += f"GPU {i}: {n} (UUID: GPU-00000000-0000-0000-0000-00000000000{i})\n"
        for k in range(4):
            s += f"\t Link {k}: " + ("14.062 GB/s" if k < u else "<inactive>") + "\n"
    return s
CPU_XEON = lambda sockets: "".join(f"processor\t: {i}\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Gold 6448Y\nphysical id\t: {i % sockets}\n\n" for i in range(4))
CPU_RYZEN = "".join(f"processor\t: {i}\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD Ryzen 9 7900 12-Core Processor\nphysical id\t: 0\n\n" for i in range(4))
CPU_TR = lambda sockets: "".join(f"processor\t: {i}\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD Ryzen Threadripper PRO 7975WX 32-Cores\nphysical id\t: {i % sockets}\n\n" for i in range(4))
MEM = lambda kb: f"MemTotal:       {kb} kB\nMemFree:        {kb//2} kB\n"
def write(case, files):
    os.makedirs(f"{D}/{case}", exist_ok=True)
    for n, t in files.items(): open(f"{D}/{case}/{n}", "w").write(t)
G3090 = lambda bus, **k: gpu(bus, "NVIDIA GeForce RTX 3090", "220410DE", **k)
nv4 = lambda i,j: "NV4"
two = [ "NVIDIA GeForce RTX 3090" ]*2
base = lambda g0={}, g1={}: log([G3090("00000000:01:00.0", **g0), G3090("00000000:02:00.0", **g1)])
common = {"topo-m.txt": topo(2, nv4, [0,0], ["0-23","0-23"]), "cpuinfo": CPU_RYZEN, "meminfo": MEM(131_300_000)}
# The planned seed two-3090 desktop as it should be: x8/x8 (the board splits its CPU lanes), NVLink up.
write("two-3090-as-planned", {"nvidia-smi-q.xml": base(dict(width=(8,8)), dict(width=(8,8))), "nvlink-s.txt": nvlink(two,[4,4]), **common})
# One card negotiated x4 under load.
write("x4-link", {"nvidia-smi-q.xml": base(dict(width=(8,8)), dict(width=(4,8))), "nvlink-s.txt": nvlink(two,[4,4]), **common})
# Gen1 under load: a riser; and a ConnectX-6 at Gen3 of Gen4.
lspci = """01:00.0 VGA compatible controller: NVIDIA Corporation GA102 [GeForce RTX 3090] (rev a1) (prog-if 00 [VGA controller])
	Subsystem: NVIDIA Corporation GA102 [GeForce RTX 3090]
	Capabilities: [68] Express (v2) Legacy Endpoint, MSI 00
		LnkCap:	Port #0, Speed 16GT/s, Width x16, ASPM L0s L1, Exit Latency L0s <1us, L1 <4us
		LnkSta:	Speed 16GT/s (ok), Width x8 (downgraded)
	Kernel driver in use: nvidia

02:00.0 VGA compatible controller: NVIDIA Corporation GA102 [GeForce RTX 3090] (rev a1) (prog-if 00 [VGA controller])
	Subsystem: NVIDIA Corporation GA102 [GeForce RTX 3090]
	Capabilities: [68] Express (v2) Legacy Endpoint, MSI 00
		LnkCap:	Port #0, Speed 16GT/s, Width x16, ASPM L0s L1, Exit Latency L0s <1us, L1 <4us
		LnkSta:	Speed 2.5GT/s (downgraded), Width x8 (downgraded)
	Kernel driver in use: nvidia

03:00.0 Infiniband controller: Mellanox Technologies MT28908 Family [ConnectX-6]
	Subsystem: Mellanox Technologies Device 0007
	Capabilities: [60] Express (v2) Endpoint, MSI 00
		LnkCap:	Port #0, Speed 16GT/s, Width x16, ASPM not supported
		LnkSta:	Speed 8GT/s (downgraded), Width x16 (ok)
	Kernel driver in use: mlx5_core
"""
write("riser-gen1", {"nvidia-smi-q.xml": base(dict(width=(8,8)), dict(gen=(1,4), width=(8,8))), "nvlink-s.txt": nvlink(two,[4,4]), "lspci-vv.txt": lspci, **common})
# lspci alone, with the root ports above the GPUs: two RTX 3090s on a board that splits its CPU's
# x16 into x8/x8 (both ports' LnkCap x8), idle at Gen1 (no performance state in lspci). Healthy:
# notes only.
def port(addr, bus, gen_gts, width, sta_gts=None):
    sta = sta_gts or gen_gts
    return f"""{addr} PCI bridge: Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge GPP Bridge (prog-if 00 [Normal decode])
	Bus: primary=00, secondary={bus}, subordinate={bus}, sec-latency=0
	Capabilities: [58] Express (v2) Root Port (Slot+), MSI 00
		LnkCap:	Port #0, Speed {gen_gts}GT/s, Width x{width}, ASPM L1, Exit Latency L1 <64us
		LnkSta:	Speed {sta}GT/s, Width x{width}

"""
def g3090_lspci(bus, sta_gts, sta_width):
    return f"""{bus}:00.0 VGA compatible controller: NVIDIA Corporation GA102 [GeForce RTX 3090] (rev a1) (prog-if 00 [VGA controller])
	Subsystem: NVIDIA Corporation GA102 [GeForce RTX 3090]
	NUMA node: 0
	Capabilities: [68] Express (v2) Legacy Endpoint, MSI 00
		LnkCap:	Port #0, Speed 16GT/s, Width x16, ASPM L0s L1, Exit Latency L0s <1us, L1 <4us
		LnkSta:	Speed {sta_gts}GT/s (downgraded), Width x{sta_width} (downgraded)
	Kernel driver in use: nvidia

"""
write("x8x8-root-ports", {"lspci-vv.txt": port("00:01.1", "01", 16, 8, 2.5) + port("00:01.2", "02", 16, 8, 2.5)
                          + g3090_lspci("01", 2.5, 8) + g3090_lspci("02", 2.5, 8)})
# A card in a chipset slot: its port is Gen3 x4 (LnkCap), and the card runs Gen3 x4. The host
# caps the link: the width is a warning (x4 starves a GPU), the generation a note naming the port.
write("chipset-x4-slot", {"lspci-vv.txt": port("00:02.1", "05", 8, 4) + g3090_lspci("05", 8, 4)})
# The NVLink bridge is not seated: every link of both cards inactive; topo shows PHB.
write("nvlink-down", {"nvidia-smi-q.xml": base(dict(width=(8,8)), dict(width=(8,8))), "nvlink-s.txt": nvlink(two,[0,0]),
       "topo-m.txt": topo(2, lambda i,j: "PHB", [0,0], ["0-23","0-23"]), "cpuinfo": CPU_RYZEN, "meminfo": MEM(131_300_000)})
# Old driver; one DIMM pair missing.
write("old-driver", {"nvidia-smi-q.xml": log([G3090("00000000:01:00.0", width=(8,8)), G3090("00000000:02:00.0", width=(8,8))], driver="535.54.03", cuda="12.2"),
       "nvlink-s.txt": nvlink(two,[4,4]), "topo-m.txt": common["topo-m.txt"], "cpuinfo": CPU_RYZEN, "meminfo": MEM(65_600_000)})
# 4x RTX A6000 in a dual-socket Xeon server delivered for the single-socket Threadripper plan, across two NUMA nodes; power limits 250 W as planned but one at 200 W.
A6000 = lambda bus, pl: gpu(bus, "NVIDIA RTX A6000", "223010DE", pl=pl, dpl=300, minpl=100, maxpl=300, mem=49140)
write("two-sockets", {"nvidia-smi-q.xml": log([A6000("00000000:41:00.0",250), A6000("00000000:42:00.0",250), A6000("00000000:c1:00.0",250), A6000("00000000:c2:00.0",250)]),
       "topo-m.txt": topo(4, lambda i,j: "NV4" if i//2==j//2 else "SYS", [0,0,1,1], ["0-31","0-31","32-63","32-63"]),
       "cpuinfo": CPU_XEON(2), "meminfo": MEM(527_000_000)})
write("low-power", {"nvidia-smi-q.xml": log([A6000("00000000:41:00.0",250), A6000("00000000:42:00.0",200), A6000("00000000:c1:00.0",250), A6000("00000000:c2:00.0",250)]),
       "topo-m.txt": topo(4, lambda i,j: "NV4" if i//2==j//2 else "NODE", [0,0,0,0], ["0-63"]*4),
       "cpuinfo": CPU_TR(1), "meminfo": MEM(527_000_000)})
# Malformed reports, one per parser.
B = os.path.join(ROOT, "tests/bad_inputs/inspect")
def bad(case, files):
    os.makedirs(f"{B}/{case}", exist_ok=True)
    for n, t in files.items(): open(f"{B}/{case}/{n}", "w").write(t)
full = base()
bad("truncated-xml", {"nvidia-smi-q.xml": full[: full.index("</link_widths>") + 5]})
bad("not-nvsmi-xml", {"nvidia-smi-q.xml": "<?xml version=\"1.0\"?>\n<html><body>nvidia-smi not found</body></html>\n"})
bad("bad-number-xml", {"nvidia-smi-q.xml": base(g1=dict(width=(8,8))).replace("<current_link_width>8x<", "<current_link_width>8q<", 1)})
bad("mismatched-xml", {"nvidia-smi-q.xml": full.replace("</pcie_gen>", "</pcie_gen_>", 1)})
bad("garbage-lspci", {"lspci-vv.txt": "Segmentation fault (core dumped)\n"})
bad("bad-speed-lspci", {"lspci-vv.txt": lspci.replace("Speed 2.5GT/s", "Speed 3GT/s")})
bad("short-topo", {"topo-m.txt": "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\nGPU0\t X \tNV4\t0-23\t0\nGPU1\tNV4\n"})
bad("bad-code-topo", {"topo-m.txt": "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\nGPU0\t X \tNV4\t0-23\t0\nGPU1\tQPI\t X \t0-23\t0\n"})
bad("garbage-nvlink", {"nvlink-s.txt": "GPU 0: NVIDIA GeForce RTX 3090 (UUID: GPU-0)\n\t Link 0: fast\n"})
bad("cpuinfo-no-colon", {"cpuinfo": "processor\t: 0\nthis is not cpuinfo\n"})
bad("meminfo-no-total", {"meminfo": "MemFree:        1 kB\n"})
bad("rocm-not-json", {"rocm-smi-topo.json": "{\"card0\": {\n"})
bad("topo-count-disagrees", {"nvidia-smi-q.xml": full, "topo-m.txt": "\tGPU0\tCPU Affinity\tNUMA Affinity\nGPU0\t X \t0-23\t0\n"})
bad("empty-dir-marker", {"README": "holds none of the reports\n"})
# Characters XML 1.0 does not allow (issue 28): a NUL byte, and ESC written as a reference.
bad("nul-in-xml", {"nvidia-smi-q.xml": full.replace("</product_name>", "\0</product_name>", 1)})
bad("control-char-xml", {"nvidia-smi-q.xml": full.replace("</product_name>", " &#x1b;[2J</product_name>", 1)})
