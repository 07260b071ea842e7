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
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

std::string to_string(const Version& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "." : "") + std::to_string(v[i]);
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
  };
  return t;
}
struct DriverRow {
  Version cuda;
  Version driver;
};
// CUDA toolkit (major.minor) -> minimum Linux x86_64 driver of its GA release (Table 3).
const std::vector<DriverRow>& driver_table() {
  static const std::vector<DriverRow> t = {
      {{11, 0}, {450, 36, 6}},  {{11, 1}, {455, 23}},      {{11, 2}, {460, 27, 3}},  {{11, 3}, {465, 19, 1}},
      {{11, 4}, {470, 42, 1}},  {{11, 5}, {495, 29, 5}},   {{11, 6}, {510, 39, 1}},  {{11, 7}, {515, 43, 4}},
      {{11, 8}, {520, 61, 5}},  {{12, 0}, {525, 60, 13}},  {{12, 1}, {530, 30, 2}},  {{12, 2}, {535, 54, 3}},
      {{12, 3}, {545, 23, 6}},  {{12, 4}, {550, 54, 14}},  {{12, 5}, {555, 42, 2}},  {{12, 6}, {560, 28, 3}},
      {{12, 8}, {570, 26}},     {{12, 9}, {575, 51, 3}},  {{13, 0}, {580, 65, 6}},
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

Version min_driver_for_cuda(const Version& cuda) {
  if (cuda.size() < 2) return {};
  for (const auto& r : driver_table())
    if (r.cuda[0] == cuda[0] && r.cuda[1] == cuda[1]) return r.driver;
  return {};
}

}  // namespace rigplan::rules
