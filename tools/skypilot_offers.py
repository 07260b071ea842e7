#!/usr/bin/env python3
"""Turn saved excerpts of the public SkyPilot catalog into rigplan cloud offers.

SkyPilot (github.com/skypilot-org/skypilot-catalog) publishes, per provider, a vms.csv with one
row per instance type x region (x zone) giving the on-demand and, where the provider has one, the
spot price. tools/skypilot/<provider>.csv holds the rows rigplan uses, copied verbatim, under a
"# origin:" line naming the file and the commit it comes from. Most excerpts come from the v7
catalog (catalogs/v7/); Azure, DigitalOcean (SkyPilot's "do"), Fluidstack and Paperspace come from
the older v6 files (catalogs/v6/): older snapshots. This script maps each instance
type to a catalog GPU (the MAP table below, with the reason for each form-factor choice), applies
the region policy, checks the GPU memory the row states against the catalog GPU, and writes
data/catalog/cloud-skypilot.json. It is deterministic: same excerpts, same output.

Region policy (one offer per provider x instance type):
  * a provider's reference region when the type is offered there: AWS us-east-1, Azure eastus,
    Fluidstack any *_USA region, Lambda us-east-1, Nebius us-central1, RunPod "US", SimplePod any
    "North America-*" region, Vast any US host (Hyperbolic, DigitalOcean and Paperspace have one
    region each in their files, and the Seeweb rows used are all it-fr2; Cudo has no reference
    region: each type is sold in one or two data centres, all of them taken);
  * otherwise every row of the type;
  * among those rows the lowest on-demand price wins, ties broken by region then zone name;
  * the spot price is the lowest positive spot price in the chosen region (AWS lists one per
    availability zone); Vast's "0.00" means no spot price.
An instance type that data/catalog/cloud.json already lists for the same provider (a hand entry
with a dated price) is left out here, so one instance never has two prices.

Usage: tools/skypilot_offers.py [--check]   (--check: fail if the JSON file is not up to date)
Python 3 standard library only.
"""
import csv
import glob
import io
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXCERPTS = os.path.join(ROOT, "tools", "skypilot")
OUT = os.path.join(ROOT, "data", "catalog", "cloud-skypilot.json")
HAND = os.path.join(ROOT, "data", "catalog", "cloud.json")

PROVIDER_NAMES = {"aws": "AWS EC2", "azure": "Microsoft Azure", "cudo": "Cudo Compute", "digitalocean": "DigitalOcean",
                  "fluidstack": "Fluidstack", "hyperbolic": "Hyperbolic", "lambda": "Lambda Cloud",
                  "nebius": "Nebius AI Cloud", "paperspace": "Paperspace",
                  "runpod": "RunPod Secure Cloud", "seeweb": "Seeweb", "simplepod": "SimplePod", "vast": "Vast.ai"}

# Reference region per provider (see the policy above).
PREFERRED = {
    "aws": lambda r: r["Region"] == "us-east-1",
    "azure": lambda r: r["Region"] == "eastus",
    "cudo": lambda r: False,  # no reference region: every row of the type
    "digitalocean": lambda r: True,  # one region (tor1) in the file
    "fluidstack": lambda r: r["Region"].endswith("_USA"),
    "hyperbolic": lambda r: True,  # one region ("default") in the file
    "lambda": lambda r: r["Region"] == "us-east-1",
    "nebius": lambda r: r["Region"] == "us-central1",
    "paperspace": lambda r: True,  # one region (East Coast (NY2)) in the file
    "runpod": lambda r: r["Region"] == "US",
    "seeweb": lambda r: True,  # the rows used are all it-fr2 (Frosinone)
    "simplepod": lambda r: r["Region"].startswith("North America"),
    "vast": lambda r: ", US, " in r["Region"],
}

# How a provider's GpuInfo states GPU memory: "per_gpu" (SizeInMiB is one GPU's), "total" (all GPUs
# together) or None (not checked: Nebius puts host memory there; Azure, Paperspace and RunPod give
# only a GPU name). DigitalOcean writes the keys in lower case ('sizeinmib'); the match ignores case.
GPUINFO = {"aws": "per_gpu", "azure": None, "cudo": "per_gpu", "digitalocean": "per_gpu", "fluidstack": "per_gpu",
           "hyperbolic": "per_gpu", "lambda": "per_gpu", "nebius": None, "paperspace": None,
           "runpod": None, "seeweb": "per_gpu", "simplepod": "per_gpu", "vast": "total"}

GEFORCE = ("Rented GeForce cards are partner boards, not Founders Editions: the catalog's FE part stands for the GPU "
           "(same chip and memory); board power and cooler may differ.")
MAP = {
    "aws": {
        "g4dn.metal": ("nvidia-t4", "8x T4 16 GB."),
        "g4dn.xlarge": ("nvidia-t4", "1x T4 16 GB."),
        "g6.xlarge": ("nvidia-l4", "1x L4 24 GB (22888 MiB usable in the row)."),
        "g6e.12xlarge": ("nvidia-l40s", "4x L40S 48 GB (45776 MiB usable in the row)."),
        "p3dn.24xlarge": ("nvidia-v100-sxm2-32gb", "8x V100 SXM2 32 GB (SkyPilot names it V100-32GB; the row's GpuInfo gives 32768 MiB per GPU)."),
        "p4d.24xlarge": ("nvidia-a100-sxm4-40gb", "8x A100 40 GB SXM4 with NVSwitch."),
        "p4de.24xlarge": ("nvidia-a100-sxm4-80gb", "8x A100 80 GB SXM4 with NVSwitch."),
        "p5.48xlarge": ("nvidia-h100-sxm5-80gb", "8x H100 SXM 80 GB with NVSwitch."),
        "p5en.48xlarge": ("nvidia-h200-sxm-141gb", "8x H200 SXM 141 GB."),
    },
    "azure": {
        "Standard_NC4as_T4_v3": ("nvidia-t4", "1x T4 16 GB (NCasT4_v3 series)."),
        "Standard_NC6s_v3": ("nvidia-v100-pcie-16gb", "1x V100 (NCv3 series; SkyPilot names it V100, i.e. 16 GB). The row does not say PCIe or SXM2; PCIe assumed for the NC series (the NVLink V100 machine is ND40rs_v2): verify."),
        "Standard_NC48ads_A100_v4": ("nvidia-a100-pcie-80gb", "2x A100 80 GB PCIe: the NC A100 v4 series, whose 1-GPU size the hand entry azure-nc24ads-a100-v4 prices as A100 PCIe 80 GB."),
        "Standard_NC96ads_A100_v4": ("nvidia-a100-pcie-80gb", "4x A100 80 GB PCIe: the NC A100 v4 series, whose 1-GPU size the hand entry azure-nc24ads-a100-v4 prices as A100 PCIe 80 GB."),
        "Standard_NC80adis_H100_v5": ("nvidia-h100-nvl-94gb", "2x H100 NVL: the NC H100 v5 series, whose 1-GPU size the hand entry azure-nc40ads-h100-v5 prices as H100 NVL 94 GB. The row's spot price equals its on-demand price (as it does for NC40ads_H100_v5 in the same file): read it as no real spot discount."),
        "Standard_ND40rs_v2": ("nvidia-v100-sxm2-32gb", "8x V100 32 GB (SkyPilot names it V100-32GB), the NVLink-connected ND v2 machine; SXM2 assumed as for AWS p3dn.24xlarge: verify."),
        "Standard_ND96asr_v4": ("nvidia-a100-sxm4-40gb", "8x A100 40 GB (ND A100 v4, SkyPilot names it A100), the NVLink machine of the series; SXM4 assumed as for AWS p4d.24xlarge: verify."),
        "Standard_ND96amsr_A100_v4": ("nvidia-a100-sxm4-80gb", "8x A100 80 GB (NDm A100 v4), the NVLink machine of the series; SXM4 assumed as for AWS p4de.24xlarge: verify."),
        "Standard_NV36ads_A10_v5": ("nvidia-a10", "1x A10 24 GB, a whole GPU (the smaller NVads A10 v5 sizes are GPU fractions and are left out)."),
    },
    "cudo": {
        "epyc-genoa-h100-nvl-pcie_1x12v24gb": ("nvidia-h100-nvl-94gb", "1x H100 NVL (type name h100-nvl-pcie; 96256 MiB per GPU in the row = 94 GiB)."),
        "epyc-genoa-h100-nvl-pcie_8x96v192gb": ("nvidia-h100-nvl-94gb", "8x H100 NVL (type name h100-nvl-pcie; 96256 MiB per GPU in the row = 94 GiB)."),
        "sapphire-rapids-h100_1x12v24gb": ("nvidia-h100-sxm5-80gb", "1x H100 80 GB; SkyPilot names the accelerator H100-SXM."),
        "sapphire-rapids-h100_8x96v192gb": ("nvidia-h100-sxm5-80gb", "8x H100 80 GB; SkyPilot names the accelerator H100-SXM."),
        "intel-ice-lake-a100-pci_1x12v24gb": ("nvidia-a100-pcie-80gb", "1x A100 80 GB PCIe (type name a100-pci; 81920 MiB in the row)."),
        "epyc-genoa-l40s-compute_1x12v24gb": ("nvidia-l40s", "1x L40S 48 GB."),
        "ice-lake-a40-compute_1x12v24gb": ("nvidia-a40", "1x A40 48 GB."),
        "ice-lake-rtx-a5000_1x12v24gb": ("nvidia-rtx-a5000", "1x RTX A5000 24 GB."),
        "ice-lake-rtx-a6000_1x12v24gb": ("nvidia-rtx-a6000", "1x RTX A6000 48 GB."),
        "intel-broadwell-v100_1x12v24gb": ("nvidia-v100-pcie-16gb", "1x V100 16 GB (16384 MiB in the row); the row does not say PCIe or SXM2 and the catalog has only the PCIe 16 GB card: verify."),
    },
    "digitalocean": {
        "gpu-h100x1-80gb": ("nvidia-h100-sxm5-80gb", "1x H100 80 GB (81559 MiB usable in the row); the row does not say SXM or PCIe, SXM assumed (the 8-GPU droplet of the same family is an 8x 80 GB machine): verify."),
        "gpu-h100x8-640gb": ("nvidia-h100-sxm5-80gb", "8x H100 80 GB (81559 MiB usable per GPU in the row); the row does not say SXM or PCIe, SXM assumed for an 8x 80 GB machine: verify."),
    },
    "fluidstack": {
        "H100_PCIE_80GB::1": ("nvidia-h100-pcie-80gb", "1x H100 PCIe 80 GB (the type name says PCIE)."),
        "H100_NVLINK_80GB::8": ("nvidia-h100-sxm5-80gb", "8x H100 80 GB joined by NVLink (type name H100_NVLINK_80GB); SXM5 assumed (the NVLink-bridged PCIe card pairs GPUs only): verify."),
        "A100_PCIE_80GB::1": ("nvidia-a100-pcie-80gb", "1x A100 PCIe 80 GB (the type name says PCIE)."),
        "A100_PCIE_80GB::8": ("nvidia-a100-pcie-80gb", "8x A100 PCIe 80 GB (the type name says PCIE)."),
        "L40_48GB::1": ("nvidia-l40", "1x L40 48 GB."),
        "L40_48GB::8": ("nvidia-l40", "8x L40 48 GB."),
    },
    "hyperbolic": {
        "1x-H100-28-271": ("nvidia-h100-sxm5-80gb", "GpuInfo names it NVIDIA-H100-80GB-HBM3: HBM3 is the SXM part (the H100 PCIe has HBM2e)."),
        "8x-H100-224-2165": ("nvidia-h100-sxm5-80gb", "GpuInfo names it NVIDIA-H100-80GB-HBM3: HBM3 is the SXM part (the H100 PCIe has HBM2e)."),
        "1x-RTX4090-11-45": ("nvidia-rtx-4090-fe", GEFORCE),
    },
    "lambda": {
        "gpu_8x_a100": ("nvidia-a100-sxm4-40gb", "SkyPilot gives A100 40 GB (40960 MiB); Lambda's 8x A100 40 GB machines are SXM4 boards, as its 1x type's name (gpu_1x_a100_sxm4) says: verify the form factor on lambda.ai."),
        "gpu_4x_a6000": ("nvidia-rtx-a6000", "RTX A6000 48 GB."),
        "gpu_1x_a6000": ("nvidia-rtx-a6000", "RTX A6000 48 GB."),
        "gpu_1x_a100_sxm4": ("nvidia-a100-sxm4-40gb", "A100 40 GB SXM4."),
        "gpu_1x_a10": ("nvidia-a10", "A10 24 GB."),
        "gpu_8x_a100_80gb_sxm4": ("nvidia-a100-sxm4-80gb", "A100 80 GB SXM4."),
        "gpu_1x_h100_pcie": ("nvidia-h100-pcie-80gb", "H100 PCIe 80 GB."),
        "gpu_1x_h100_sxm5": ("nvidia-h100-sxm5-80gb", "H100 SXM5 80 GB."),
        "gpu_8x_h100_sxm5": ("nvidia-h100-sxm5-80gb", "H100 SXM5 80 GB."),
    },
    "paperspace": {
        "A4000": ("nvidia-rtx-a4000", "1x RTX A4000 16 GB (SkyPilot names it A4000)."),
        "H100": ("nvidia-h100-sxm5-80gb", "1x H100 80 GB; the row names only H100, SXM assumed: verify."),
        "H100x8": ("nvidia-h100-sxm5-80gb", "8x H100 80 GB; the row names only H100, SXM assumed for an 8-GPU machine: verify."),
        "A100-80G": ("nvidia-a100-sxm4-80gb", "1x A100 80 GB; the row names only A100-80GB, SXM4 assumed: verify (the A100 PCIe 80 GB has the same memory)."),
        "A100-80Gx8": ("nvidia-a100-sxm4-80gb", "8x A100 80 GB; the row names only A100-80GB, SXM4 assumed for an 8-GPU machine: verify."),
    },
    "nebius": {
        "gpu-h100-sxm_1gpu-16vcpu-200gb": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "gpu-h100-sxm_8gpu-128vcpu-1600gb": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "gpu-h200-sxm_1gpu-16vcpu-200gb": ("nvidia-h200-sxm-141gb", "H200 SXM."),
        "gpu-h200-sxm_8gpu-128vcpu-1600gb": ("nvidia-h200-sxm-141gb", "H200 SXM."),
        "gpu-l40s-a_1gpu-8vcpu-32gb": ("nvidia-l40s", "L40S (the smallest of Nebius's L40S shapes)."),
        "gpu-b200-sxm_8gpu-160vcpu-1792gb": ("nvidia-b200-sxm-180gb", "B200 SXM."),
    },
    "runpod": {
        "1x_A100-80GB_SECURE": ("nvidia-a100-pcie-80gb", "RunPod lists A100-80GB (PCIe) apart from A100-80GB-SXM; this is the PCIe card."),
        "8x_A100-80GB_SECURE": ("nvidia-a100-pcie-80gb", "RunPod lists A100-80GB (PCIe) apart from A100-80GB-SXM; this is the PCIe card."),
        "1x_A100-80GB-SXM_SECURE": ("nvidia-a100-sxm4-80gb", "A100 80 GB SXM."),
        "8x_A100-80GB-SXM_SECURE": ("nvidia-a100-sxm4-80gb", "A100 80 GB SXM."),
        "1x_A40_SECURE": ("nvidia-a40", "A40 48 GB."),
        "1x_H100_SECURE": ("nvidia-h100-pcie-80gb", "RunPod lists H100 (PCIe) apart from H100-SXM and H100-NVL; SkyPilot's RunPod GPU_NAME_MAP (skypilot-org/skypilot, sky/provision/runpod/utils.py) maps H100 to 'NVIDIA H100 PCIe'."),
        "8x_H100_SECURE": ("nvidia-h100-pcie-80gb", "RunPod lists H100 (PCIe) apart from H100-SXM and H100-NVL; SkyPilot's RunPod GPU_NAME_MAP (skypilot-org/skypilot, sky/provision/runpod/utils.py) maps H100 to 'NVIDIA H100 PCIe'."),
        "1x_H100-NVL_SECURE": ("nvidia-h100-nvl-94gb", "H100 NVL (94 GB in the row's MemoryGiB column for one GPU)."),
        "1x_H100-SXM_SECURE": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "2x_H100-SXM_SECURE": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "8x_H100-SXM_SECURE": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "1x_H200-SXM_SECURE": ("nvidia-h200-sxm-141gb", "H200 SXM."),
        "8x_H200-SXM_SECURE": ("nvidia-h200-sxm-141gb", "H200 SXM."),
        "1x_L4_SECURE": ("nvidia-l4", "L4 24 GB."),
        "1x_L40_SECURE": ("nvidia-l40", "L40 48 GB (RunPod lists L40 apart from L40S)."),
        "8x_L40_SECURE": ("nvidia-l40", "L40 48 GB (RunPod lists L40 apart from L40S)."),
        "1x_RTX6000-Ada_SECURE": ("nvidia-rtx-6000-ada", "RTX 6000 Ada 48 GB."),
        "1x_RTXA4000_SECURE": ("nvidia-rtx-a4000", "RTX A4000 16 GB."),
        "1x_RTXA4500_SECURE": ("nvidia-rtx-a4500", "RTX A4500 20 GB."),
        "1x_RTXA5000_SECURE": ("nvidia-rtx-a5000", "RTX A5000 24 GB."),
        "1x_RTXA6000_SECURE": ("nvidia-rtx-a6000", "RTX A6000 48 GB."),
        "1x_B200_SECURE": ("nvidia-b200-sxm-180gb", "B200 (the row's MemoryGiB column gives 180 for one GPU, the B200's memory); the catalog's only B200 part is the SXM module."),
        "8x_B200_SECURE": ("nvidia-b200-sxm-180gb", "B200; the catalog's only B200 part is the SXM module."),
        "1x_MI300X_SECURE": ("amd-instinct-mi300x", "AMD Instinct MI300X (the row's MemoryGiB column gives 192 per GPU, the MI300X's memory)."),
        "8x_MI300X_SECURE": ("amd-instinct-mi300x", "AMD Instinct MI300X (the row's MemoryGiB column gives 192 per GPU, the MI300X's memory)."),
        "1x_RTX3090_SECURE": ("nvidia-rtx-3090-fe", GEFORCE),
        "1x_RTX4000-Ada_SECURE": ("nvidia-rtx-4000-ada", "RTX 4000 Ada 20 GB."),
        "1x_RTX4090_SECURE": ("nvidia-rtx-4090-fe", GEFORCE),
    },
    "seeweb": {
        "ECS1GPU10": ("nvidia-h200-sxm-141gb", "1x H200 (144384 MiB in the row); the row names only H200, SXM assumed: the H200 NVL has the same memory, so verify the form factor."),
        "ECS1GPU2": ("nvidia-rtx-a6000", "1x RTX A6000 48 GB (48384 MiB usable in the row)."),
        "ECS1GPU6": ("nvidia-l4", "1x L4 24 GB."),
        "ECS1GPU7": ("nvidia-l40s", "1x L40S 48 GB."),
    },
    "simplepod": {
        "gpu_1x_rtx3060ti_8": ("nvidia-rtx-3060-ti-fe", GEFORCE),
        "gpu_1x_rtx4090_32": ("nvidia-rtx-4090-fe", GEFORCE),
        "gpu_1x_rtx5090_32": ("nvidia-rtx-5090-fe", GEFORCE),
        "gpu_1x_rtxa4000_10": ("nvidia-rtx-a4000", "1x RTX A4000 16 GB."),
    },
    "vast": {
        "1x-H100_SXM-32-65536": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "8x-H100_SXM-32-65536": ("nvidia-h100-sxm5-80gb", "H100 SXM."),
        "2x-H100_NVL-32-65536": ("nvidia-h100-nvl-94gb", "H100 NVL (95830 MiB per GPU in the row)."),
        "1x-H200-32-65536": ("nvidia-h200-sxm-141gb", "Vast names it only H200 (141 GB); SXM assumed: the H200 NVL has the same memory, so verify the form factor."),
        "8x-H200-32-65536": ("nvidia-h200-sxm-141gb", "Vast names it only H200 (141 GB); SXM assumed: the H200 NVL has the same memory, so verify the form factor."),
        "1x-RTX_5090-32-65536": ("nvidia-rtx-5090-fe", GEFORCE),
        "1x-RTX_4090-32-65536": ("nvidia-rtx-4090-fe", GEFORCE),
        "1x-RTX_3090-32-65536": ("nvidia-rtx-3090-fe", GEFORCE),
        "2x-RTX_6000Ada-32-65536": ("nvidia-rtx-6000-ada", "RTX 6000 Ada 48 GB."),
        "2x-L40S-32-65536": ("nvidia-l40s", "L40S 48 GB."),
        "1x-A100_SXM4-32-65536": ("nvidia-a100-sxm4-40gb", "A100 SXM4 40 GB (40960 MiB per GPU in the row)."),
        "8x-A100_SXM4-32-65536": ("nvidia-a100-sxm4-40gb", "A100 SXM4 40 GB (40960 MiB per GPU in the row)."),
        "1x-A40-32-65536": ("nvidia-a40", "A40 48 GB."),
        "2x-RTX_A6000-32-65536": ("nvidia-rtx-a6000", "RTX A6000 48 GB."),
        "4x-RTX_A5000-32-65536": ("nvidia-rtx-a5000", "RTX A5000 24 GB."),
        "4x-RTX_A4000-32-65536": ("nvidia-rtx-a4000", "RTX A4000 16 GB."),
        "2x-A10-32-65536": ("nvidia-a10", "A10 24 GB."),
    },
}
VERIFY_GPU = {("lambda", "gpu_8x_a100"), ("vast", "1x-H200-32-65536"), ("vast", "8x-H200-32-65536"),
              ("azure", "Standard_NC6s_v3"), ("azure", "Standard_ND40rs_v2"), ("azure", "Standard_ND96asr_v4"),
              ("azure", "Standard_ND96amsr_A100_v4"), ("cudo", "intel-broadwell-v100_1x12v24gb"),
              ("digitalocean", "gpu-h100x1-80gb"), ("digitalocean", "gpu-h100x8-640gb"),
              ("fluidstack", "H100_NVLINK_80GB::8"), ("paperspace", "H100"), ("paperspace", "H100x8"),
              ("paperspace", "A100-80G"), ("paperspace", "A100-80Gx8"), ("seeweb", "ECS1GPU10")}
MEMORY_TOLERANCE = 0.08  # marketplaces report usable memory (e.g. 81559 MiB for an 80 GB H100)


def fail(msg):
    sys.exit(f"skypilot_offers.py: {msg}")


def read_excerpt(path):
    origin, rows = None, []
    with open(path, newline="") as f:
        lines = f.read().splitlines()
    body = []
    for line in lines:
        if line.startswith("# origin:"):
            m = re.match(r"# origin: github\.com/([^,]+), ([^,]+), commit ([0-9a-f]{40})$", line)
            if not m:
                fail(f"{path}: bad origin line")
            origin = {"repo": m.group(1), "path": m.group(2), "commit": m.group(3)}
        elif not line.startswith("#"):
            body.append(line)
    if not origin:
        fail(f"{path}: no '# origin:' line")
    for r in csv.DictReader(io.StringIO("\n".join(body))):
        rows.append(r)
    return origin, rows


def num(v):
    return float(v) if v not in (None, "") else None


def tidy(x):
    return int(x) if x is not None and float(x).is_integer() else x


def catalog_gpus():
    mem, names = {}, {}
    for f in sorted(glob.glob(os.path.join(ROOT, "data", "catalog", "gpus-*.json"))):
        for p in json.load(open(f))["parts"]:
            mem[p["id"]] = p["memory_gib"]
            names[p["id"]] = p["name"]
    return mem, names


def check_memory(provider, itype, row, gpu, mem):
    how = GPUINFO[provider]
    if not how or not row.get("GpuInfo"):
        return
    m = re.search(r"'SizeInMiB': (\d+)", row["GpuInfo"], re.IGNORECASE)
    if not m:
        fail(f"{provider} {itype}: no memory figure in GpuInfo")
    mib = int(m.group(1)) / (float(row["AcceleratorCount"]) if how == "total" else 1)
    want = mem[gpu] * 1024
    if abs(mib - want) > MEMORY_TOLERANCE * want:
        fail(f"{provider} {itype}: {mib:.0f} MiB per GPU in the row, but {gpu} has {mem[gpu]} GiB")


def choose(provider, rows):
    pref = [r for r in rows if PREFERRED[provider](r)]
    pool = pref or rows
    priced = [r for r in pool if num(r["Price"])]
    if not priced:
        return None, None
    key = lambda r: (num(r["Price"]), r["Region"], r.get("AvailabilityZone", ""))
    best = min(priced, key=key)
    spots = [num(r.get("SpotPrice")) for r in pool if r["Region"] == best["Region"] and num(r.get("SpotPrice"))]
    spot = min(spots) if spots else None
    return best, spot


def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")


def build():
    mem, names = catalog_gpus()
    hand = {(p["provider"], p["instance"]) for p in json.load(open(HAND))["parts"]}
    offers, skipped = [], []
    for path in sorted(glob.glob(os.path.join(EXCERPTS, "*.csv"))):
        provider = os.path.splitext(os.path.basename(path))[0]
        if provider not in MAP:
            fail(f"{path}: no MAP entry for provider {provider}")
        origin, rows = read_excerpt(path)
        by_type = {}
        for r in rows:
            if r["InstanceType"] not in MAP[provider]:
                fail(f"{path}: instance type {r['InstanceType']} is not in MAP")
            by_type.setdefault(r["InstanceType"], []).append(r)
        for itype, trs in sorted(by_type.items()):
            gpu, why = MAP[provider][itype]
            if gpu not in mem:
                fail(f"{provider} {itype}: {gpu} is not a catalog GPU")
            if (provider, itype) in hand:
                skipped.append(f"{provider} {itype}")
                continue
            row, spot = choose(provider, trs)
            if row is None:
                skipped.append(f"{provider} {itype} (no on-demand price)")
                continue
            check_memory(provider, itype, row, gpu, mem)
            count = int(float(row["AcceleratorCount"]))
            price = round(num(row["Price"]), 6)  # Cudo's file prints float noise (2.6464000000000003)
            if spot is not None and spot > price:
                fail(f"{provider} {itype}: spot {spot} above on-demand {price}")
            url = f"https://github.com/{origin['repo']}/blob/{origin['commit']}/{origin['path']}"
            region = row["Region"] + (f" ({row['AvailabilityZone']})" if provider == "runpod" else "")
            note = (f"{why} Price: SkyPilot catalog {origin['path']} at commit {origin['commit'][:7]} (source), "
                    f"row for {region}; region policy in tools/skypilot_offers.py (reference region, else the cheapest). "
                    "The data commit's date is not recorded with the file, so the price carries no date (no price_seen): "
                    "treat it as a snapshot of unknown age and check the provider's page. ")
            if spot is not None:
                note += "Spot: the lowest spot price listed for that region. "
            if provider == "vast":
                note += "Vast.ai is a marketplace: hosts set their own prices, so offers come and go."
            part = {
                "id": f"{provider}-{slug(itype)}",
                "kind": "cloud",
                "name": f"{PROVIDER_NAMES[provider]} {itype} ({count}x {names[gpu]})",
                "source": url,
                "source_commit": origin["commit"],
                "provider": provider,
                "instance": itype,
                "region": region,
                "gpu": gpu,
                "gpu_count": count,
                "usd_per_hour": price,
            }
            if spot is not None:
                part["spot_usd_per_hour"] = spot
            if num(row.get("vCPUs")):
                part["vcpus"] = tidy(num(row["vCPUs"]))
            if num(row.get("MemoryGiB")):
                part["memory_gib"] = tidy(num(row["MemoryGiB"]))
            part["notes"] = note.strip()
            if (provider, itype) in VERIFY_GPU:
                part["verify"] = ["gpu"]
            offers.append(part)
    offers.sort(key=lambda p: (p["provider"], p["gpu"], p["gpu_count"], p["instance"]))
    ids = [p["id"] for p in offers]
    if len(ids) != len(set(ids)):
        fail("duplicate ids")
    doc = {
        "schema_version": 1,
        "description": "Cloud GPU offers generated by tools/skypilot_offers.py from excerpts of the public SkyPilot "
                       "catalog (tools/skypilot/*.csv, each naming the file and commit it comes from). Do not edit by "
                       "hand: change the excerpts or the script and run it again. Whole-instance USD per hour, Linux.",
        "parts": offers,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n", skipped


def main():
    text, skipped = build()
    if "--check" in sys.argv:
        if not os.path.exists(OUT) or open(OUT).read() != text:
            fail(f"{OUT} is out of date: run tools/skypilot_offers.py")
        return
    with open(OUT, "w") as f:
        f.write(text)
    n = text.count('"kind": "cloud"')
    print(f"wrote {n} offers to {os.path.relpath(OUT, ROOT)}")
    for s in skipped:
        print(f"  left out (a dated hand entry in cloud.json has it): {s}")


if __name__ == "__main__":
    main()
