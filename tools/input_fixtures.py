"""The minimal valid parts and build the input generators start from (tools/make_bad_inputs.py
writes the committed bad-input corpus, tools/make_hostile_inputs.py the large hostile inputs at
test time): one definition, so that both break the same valid documents."""

GPU = {"id": "acme-gpu", "kind": "gpu", "name": "x", "source": "https://example.com/x", "vendor": "nvidia",
       "architecture": "ada", "release_year": 2023, "memory_gib": 24, "memory_bandwidth_gb_s": 1000,
       "tflops": {"fp32": 80}, "tdp_w": 300, "power_connectors": {"pcie_8pin": 2}, "form_factor": "pcie",
       "slot_width": 2, "length_mm": 267, "cooler": "blower", "pcie": {"gen": 4, "lanes": 16}, "nvlink": None,
       "mig_instances": 0}
BUILD = {"name": "x", "cpu": "amd-ryzen-9-7900", "board": "asus-proart-x670e-creator",
         "memory": [{"part": "corsair-vengeance-ddr5-5200-32gb", "count": 2}],
         "gpus": [{"part": "nvidia-rtx-3090-fe", "count": 1}], "psu": "asus-rog-thor-1200p2", "outlet": "us-120v-15a"}
# A valid CPU on AM5 (a Ryzen 9 7900's figures); callers override id and socket.
CPU = {"id": "acme-cpu", "kind": "cpu", "name": "c", "source": "https://example.com/c", "vendor": "amd",
       "socket": "AM5", "cores": 12, "threads": 24, "base_clock_ghz": 3.7, "boost_clock_ghz": 5.4, "pcie_lanes": 24,
       "pcie_gen": 5, "memory_type": "DDR5", "memory_channels": 2, "memory_max_gib": 192, "ecc": True,
       "dimm_types": ["udimm"], "tdp_w": 65, "package_power_w": 88, "avx512": True, "max_sockets": 1,
       "release_year": 2023}
