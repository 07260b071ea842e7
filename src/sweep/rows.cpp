// Sweep rows as CSV or JSON Lines (see src/sweep/rows.hpp).
#include "sweep/rows.hpp"

#include <fmt/format.h>

#include <set>

#include "rigplan/table.hpp"
#include "util/utf8.hpp"

namespace rigplan::sweep {

namespace {

// A CSV cell: strings as they are, floats to 6 significant digits, everything else as JSON.
std::string csv_text(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) return fmt::format("{:.6g}", v.get<double>());
  return dump_json(v);
}

std::string csv_text(const Scalar& s) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) return "";
        else if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
        else if constexpr (std::is_same_v<T, long long>) return fmt::format("{}", v);
        else if constexpr (std::is_same_v<T, double>) return fmt::format("{:.6g}", v);
        else return std::string(v);
      },
      s);
}

std::string json_text(const Scalar& s) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) return "null";
        else if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
        else if constexpr (std::is_same_v<T, long long>) return fmt::format("{}", v);
        else if constexpr (std::is_same_v<T, double>) return dump_json(nlohmann::ordered_json(v));
        else return dump_json(nlohmann::ordered_json(std::string(v)));
      },
      s);
}

}  // namespace

RowWriter::RowWriter(const SweepSpec& s, bool csv) : spec_(s), csv_(csv) {
  // A row is one JSON object: a column named twice (an axis and a metric of one name) keeps the
  // first position and the last value, as nlohmann's ordered_json would; such specs are refused
  // by validate_sweep, so every key here is distinct.
  std::vector<std::string> names;
  for (const auto& a : s.axes) names.push_back(a.path);
  for (const auto& m : s.metrics) names.push_back(m);
  for (const auto& n : names) keys_.push_back("," + dump_json(nlohmann::ordered_json(n)) + ":");
  for (const auto& a : s.axes) {
    cells_.emplace_back();
    if (a.values.size() > kCachedAxisCells) continue;
    for (const auto& v : a.values) cells_.back().push_back(cell(nlohmann::ordered_json(v)));
  }
}

std::string RowWriter::cell(const nlohmann::ordered_json& v) const { return csv_ ? csv_cell(csv_text(v)) : dump_json(v); }

std::string RowWriter::header() const {
  if (!csv_) return "";
  Table t;
  for (const auto& a : spec_.axes) t.headers.push_back(a.path);
  for (const auto& m : spec_.metrics) t.headers.push_back(m);
  t.headers.push_back("error");
  return t.csv();
}

void RowWriter::key(std::string& out, std::size_t column) const {
  if (!csv_) out += keys_[column];
  else if (column > 0) out += ',';
}

void RowWriter::begin(std::string& out, std::uint64_t point) const {
  if (!csv_) fmt::format_to(std::back_inserter(out), "{{\"point\":{}", point);
}

void RowWriter::axis(std::string& out, std::size_t a, std::size_t value) const {
  key(out, a);
  const auto& cached = cells_[a];
  out += cached.empty() ? cell(nlohmann::ordered_json(spec_.axes[a].values[value])) : cached[value];
}

void RowWriter::metric(std::string& out, std::size_t m, const Scalar& v) const {
  key(out, spec_.axes.size() + m);
  out += csv_ ? csv_cell(csv_text(v)) : json_text(v);
}

void RowWriter::metric(std::string& out, std::size_t m, const nlohmann::ordered_json& v) const {
  key(out, spec_.axes.size() + m);
  out += cell(v);
}

void RowWriter::end(std::string& out, const std::string& error) const {
  if (csv_) {
    if (!spec_.axes.empty() || !spec_.metrics.empty()) out += ',';
    out += csv_cell(error);
    out += '\n';
    return;
  }
  if (!error.empty()) out += ",\"error\":" + dump_json(nlohmann::ordered_json(error));
  out += "}\n";
}

}  // namespace rigplan::sweep
