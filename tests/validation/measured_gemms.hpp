// The GEMM timings tools/measure/gpu_probe.py took on one H100 SXM and one H200
// (tests/data/measured): one loader for the validation tests that set or check the model's GEMM
// times against them (gemm_shape_test.cpp, decode_gemm_test.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rigplan::validation {

struct MeasuredGemm {
  double m, n, k, seconds;
};

// GEMMs under 25 us sit at the probe's launch floor (about 17 us on the H200, whatever their
// size), which no efficiency describes: they are left out.
inline constexpr double kGemmLaunchFloorS = 25e-6;

// The rows of the probe's sections `keys` in tests/data/measured/`file`, those at or above the floor.
inline std::vector<MeasuredGemm> measured_gemms(const std::string& file, std::initializer_list<const char*> keys) {
  std::ifstream in(std::string(RIGPLAN_SOURCE_DIR) + "/tests/data/measured/" + file);
  REQUIRE(in);
  nlohmann::json j = nlohmann::json::parse(in);
  std::vector<MeasuredGemm> out;
  for (const char* key : keys)
    for (const auto& r : j.at(key))
      if (r.at("s").get<double>() >= kGemmLaunchFloorS)
        out.push_back({r.at("m").get<double>(), r.at("n").get<double>(), r.at("k").get<double>(), r.at("s").get<double>()});
  return out;
}

}  // namespace rigplan::validation
