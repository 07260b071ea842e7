// PyTorch's wheels as published (see pytorch_wheels.hpp for what each table models and its sources).
#include "rules/pytorch_wheels.hpp"

#include <cstdlib>

namespace rigplan::rules {

namespace {

const char* kBuilder2020 = "pytorch/builder manywheel/build.sh at 3c1d1915, 2020-12-09";
const char* kBuilder2021 =
    "pytorch/builder manywheel/build.sh and build_cuda.sh, 8924a150 of 2021-03-04 to c14b882c of 2022-06-14";
const char* kBuilder2022 = "pytorch/builder manywheel/build_cuda.sh at 66494357, 2022-11-18";
const char* kBuilder2023a = "pytorch/builder manywheel/build_cuda.sh at e40ab7c9, 2023-01-23";
const char* kBuilder2023b =
    "pytorch/builder manywheel/build_cuda.sh, c85da840 of 2023-03-31 to 4e109742 of 2024-04-12";
const char* kBuilder2024 =
    "pytorch/builder manywheel/build_cuda.sh before 7aafdf05 of 2024-10-18, with 9.0+PTX for CUDA 12.4 from "
    "047ed9e3";
const char* kCi28 = "pytorch/pytorch .ci/manywheel/build_cuda.sh at 00c7a380, the 12.6, 12.8 and 12.9 builds";
const char* kArchList182250 =
    "torch.cuda.get_arch_list() of the 2.10 and 2.11 wheels, pytorch/pytorch#182250";

struct WheelRow {
  Version first, last;  // releases (major.minor), inclusive
  std::vector<std::string> variants;
  std::vector<std::string> cubins;
  std::string ptx;
  const char* source;
};

const std::vector<std::string> kSm37To75 = {"3.7", "5.0", "6.0", "7.0", "7.5"};
const std::vector<std::string> kSm37To86 = {"3.7", "5.0", "6.0", "7.0", "7.5", "8.0", "8.6"};
const std::vector<std::string> kSm37To90 = {"3.7", "5.0", "6.0", "7.0", "7.5", "8.0", "8.6", "9.0"};
const std::vector<std::string> kSm50To90 = {"5.0", "6.0", "7.0", "7.5", "8.0", "8.6", "9.0"};
const std::vector<std::string> kSm70To120 = {"7.0", "7.5", "8.0", "8.6", "9.0", "10.0", "12.0"};
const std::vector<std::string> kSm75To120 = {"7.5", "8.0", "8.6", "9.0", "10.0", "12.0"};

const std::vector<WheelRow>& wheel_rows() {
  static const std::vector<WheelRow> t = {
      {{1, 7}, {1, 7}, {"cu92"}, {"3.7", "5.0", "6.0", "7.0"}, "", kBuilder2020},
      {{1, 7}, {1, 7}, {"cu101", "cu102"}, kSm37To75, "", kBuilder2020},
      {{1, 7}, {1, 7}, {"cu110"}, {"3.7", "5.0", "6.0", "7.0", "7.5", "8.0"}, "", kBuilder2020},
      {{1, 9}, {1, 12}, {"cu102"}, {"3.7", "5.0", "6.0", "7.0"}, "", kBuilder2021},
      {{1, 9}, {1, 12}, {"cu111", "cu113", "cu115", "cu116"}, kSm37To86, "", kBuilder2021},
      {{1, 13}, {1, 13}, {"cu116", "cu117"}, kSm37To86, "", kBuilder2022},
      {{2, 0}, {2, 0}, {"cu117"}, kSm37To86, "", kBuilder2023a},
      {{2, 0}, {2, 0}, {"cu118"}, kSm37To90, "", kBuilder2023a},
      {{2, 1}, {2, 4}, {"cu118"}, kSm37To90, "", kBuilder2023b},
      {{2, 1}, {2, 4}, {"cu121"}, kSm50To90, "", kBuilder2023b},
      {{2, 4}, {2, 4}, {"cu124"}, kSm50To90, "", kBuilder2023b},
      {{2, 5}, {2, 5}, {"cu118"}, kSm37To90, "", kBuilder2024},
      {{2, 5}, {2, 5}, {"cu121"}, kSm50To90, "", kBuilder2024},
      {{2, 5}, {2, 5}, {"cu124"}, kSm50To90, "9.0", kBuilder2024},
      {{2, 8}, {2, 8}, {"cu126"}, kSm50To90, "", kCi28},
      {{2, 8}, {2, 8}, {"cu128"}, kSm70To120, "", kCi28},
      {{2, 8}, {2, 8}, {"cu129"}, kSm70To120, "12.0", kCi28},
      {{2, 10}, {2, 10}, {"cu128"}, kSm70To120, "", kArchList182250},
      {{2, 11}, {2, 11}, {"cu126"}, kSm50To90, "", kArchList182250},
      {{2, 11}, {2, 11}, {"cu128"}, kSm75To120, "", kArchList182250},
  };
  return t;
}

struct PublishedRow {
  Version release;
  std::vector<std::string> variants;
};
// RELEASE.md, "Release Compatibility Matrix": the stable and experimental CUDA builds and the ROCm
// build of each release.
const std::vector<PublishedRow>& published_rows() {
  static const std::vector<PublishedRow> t = {
      {{2, 0}, {"cu117", "cu118", "rocm5.4"}},
      {{2, 1}, {"cu118", "cu121", "rocm5.6"}},
      {{2, 2}, {"cu118", "cu121", "rocm5.7"}},
      {{2, 3}, {"cu118", "cu121", "rocm6.0"}},
      {{2, 4}, {"cu118", "cu121", "cu124", "rocm6.1"}},
      {{2, 5}, {"cu118", "cu121", "cu124", "rocm6.2"}},
      {{2, 6}, {"cu118", "cu124", "cu126", "rocm6.2.4"}},
      {{2, 7}, {"cu118", "cu126", "cu128", "rocm6.3"}},
      {{2, 8}, {"cu126", "cu128", "cu129", "rocm6.4"}},
      {{2, 9}, {"cu126", "cu128", "cu130", "rocm6.4"}},
      {{2, 10}, {"cu126", "cu128", "cu130", "rocm7.1"}},
      {{2, 11}, {"cu126", "cu128", "cu130", "rocm7.2"}},
      {{2, 12}, {"cu126", "cu130", "cu132", "rocm7.2"}},
  };
  return t;
}

Version wheel_major_minor(const Version& v) {
  if (v.size() < 2) return {v.empty() ? 0 : v[0], 0};
  return {v[0], v[1]};
}

}  // namespace

Version wheel_cuda(const std::string& variant) {
  if (variant.size() < 4 || variant.compare(0, 2, "cu") != 0) return {};
  std::string digits = variant.substr(2);
  for (char c : digits)
    if (c < '0' || c > '9') return {};
  // The last digit is the minor: cu92 = 9.2, cu101 = 10.1, cu128 = 12.8.
  return {std::atoi(digits.substr(0, digits.size() - 1).c_str()), digits.back() - '0'};
}

Version wheel_rocm(const std::string& variant) {
  if (variant.compare(0, 4, "rocm") != 0 || variant.size() == 4) return {};
  return parse_version(variant.substr(4));
}

std::optional<CudaWheel> cuda_wheel(const Version& release, const std::string& variant) {
  Version r = wheel_major_minor(release);
  for (const auto& row : wheel_rows()) {
    if (version_less(r, row.first) || version_less(row.last, r)) continue;
    for (const auto& v : row.variants)
      if (v == variant) return CudaWheel{row.cubins, row.ptx, row.source};
  }
  return std::nullopt;
}

std::vector<std::string> published_variants(const Version& release) {
  Version r = wheel_major_minor(release);
  for (const auto& row : published_rows())
    if (row.release == r) return row.variants;
  return {};
}

WheelFit wheel_fit(const CudaWheel& w, const std::string& cc) {
  for (const auto& c : w.cubins)
    if (binary_compatible(c, cc)) return WheelFit::Cubin;
  if (!w.ptx.empty() && !version_less(parse_version(cc), parse_version(w.ptx))) return WheelFit::PtxOnly;
  return WheelFit::None;
}

std::vector<std::string> rocm_wheel_targets(const Version& rocm) {
  // pytorch/builder manywheel/build_docker.sh: "gfx900;gfx906;gfx908", gfx90a and gfx1030 for
  // ROCM_VERSION_INT >= 40300 (before 3237101a, 2023-05-23); gfx1100 in the list from the ROCm 5.5
  // builds (3237101a); gfx942 for ROCM_VERSION_INT >= 60000 (b9d2b93c, 2023-12-22); gfx950 in the
  // ROCm 7.0 builds (pytorch/pytorch#163860, 2025-09-25).
  std::vector<std::string> t = {"gfx900", "gfx906", "gfx908"};
  if (!version_less(rocm, {4, 3})) t.insert(t.end(), {"gfx90a", "gfx1030"});
  if (!version_less(rocm, {5, 5})) t.push_back("gfx1100");
  if (!version_less(rocm, {6, 0})) t.push_back("gfx942");
  if (!version_less(rocm, {7, 0})) t.push_back("gfx950");
  return t;
}

std::string sm_list(const CudaWheel& w) {
  std::string s;
  for (const auto& c : w.cubins) {
    Version v = parse_version(c);
    s += (s.empty() ? "sm_" : ", sm_") + std::to_string(v.empty() ? 0 : v[0]) +
         std::to_string(v.size() > 1 ? v[1] : 0);
  }
  if (!w.ptx.empty()) {
    Version v = parse_version(w.ptx);
    s += ", compute_" + std::to_string(v[0]) + std::to_string(v.size() > 1 ? v[1] : 0);
  }
  return s;
}

}  // namespace rigplan::rules
