// Software compatibility tables (see software_tables.hpp for the sources).
#include "rules/software_tables.hpp"

#include <algorithm>
#include <cstdlib>

namespace rigplan::rules {

Version parse_version(const std::string& s) {
  Version v;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t j = s.find('.', i);
    if (j == std::string::npos) j = s.size();
    v.push_back(std::atoi(s.substr(i, j - i).c_str()));
    i = j + 1;
  }
  return v;
}

bool version_less(const Version& a, const Version& b) {
  // Missing fields are zeros: "6.0" is not older than "6.0.0".
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    int x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
    if (x != y) return x < y;
  }
  return false;
}

std::string to_string(const Version& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "." : "") + std::to_string(v[i]);
  return s;
}

std::string driver_to_string(const Version& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::string part = std::to_string(v[i]);
    if (i > 0 && part.size() < 2) part.insert(0, 2 - part.size(), '0');
    s += (i ? "." : "") + part;
  }
  return s;
}

namespace {
struct CcRow {
  const char* cc;
  Version cuda;
  Version pytorch;
};
// Compute capability -> first CUDA toolkit and first PyTorch release with prebuilt support.
const std::vector<CcRow>& cc_table() {
  static const std::vector<CcRow> t = {
      {"6.0", {8, 0}, {1, 0}},  {"6.1", {8, 0}, {1, 0}},  {"7.0", {9, 0}, {1, 0}},  {"7.5", {10, 0}, {1, 0}}, {"8.0", {11, 0}, {1, 7}},  {"8.6", {11, 1}, {1, 8}},
      {"8.9", {11, 8}, {2, 0}}, {"9.0", {11, 8}, {2, 0}}, {"10.0", {12, 8}, {2, 7}}, {"12.0", {12, 8}, {2, 7}},
      // CUDA 12.9 "adds compiler target support for SM architecture 10.3 (sm_103, sm_103f, sm_103a)
      // and 12.1 (sm_121)" (CUDA Features Archive, 12.9); PyTorch reaches them through its sm_100 and
      // sm_120 cubins (binary compatibility), so its row is 2.7's.
      {"10.3", {12, 9}, {2, 7}}, {"12.1", {12, 9}, {2, 7}},
  };
  return t;
}
struct DriverRow {
  Version cuda;
  Version driver;
};
// CUDA toolkit (major.minor) -> minimum Linux x86_64 driver of its GA release (Table 3). CUDA 11.0:
// "CUDA 11.0.2 GA >= 450.51.05" (450.36.06 is the 11.0.1 release candidate's row). CUDA 13.1 GA
// >= 590.44.01 and 13.2 GA >= 595.45.04 (Table 3 of the CUDA 13.2 release notes,
// https://docs.nvidia.com/cuda/archive/13.2.0/cuda-toolkit-release-notes/index.html); 13.3 GA
// >= 610.43.02 (Table 3 of the CUDA 13.3 release notes,
// https://docs.nvidia.com/cuda/archive/13.3.0/cuda-toolkit-release-notes/index.html).
const std::vector<DriverRow>& driver_table() {
  static const std::vector<DriverRow> t = {
      {{11, 0}, {450, 51, 5}},  {{11, 1}, {455, 23}},      {{11, 2}, {460, 27, 3}},  {{11, 3}, {465, 19, 1}},
      {{11, 4}, {470, 42, 1}},  {{11, 5}, {495, 29, 5}},   {{11, 6}, {510, 39, 1}},  {{11, 7}, {515, 43, 4}},
      {{11, 8}, {520, 61, 5}},  {{12, 0}, {525, 60, 13}},  {{12, 1}, {530, 30, 2}},  {{12, 2}, {535, 54, 3}},
      {{12, 3}, {545, 23, 6}},  {{12, 4}, {550, 54, 14}},  {{12, 5}, {555, 42, 2}},  {{12, 6}, {560, 28, 3}},
      {{12, 8}, {570, 26}},     {{12, 9}, {575, 51, 3}},  {{13, 0}, {580, 65, 6}},  {{13, 1}, {590, 44, 1}},
      {{13, 2}, {595, 45, 4}},  {{13, 3}, {610, 43, 2}},
  };
  return t;
}
}  // namespace

Version min_cuda_for(const std::string& cc) {
  for (const auto& r : cc_table())
    if (cc == r.cc) return r.cuda;
  return {};
}

Version min_pytorch_for(const std::string& cc) {
  for (const auto& r : cc_table())
    if (cc == r.cc) return r.pytorch;
  return {};
}

bool binary_compatible(const std::string& built, const std::string& gpu) {
  Version a = parse_version(built), b = parse_version(gpu);
  if (a.size() != 2 || b.size() != 2) return false;
  return a[0] == b[0] && a[1] <= b[1];
}

namespace {
// The lowest entry of `pick` over the rows whose cubins run on `cc`.
template <class Pick>
Version lowest_compatible(const std::string& cc, Pick pick) {
  Version best;
  for (const auto& r : cc_table())
    if (binary_compatible(r.cc, cc) && (best.empty() || version_less(pick(r), best))) best = pick(r);
  return best;
}

struct DroppedRow {
  int cuda_major;
  const char* lowest_cc;
};
// CUDA major release -> the lowest compute capability it still builds for (release notes).
const std::vector<DroppedRow>& dropped_table() {
  static const std::vector<DroppedRow> t = {{12, "5.0"}, {13, "7.5"}};
  return t;
}

struct FamilyRow {
  int cuda_major;
  Version driver;
};
// CUDA major release -> minimum Linux driver for minor-version compatibility (Table 1 of the
// CUDA Compatibility guide; 11.x needs 450.80.02, the note under that table).
const std::vector<FamilyRow>& family_table() {
  static const std::vector<FamilyRow> t = {{11, {450, 80, 2}}, {12, {525, 60, 13}}, {13, {580}}};
  return t;
}
}  // namespace

Version min_cuda_cubin_for(const std::string& cc) {
  return lowest_compatible(cc, [](const CcRow& r) { return r.cuda; });
}

Version min_pytorch_cubin_for(const std::string& cc) {
  return lowest_compatible(cc, [](const CcRow& r) { return r.pytorch; });
}

std::string lowest_compatible_cc(const std::string& cc) {
  const CcRow* best = nullptr;
  for (const auto& r : cc_table())
    if (binary_compatible(r.cc, cc) && (!best || version_less(r.cuda, best->cuda))) best = &r;
  return best ? best->cc : "";
}

std::string arch_digits(const std::string& cc) {
  std::string s;
  for (char c : cc)
    if (c != '.') s += c;
  return s;
}

std::string lowest_cc_built_by(int cuda_major) {
  std::string cc;
  for (const auto& r : dropped_table())
    if (r.cuda_major <= cuda_major) cc = r.lowest_cc;
  return cc;
}

Version min_driver_for_cuda_family(int major) {
  for (const auto& r : family_table())
    if (r.cuda_major == major) return r.driver;
  return {};
}

Version min_driver_for_cuda(const Version& cuda) {
  if (cuda.size() < 2) return {};
  for (const auto& r : driver_table())
    if (r.cuda[0] == cuda[0] && r.cuda[1] == cuda[1]) return r.driver;
  return {};
}

}  // namespace rigplan::rules
