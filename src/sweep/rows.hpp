// Writing sweep rows: CSV with a header, or JSON Lines, one line per point. Cells come either
// from a compiled sweep's scalars or from a point's JSON document; both are written by the same
// functions, so a row's bytes do not depend on which path computed it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rigplan/report_fields.hpp"
#include "rigplan/sweep.hpp"

namespace rigplan::sweep {

// Axes longer than this format their values per row instead of keeping every cell in memory.
inline constexpr std::size_t kCachedAxisCells = 65536;

class RowWriter {
 public:
  RowWriter(const SweepSpec& s, bool csv);

  std::string header() const;  // CSV header line; "" for JSON Lines

  // One row: begin, every axis, every metric, end (in that order).
  void begin(std::string& out, std::uint64_t point) const;
  void axis(std::string& out, std::size_t axis, std::size_t value) const;
  void metric(std::string& out, std::size_t m, const Scalar& v) const;
  void metric(std::string& out, std::size_t m, const nlohmann::ordered_json& v) const;
  void end(std::string& out, const std::string& error) const;

 private:
  void key(std::string& out, std::size_t column) const;  // separator (and JSON key) before a cell
  std::string cell(const nlohmann::ordered_json& v) const;

  const SweepSpec& spec_;
  bool csv_;
  std::vector<std::string> keys_;                 // JSON Lines: ,"name": per column (axes, metrics)
  std::vector<std::vector<std::string>> cells_;   // per axis, per value (short axes only)
};

}  // namespace rigplan::sweep
