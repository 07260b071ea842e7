#!/usr/bin/env python3
"""US street prices for catalog parts from the pc-part-dataset snapshot (reproducible lookup).

Data: PCPartPicker listings (US, USD) scraped by the MIT-licensed pc-part-dataset project,
https://github.com/docyx/pc-part-dataset, data of 2025-07-23 (commit
06ffc8eec068db5e8145e012ad2ec11e56a7c969). An empty price there means "listed, not in stock": it
is not a price and is never used.

Matching is exact-model only: each catalog part below names the dataset file, the listing's name
exactly as PCPartPicker writes it, and the columns that pin the variant (capacity, speed, module
count, CAS latency, wattage, chipset, colour). Of the listings that match, the cheapest in stock
is taken, and the price says so. A part whose exact model is not in stock gets no street price
(its other prices, if any, stay). Memory kits are priced per module, as the catalog prices memory.

  tools/street_prices.py --dataset DIR            # print what it would write
  tools/street_prices.py --dataset DIR --write    # write the street prices into data/catalog

The binary never reads the dataset: the prices are committed into the catalog JSON.
"""
import argparse
import csv
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalog_prices import set_prices  # noqa: E402

DATE = "2025-07-23"
SOURCE = ("PCPartPicker listing, pc-part-dataset snapshot 2025-07-23 "
          "(github.com/docyx/pc-part-dataset, commit 06ffc8eec068db5e8145e012ad2ec11e56a7c969)")

# (catalog id, dataset file, listing name, {column: value} pinning the variant, modules per kit)
MATCHES = [
    # CPUs (boxed retail)
    ("amd-ryzen-9-7900", "cpu", "AMD Ryzen 9 7900", {}, 1),
    ("amd-ryzen-9-7950x", "cpu", "AMD Ryzen 9 7950X", {}, 1),
    ("amd-ryzen-7-7700x", "cpu", "AMD Ryzen 7 7700X", {}, 1),
    ("amd-ryzen-9-7950x3d", "cpu", "AMD Ryzen 9 7950X3D", {}, 1),
    ("amd-ryzen-9-9900x", "cpu", "AMD Ryzen 9 9900X", {}, 1),
    ("amd-ryzen-9-9950x", "cpu", "AMD Ryzen 9 9950X", {}, 1),
    ("amd-ryzen-7-9700x", "cpu", "AMD Ryzen 7 9700X", {}, 1),
    ("intel-core-i9-14900k", "cpu", "Intel Core i9-14900K", {}, 1),
    ("intel-core-i9-13900k", "cpu", "Intel Core i9-13900K", {}, 1),
    ("intel-core-ultra-9-285k", "cpu", "Intel Core Ultra 9 285K", {}, 1),
    # Desktop CPUs of session 10 (data/catalog/cpus-desktop3.json)
    ("amd-ryzen-5-7600", "cpu", "AMD Ryzen 5 7600", {}, 1),
    ("amd-ryzen-5-7600x", "cpu", "AMD Ryzen 5 7600X", {}, 1),
    ("amd-ryzen-7-7700", "cpu", "AMD Ryzen 7 7700", {}, 1),
    ("amd-ryzen-7-7800x3d", "cpu", "AMD Ryzen 7 7800X3D", {}, 1),
    ("amd-ryzen-9-7900x", "cpu", "AMD Ryzen 9 7900X", {}, 1),
    ("amd-ryzen-5-9600x", "cpu", "AMD Ryzen 5 9600X", {}, 1),
    ("amd-ryzen-7-9800x3d", "cpu", "AMD Ryzen 7 9800X3D", {}, 1),
    ("amd-ryzen-9-9900x3d", "cpu", "AMD Ryzen 9 9900X3D", {}, 1),
    ("amd-ryzen-9-9950x3d", "cpu", "AMD Ryzen 9 9950X3D", {}, 1),
    ("intel-core-i5-13600k", "cpu", "Intel Core i5-13600K", {}, 1),
    ("intel-core-i5-14600k", "cpu", "Intel Core i5-14600K", {}, 1),
    ("intel-core-i7-13700k", "cpu", "Intel Core i7-13700K", {}, 1),
    ("intel-core-i7-14700k", "cpu", "Intel Core i7-14700K", {}, 1),
    ("intel-core-i9-14900ks", "cpu", "Intel Core i9-14900KS", {}, 1),
    ("intel-core-i7-12700k", "cpu", "Intel Core i7-12700K", {}, 1),
    ("intel-core-i9-12900k", "cpu", "Intel Core i9-12900K", {}, 1),
    ("intel-core-ultra-5-245k", "cpu", "Intel Core Ultra 5 245K", {}, 1),
    ("intel-core-ultra-9-285", "cpu", "Intel Core Ultra 9 285", {}, 1),
    # LGA2011-3 parts of 2014-2016 (issue 15): discontinued, so every listing is a reseller's; check before buying
    ("intel-core-i7-5930k", "cpu", "Intel Core i7-5930K", {}, 1),
    ("intel-core-i7-6800k", "cpu", "Intel Core i7-6800K", {}, 1),
    ("intel-core-i7-6850k", "cpu", "Intel Core i7-6850K", {}, 1),
    ("intel-core-i7-6900k", "cpu", "Intel Core i7-6900K", {}, 1),
    ("intel-core-i7-6950x", "cpu", "Intel Core i7-6950X", {}, 1),
    ("intel-xeon-e5-1650-v4", "cpu", "Intel Xeon E5-1650 V4", {}, 1),
    # Boards
    ("asus-proart-x670e-creator", "motherboard", "Asus ProArt X670E-CREATOR WIFI", {}, 1),
    ("asus-rog-strix-x870e-e-gaming-wifi", "motherboard", "Asus ROG STRIX X870E-E GAMING WIFI", {}, 1),
    ("msi-mpg-x870e-carbon-wifi", "motherboard", "MSI MPG X870E CARBON WIFI", {}, 1),
    ("asus-tuf-gaming-x870-plus-wifi", "motherboard", "Asus TUF GAMING X870-PLUS WIFI", {}, 1),
    ("gigabyte-z890-aorus-master", "motherboard", "Gigabyte Z890 AORUS MASTER", {}, 1),
    ("asus-proart-b760-creator-d4", "motherboard", "Asus PROART B760-CREATOR D4", {}, 1),
    ("msi-meg-x870e-godlike", "motherboard", "MSI MEG X870E GODLIKE", {}, 1),
    ("msi-b760m-project-zero", "motherboard", "MSI B760M PROJECT ZERO", {}, 1),
    ("asus-rog-strix-b760-f-gaming-wifi", "motherboard", "Asus ROG STRIX B760-F GAMING WIFI", {}, 1),
    ("gigabyte-b650m-ds3h", "motherboard", "Gigabyte B650M DS3H", {}, 1),
    ("asus-rog-strix-b860-f-gaming-wifi", "motherboard", "Asus ROG STRIX B860-F GAMING WIFI", {}, 1),
    ("asus-rog-strix-b850-a-gaming-wifi", "motherboard", "Asus ROG STRIX B850-A GAMING WIFI", {}, 1),
    # Coolers
    ("noctua-nh-u14s-tr4-sp3", "cpu-cooler", "Noctua NH-U14S TR4-SP3", {}, 1),
    # Power supplies
    ("asus-rog-thor-1200p2", "power-supply", "Asus ROG THOR P2 Gaming", {"wattage": "1200"}, 1),
    ("asus-rog-thor-1200p", "power-supply", "Asus ROG THOR 1200P", {"wattage": "1200"}, 1),
    ("corsair-ax1600i", "power-supply", "Corsair AX1600i", {"wattage": "1600"}, 1),
    ("msi-meg-ai1300p-pcie5", "power-supply", "MSI MEG Ai1300P PCIE5", {"wattage": "1300"}, 1),
    ("corsair-hx1050", "power-supply", "Corsair HX1050", {"wattage": "1050"}, 1),
    ("corsair-hx1000w-cmpsu-1000hx", "power-supply", "Corsair HX1000", {"wattage": "1000", "modular": "Semi"}, 1),
    ("msi-mpg-a850g-pcie5", "power-supply", "MSI MPG A850G PCIE5", {"wattage": "850"}, 1),
    ("msi-mpg-a750g-pcie5", "power-supply", "MSI MPG A750G PCIE5", {"wattage": "750"}, 1),
    # Memory: kits, priced per module
    ("corsair-vengeance-ddr5-5200-32gb", "memory", "Corsair Vengeance 64 GB",
     {"speed": "5,5200", "modules": "2,32", "cas_latency": "40", "color": "Black"}, 2),
    ("corsair-vengeance-ddr5-5600-16gb", "memory", "Corsair Vengeance 32 GB",
     {"speed": "5,5600", "modules": "2,16", "cas_latency": "36", "color": "Black"}, 2),
    # corsair-vengeance-ddr5-6000-16gb (CMK32GX5M2B6000C30) is left out: the snapshot has 2x16 GB
    # DDR5-6000 CL30 Vengeance kits only as "Black / Gray", "Black / Silver" and "Gray", and the
    # listing name carries no part number to tell which is this SKU.
    ("gskill-trident-z5-rgb-ddr5-6400-32gb", "memory", "G.Skill Trident Z5 RGB 64 GB",
     {"speed": "5,6400", "modules": "2,32", "cas_latency": "32", "color": "Black / Silver"}, 2),
    ("corsair-vengeance-lpx-ddr4-3600-16gb", "memory", "Corsair Vengeance LPX 32 GB",
     {"speed": "4,3600", "modules": "2,16", "cas_latency": "18", "color": "Black / Yellow"}, 2),
    ("corsair-vengeance-lpx-ddr4-3200-8gb", "memory", "Corsair Vengeance LPX 16 GB",
     {"speed": "4,3200", "modules": "2,8", "cas_latency": "16", "color": "Black / Yellow"}, 2),
    # Chassis
    ("fractal-design-torrent", "case", "Fractal Design Torrent", {}, 1),
    ("corsair-4000d-airflow", "case", "Corsair 4000D Airflow", {"psu": ""}, 1),
    ("corsair-7000d-airflow", "case", "Corsair 7000D AIRFLOW", {}, 1),
    ("lian-li-o11-dynamic-evo-xl", "case", "Lian Li O11 Dynamic EVO XL", {}, 1),
    ("silverstone-rm52", "case", "Silverstone RM52", {}, 1),
    # Coolers
    ("noctua-nh-d15-g2", "cpu-cooler", "Noctua NH-D15 G2", {}, 1),
    ("arctic-liquid-freezer-iii-360", "cpu-cooler", "ARCTIC Liquid Freezer III 360", {}, 1),
    # Drives
    ("wd-black-sn850x-2tb", "internal-hard-drive", "Western Digital WD_Black SN850X", {"capacity": "2000"}, 1),
    ("samsung-990-pro-4tb", "internal-hard-drive", "Samsung 990 Pro", {"capacity": "4000"}, 1),
    # GPUs: the catalog card itself (Founders Edition, the named partner board, or the maker's
    # own workstation card, sold in the US as PNY's retail SKU)
    ("nvidia-titan-rtx", "video-card", "NVIDIA TITAN RTX", {"chipset": "TITAN RTX"}, 1),
    ("nvidia-rtx-2080-ti-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 2080 Ti"}, 1),
    ("nvidia-rtx-3060-ti-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 3060 Ti"}, 1),
    ("nvidia-rtx-3080-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 3080 10GB"}, 1),
    ("nvidia-rtx-3090-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 3090"}, 1),
    ("nvidia-rtx-3090-ti-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 3090 Ti"}, 1),
    ("nvidia-rtx-4080-super-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 4080 SUPER"}, 1),
    ("nvidia-rtx-4090-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 4090"}, 1),
    ("nvidia-rtx-5070-ti", "video-card", "Asus PRIME", {"chipset": "GeForce RTX 5070 Ti"}, 1),
    ("nvidia-rtx-5080-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 5080"}, 1),
    ("nvidia-rtx-5090-fe", "video-card", "NVIDIA Founders Edition", {"chipset": "GeForce RTX 5090"}, 1),
    ("nvidia-rtx-a4000", "video-card", "PNY RTX A-Series", {"chipset": "RTX A4000"}, 1),
    ("nvidia-rtx-a4500", "video-card", "PNY RTX A-Series", {"chipset": "RTX A4500"}, 1),
    ("nvidia-rtx-a5000", "video-card", "PNY RTX A-Series", {"chipset": "RTX A5000"}, 1),
    ("nvidia-rtx-a6000", "video-card", "PNY RTX A-Series", {"chipset": "RTX A6000"}, 1),
    ("nvidia-rtx-4000-ada", "video-card", "PNY VCNRTX4000ADA-PB", {"chipset": "RTX 4000 Ada Generation"}, 1),
    ("nvidia-rtx-4500-ada", "video-card", "PNY VCNRTX4500ADA-PB", {"chipset": "RTX 4500 Ada Generation"}, 1),
    ("nvidia-rtx-5000-ada", "video-card", "PNY VCNRTX5000ADA-PB", {"chipset": "RTX 5000 Ada Generation"}, 1),
    ("nvidia-rtx-6000-ada", "video-card", "PNY VCNRTX6000ADA-PB", {"chipset": "RTX 6000 Ada Generation"}, 1),
    ("nvidia-quadro-rtx-8000", "video-card", "PNY VCQRTX8000-PB", {"chipset": "Quadro RTX 8000"}, 1),
    ("amd-radeon-pro-w7900", "video-card", "AMD 100-300000074", {"chipset": "Radeon PRO W7900"}, 1),
    # Consumer parts added in session 6 (data/catalog/memory-consumer.json, gpus-partner.json, ...):
    # memory kits, priced per module
    ("corsair-vengeance-ddr5-5600-48gb", "memory", "Corsair Vengeance 96 GB",
     {"speed": "5,5600", "modules": "2,48", "cas_latency": "40", "color": "Black"}, 2),
    ("corsair-vengeance-ddr5-5200-48gb", "memory", "Corsair Vengeance 192 GB",
     {"speed": "5,5200", "modules": "4,48", "cas_latency": "38", "color": "Black"}, 4),
    ("corsair-vengeance-ddr5-6400-32gb", "memory", "Corsair Vengeance 64 GB",
     {"speed": "5,6400", "modules": "2,32", "cas_latency": "32", "color": "Black / Gray"}, 2),
    ("corsair-vengeance-ddr5-6400-64gb", "memory", "Corsair Vengeance 128 GB",
     {"speed": "5,6400", "modules": "2,64", "cas_latency": "42", "color": "Black"}, 2),
    ("gskill-flare-x5-ddr5-5600-48gb", "memory", "G.Skill Flare X5 96 GB",
     {"speed": "5,5600", "modules": "2,48", "cas_latency": "40", "color": "Black"}, 2),
    ("gskill-ripjaws-s5-ddr5-5200-48gb", "memory", "G.Skill Ripjaws S5 96 GB",
     {"speed": "5,5200", "modules": "2,48", "cas_latency": "40", "color": "Black"}, 2),
    ("gskill-flare-x5-ddr5-6000-32gb", "memory", "G.Skill Flare X5 64 GB",
     {"speed": "5,6000", "modules": "2,32", "cas_latency": "28", "color": "Black"}, 2),
    ("gskill-flare-x5-ddr5-6000-64gb", "memory", "G.Skill Flare X5 128 GB",
     {"speed": "5,6000", "modules": "2,64", "cas_latency": "36", "color": "Black"}, 2),
    ("kingston-fury-beast-ddr5-5600-64gb", "memory", "Kingston FURY Beast 128 GB",
     {"speed": "5,5600", "modules": "2,64", "cas_latency": "40", "color": "Black"}, 2),
    ("gskill-flare-x5-ddr5-5600-16gb", "memory", "G.Skill Flare X5 32 GB",
     {"speed": "5,5600", "modules": "2,16", "cas_latency": "36", "color": "Black"}, 2),
    ("gskill-ripjaws-v-ddr4-3200-32gb", "memory", "G.Skill Ripjaws V 128 GB",
     {"speed": "4,3200", "modules": "4,32", "cas_latency": "16", "color": "Black"}, 4),
    ("corsair-vengeance-lpx-ddr4-3200-32gb", "memory", "Corsair Vengeance LPX 128 GB",
     {"speed": "4,3200", "modules": "4,32", "cas_latency": "16", "color": "Black / Yellow"}, 4),
    ("corsair-vengeance-lpx-ddr4-3600-32gb", "memory", "Corsair Vengeance LPX 64 GB",
     {"speed": "4,3600", "modules": "2,32", "cas_latency": "18", "color": "Black"}, 2),
    ("gskill-ripjaws-v-ddr4-3600-32gb", "memory", "G.Skill Ripjaws V 64 GB",
     {"speed": "4,3600", "modules": "2,32", "cas_latency": "18", "color": "Black"}, 2),
    ("kingston-fury-beast-ddr4-3200-32gb", "memory", "Kingston FURY Beast 64 GB",
     {"speed": "4,3200", "modules": "2,32", "cas_latency": "16", "color": "Black / Silver"}, 2),
    # board-partner GPUs (gpus-partner.json); the colour pins the exact listing
    ("asus-tuf-gaming-rtx-3090-oc", "video-card", "Asus TUF GAMING OC", {"chipset": "GeForce RTX 3090", "color": "Black"}, 1),
    ("gigabyte-rtx-3090-gaming-oc-24g", "video-card", "Gigabyte GAMING OC", {"chipset": "GeForce RTX 3090", "color": "Black / Gray"}, 1),
    ("asus-tuf-gaming-rtx-4090-oc", "video-card", "Asus TUF GAMING OC", {"chipset": "GeForce RTX 4090", "color": "Black"}, 1),
    # Session 8 (data/catalog/gpus-new2.json): Intel's own Arc B580 board
    ("intel-arc-b580-limited-edition", "video-card", "Intel Limited Edition", {"chipset": "Arc B580"}, 1),
    # Session 9 (data/catalog/storage-consumer.json, memory-kits.json): a consumer NVMe drive and
    # memory kits; the kits pinned by speed, layout, CAS latency and colour (one listing each), per module
    ("samsung-990-pro-1tb", "internal-hard-drive", "Samsung 990 Pro", {"capacity": "1000"}, 1),
    ("crucial-ddr5-5200-32gb", "memory", "Crucial CT2K32G52C42U5 64 GB",
     {"speed": "5,5200", "modules": "2,32", "cas_latency": "42", "color": "Black"}, 2),
    ("crucial-ddr5-5600-64gb", "memory", "Crucial CT2K64G56C46U5 128 GB",
     {"speed": "5,5600", "modules": "2,64", "cas_latency": "46", "color": "Black"}, 2),
    ("crucial-pro-ddr5-5600-64gb", "memory", "Crucial CP2K64G56C46U5 128 GB",
     {"speed": "5,5600", "modules": "2,64", "cas_latency": "46", "color": "Black"}, 2),
    ("crucial-pro-ddr5-5600-48gb", "memory", "Crucial Pro 96 GB",
     {"speed": "5,5600", "modules": "2,48", "cas_latency": "46", "color": "Black"}, 2),
    ("crucial-pro-ddr5-6000-32gb", "memory", "Crucial Pro 64 GB",
     {"speed": "5,6000", "modules": "2,32", "cas_latency": "40", "color": "Black"}, 2),
    ("crucial-ddr4-3200-32gb", "memory", "Crucial CT2K32G4DFD832A 64 GB",
     {"speed": "4,3200", "modules": "2,32", "cas_latency": "22", "color": "Green / Black"}, 2),
    ("gskill-flare-x5-ddr5-6000-cl36-32gb", "memory", "G.Skill F5-6000J3636F32GX2-FX5 64 GB",
     {"speed": "5,6000", "modules": "2,32", "cas_latency": "36", "color": "Black"}, 2),
    ("gskill-trident-z5-rgb-ddr5-5600-cl28-32gb", "memory", "G.Skill F5-5600J2834F32GX2-TZ5RK 64 GB",
     {"speed": "5,5600", "modules": "2,32", "cas_latency": "28", "color": "Black"}, 2),
    ("gskill-flare-x5-ddr5-6000-48gb", "memory", "G.Skill Flare X5 96 GB",
     {"speed": "5,6000", "modules": "2,48", "cas_latency": "30", "color": "Black"}, 2),
    ("gskill-ripjaws-s5-ddr5-6400-32gb", "memory", "G.Skill Ripjaws S5 64 GB",
     {"speed": "5,6400", "modules": "2,32", "cas_latency": "32", "color": "Black"}, 2),
    ("gskill-ripjaws-s5-ddr5-6400-48gb", "memory", "G.Skill Ripjaws S5 96 GB",
     {"speed": "5,6400", "modules": "2,48", "cas_latency": "32", "color": "Black"}, 2),
    ("gskill-trident-z5-neo-rgb-ddr5-6000-32gb", "memory", "G.Skill Trident Z5 Neo RGB 64 GB",
     {"speed": "5,6000", "modules": "2,32", "cas_latency": "30", "color": "Black / Silver"}, 2),
    ("kingston-fury-beast-ddr5-5600-32gb", "memory", "Kingston FURY Beast 64 GB",
     {"speed": "5,5600", "modules": "2,32", "cas_latency": "40", "color": "Black"}, 2),
    ("kingston-fury-beast-ddr5-5600-cl36-64gb", "memory", "Kingston FURY Beast 128 GB",
     {"speed": "5,5600", "modules": "2,64", "cas_latency": "36", "color": "Black"}, 2),
    ("kingston-fury-beast-rgb-ddr5-5200-32gb", "memory", "Kingston FURY Beast RGB 128 GB",
     {"speed": "5,5200", "modules": "4,32", "cas_latency": "40", "color": "Black"}, 4),
    ("corsair-vengeance-ddr5-5600-32gb", "memory", "Corsair Vengeance 128 GB",
     {"speed": "5,5600", "modules": "4,32", "cas_latency": "40", "color": "Black"}, 4),
    ("corsair-vengeance-ddr5-6000-48gb", "memory", "Corsair Vengeance 96 GB",
     {"speed": "5,6000", "modules": "2,48", "cas_latency": "30", "color": "Black"}, 2),
    ("gskill-trident-z-neo-ddr4-3600-32gb", "memory", "G.Skill Trident Z Neo 128 GB",
     {"speed": "4,3600", "modules": "4,32", "cas_latency": "18", "color": "Silver / Black"}, 4),
    ("kingston-fury-beast-ddr4-3600-32gb", "memory", "Kingston FURY Beast 128 GB",
     {"speed": "4,3600", "modules": "4,32", "cas_latency": "18", "color": "Black"}, 4),
    # Session 9 (data/catalog/coolers-consumer.json): Noctua air coolers, one listing of each plain
    # model (the chromax.black, redux, SE-AM4 and TR4-SP3 versions are listed under other names)
    ("noctua-nh-u12s", "cpu-cooler", "Noctua NH-U12S", {}, 1),
    ("noctua-nh-u14s", "cpu-cooler", "Noctua NH-U14S", {}, 1),
    ("noctua-nh-u12a", "cpu-cooler", "Noctua NH-U12A", {}, 1),
    ("noctua-nh-d15", "cpu-cooler", "Noctua NH-D15", {}, 1),
    ("noctua-nh-d15s", "cpu-cooler", "Noctua NH-D15S", {}, 1),
    # Session 10 (data/catalog/psus-consumer.json): consumer ATX PSUs of 1000-1650 W, pinned by
    # wattage, efficiency and colour; the year in the Corsair names tells the HXi generations apart
    ("seasonic-prime-tx-1600-atx31", "power-supply", "SeaSonic PRIME TX-1600 ATX 3.1",
     {"wattage": "1600", "efficiency": "titanium", "color": "Black / Silver"}, 1),
    ("seasonic-prime-px-1600-atx30", "power-supply", "SeaSonic PRIME PX-1600 ATX 3.0",
     {"wattage": "1600", "efficiency": "platinum", "color": "Black / Silver"}, 1),
    ("corsair-hx1500i-2022", "power-supply", "Corsair HX1500i (2022)", {"wattage": "1500", "efficiency": "platinum", "color": "Black"}, 1),
    ("corsair-hx1500i-2023", "power-supply", "Corsair HX1500i (2023)", {"wattage": "1500", "efficiency": "platinum", "color": "Black"}, 1),
    ("corsair-hx1500i-2025", "power-supply", "Corsair HX1500i (2025)", {"wattage": "1500", "efficiency": "platinum", "color": "Black"}, 1),
    ("corsair-hx1200i-2025", "power-supply", "Corsair HX1200i (2025)", {"wattage": "1200", "efficiency": "platinum", "color": "Black"}, 1),
    ("corsair-hx1000i-2023", "power-supply", "Corsair HX1000i (2023)", {"wattage": "1000", "efficiency": "platinum", "color": "Black"}, 1),
    ("corsair-rm1000x-shift-black", "power-supply", "Corsair RM1000x SHIFT", {"wattage": "1000", "efficiency": "gold", "color": "Black"}, 1),
    ("corsair-rm1200x-shift-black", "power-supply", "Corsair RM1200x SHIFT", {"wattage": "1200", "efficiency": "gold", "color": "Black"}, 1),
    ("bequiet-dark-power-pro-13-1600w", "power-supply", "be quiet! Dark Power Pro 13", {"wattage": "1600", "efficiency": "titanium", "color": "Black"}, 1),
    ("bequiet-dark-power-pro-13-1300w", "power-supply", "be quiet! Dark Power Pro 13", {"wattage": "1300", "efficiency": "titanium", "color": "Black"}, 1),
    ("bequiet-straight-power-12-1000w", "power-supply", "be quiet! Straight Power 12", {"wattage": "1000", "efficiency": "platinum", "color": "Black"}, 1),
    ("bequiet-straight-power-12-1200w", "power-supply", "be quiet! Straight Power 12", {"wattage": "1200", "efficiency": "platinum", "color": "Black"}, 1),
    ("bequiet-straight-power-12-1500w", "power-supply", "be quiet! Straight Power 12", {"wattage": "1500", "efficiency": "platinum", "color": "Black"}, 1),
    ("evga-supernova-1600-t2", "power-supply", "EVGA SuperNOVA 1600 T2", {"wattage": "1600", "efficiency": "titanium"}, 1),
    ("evga-supernova-1600-p-plus", "power-supply", "EVGA SuperNOVA 1600 P+", {"wattage": "1600", "efficiency": "platinum", "color": "Black"}, 1),
    ("msi-meg-ai1600t-pcie5", "power-supply", "MSI MEG Ai-T PCIE5", {"wattage": "1600", "efficiency": "titanium", "color": "Black / Gold"}, 1),
    ("asus-rog-thor-1600t", "power-supply", "Asus ROG THOR 1600T Gaming", {"wattage": "1600", "efficiency": "titanium", "color": "Silver / Black"}, 1),
    ("thermaltake-toughpower-gf3-1650w", "power-supply", "Thermaltake Toughpower GF3 TT Premium",
     {"wattage": "1650", "efficiency": "gold", "color": "Black"}, 1),
    ("seasonic-vertex-gx-1200", "power-supply", "SeaSonic VERTEX GX-1200", {"wattage": "1200", "efficiency": "gold", "color": "Black / Silver"}, 1),
    # Session 10 (data/catalog/chassis-towers.json): towers with 8+ horizontal slots, pinned by colour and
    # side panel (an empty side_panel is the solid-panel listing; the Define 7 XL Dark/Light are other names)
    ("fractal-design-define-7-xl", "case", "Fractal Design Define 7 XL", {"color": "Black", "side_panel": ""}, 1),
    ("fractal-design-meshify-2-xl", "case", "Fractal Design Meshify 2 XL", {"color": "Black", "side_panel": "Tinted Tempered Glass"}, 1),
    ("corsair-9000d-rgb-airflow", "case", "Corsair 9000D RGB AIRFLOW", {"color": "Black"}, 1),
    # Session 11 (data/catalog/gpus-partner2.json): more board-partner GeForce cards, pinned by chipset and colour
    # (the white ROG Strix 4090 OC and the plain, non-OC ROG Strix 4090 are other listings)
    ("asus-rog-strix-rtx-4090-oc", "video-card", "Asus ROG STRIX GAMING OC", {"chipset": "GeForce RTX 4090", "color": "Black"}, 1),
    ("msi-rtx-4090-suprim-liquid-x", "video-card", "MSI SUPRIM LIQUID X", {"chipset": "GeForce RTX 4090", "color": "Black / Silver"}, 1),
    ("gigabyte-rtx-4090-gaming-oc-24g", "video-card", "Gigabyte GAMING OC", {"chipset": "GeForce RTX 4090", "color": "Black"}, 1),
    ("asus-rog-strix-rtx-3090-oc", "video-card", "Asus STRIX GAMING OC", {"chipset": "GeForce RTX 3090", "color": "Black"}, 1),
    ("msi-rtx-3090-gaming-x-trio-24g", "video-card", "MSI GeForce RTX 3090 GAMING X TRIO 24G", {"chipset": "GeForce RTX 3090", "color": "Black"}, 1),
    # Drives (data/catalog/storage-consumer.json): consumer NVMe drives, the plain listing of each model pinned
    # by capacity (the heatsink editions are other names: '... W/Heatsink', '... w/Heatsink')
    ("samsung-990-pro-2tb", "internal-hard-drive", "Samsung 990 Pro", {"capacity": "2000"}, 1),
    ("crucial-t700-1tb", "internal-hard-drive", "Crucial T700", {"capacity": "1000"}, 1),
    ("crucial-t700-2tb", "internal-hard-drive", "Crucial T700", {"capacity": "2000"}, 1),
    ("crucial-t700-4tb", "internal-hard-drive", "Crucial T700", {"capacity": "4000"}, 1),
    ("wd-black-sn850x-1tb", "internal-hard-drive", "Western Digital WD_Black SN850X", {"capacity": "1000"}, 1),
    ("wd-black-sn850x-4tb", "internal-hard-drive", "Western Digital WD_Black SN850X", {"capacity": "4000"}, 1),
    ("wd-black-sn850x-8tb", "internal-hard-drive", "Western Digital WD_Black SN850X", {"capacity": "8000"}, 1),
    ("crucial-t500-2tb", "internal-hard-drive", "Crucial T500", {"capacity": "2000"}, 1),
    ("sk-hynix-platinum-p41-1tb", "internal-hard-drive", "SK Hynix Platinum P41", {"capacity": "1000"}, 1),
    ("sk-hynix-platinum-p41-2tb", "internal-hard-drive", "SK Hynix Platinum P41", {"capacity": "2000"}, 1),
    ("samsung-9100-pro-2tb", "internal-hard-drive", "Samsung 9100 PRO", {"capacity": "2000"}, 1),
    ("samsung-9100-pro-4tb", "internal-hard-drive", "Samsung 9100 PRO", {"capacity": "4000"}, 1),
]


def catalog_file(catalog_dir, part_id):
    for name in sorted(os.listdir(catalog_dir)):
        if name.endswith(".json"):
            with open(os.path.join(catalog_dir, name), encoding="utf-8") as f:
                for p in json.load(f)["parts"]:
                    if p["id"] == part_id:
                        return os.path.join(catalog_dir, name), p
    raise KeyError(part_id)


def lookup(dataset, table, name, pins):
    """(cheapest in-stock row, in-stock rows, listed rows) of the exact model."""
    with open(os.path.join(dataset, table + ".csv"), encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["name"] == name and all(r.get(k) == v for k, v in pins.items())]
    stocked = [r for r in rows if r["price"].strip()]
    best = min(stocked, key=lambda r: float(r["price"])) if stocked else None
    return best, stocked, rows


def merge_street(prices, street):
    """The part's prices with `street` in place of its street price of the same snapshot date. A
    note someone wrote on that same price (a caveat such as "probably a marketplace seller") is
    kept: the tool regenerates only the figure, never a reviewer's words about it."""
    kept, old = [], None
    for p in prices:
        if p["kind"] == "street" and p["date"] == street["date"]:
            old = p
        else:
            kept.append(p)
    if old and old["usd"] == street["usd"] and old.get("note") and old["note"] != street["note"]:
        street = dict(street, note=old["note"])
    return kept + [street]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, help="a pc-part-dataset data/csv directory (snapshot 2025-07-23)")
    ap.add_argument("--catalog", default=os.path.join(os.path.dirname(__file__), "..", "data", "catalog"))
    ap.add_argument("--write", action="store_true", help="write the prices into the catalog files")
    a = ap.parse_args()
    found = 0
    for part_id, table, name, pins, modules in MATCHES:
        best, stocked, rows = lookup(a.dataset, table, name, pins)
        path, part = catalog_file(a.catalog, part_id)
        if not rows:
            sys.exit(f"{part_id}: no listing named {name!r} with {pins} in {table}.csv (fix the table)")
        if not best:
            print(f"{part_id}: listed ({len(rows)}), not in stock on {DATE}: no street price")
            continue
        found += 1
        usd = round(float(best["price"]) / modules, 2)
        usd = int(usd) if usd == int(usd) else usd
        pinned = ", ".join(f"{k} {v!r}" for k, v in pins.items() if v)
        note = (f"cheapest in-stock listing of the exact model, '{name}'" + (f" ({pinned})" if pinned else "")
                + f", of {len(stocked)} in stock")
        if modules > 1:
            note += f"; kit of {modules} at ${float(best['price']):.2f}, per module"
        street = {"usd": usd, "date": DATE, "kind": "street", "source": SOURCE, "note": note}
        print(f"{part_id}: ${usd} ({note})")
        if a.write:
            set_prices(path, part_id, merge_street(part.get("prices", []), street))
    print(f"{found} of {len(MATCHES)} parts have a street price", file=sys.stderr)


if __name__ == "__main__":
    main()
