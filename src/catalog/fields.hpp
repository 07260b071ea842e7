// Typed reads from a part's JSON object after the schema has validated it. Absent or null
// optional fields read as the given default. Every read is recorded (as a path such as
// "tflops/fp32") when a recorder is given: the schema-agreement test uses that to prove the
// loader reads every field the schema defines and no field it does not.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rigplan/parts.hpp"

namespace rigplan {

class Fields {
 public:
  Fields(const nlohmann::json& obj, std::set<std::string>* seen = nullptr, std::string prefix = "")
      : obj_(obj), seen_(seen), prefix_(std::move(prefix)) {}

  bool has(const char* key) const;
  double num(const char* key, double def = 0) const;
  std::optional<double> opt_num(const char* key) const;
  int integer(const char* key, int def = 0) const;
  std::string str(const char* key, std::string def = "") const;
  bool boolean(const char* key, bool def = false) const;
  std::vector<std::string> strings(const char* key) const;
  PcieLink pcie(const char* key) const;
  // A nested object (an empty one when absent or null).
  Fields sub(const char* key) const;
  // Each object of an array field (none when absent).
  std::vector<Fields> each(const char* key) const;

  // Fills the fields every kind shares: id, name, source, notes, verify.
  void identity(PartBase& p) const;
  // identity() plus the purchase prices (`prices`, `no_price`), the price in effect picked under
  // the default preference (Catalog re-picks under the user's), and the market status (`market`).
  void base(PartBase& p) const;

 private:
  const nlohmann::json* get(const char* key) const;
  const nlohmann::json& obj_;
  std::set<std::string>* seen_;
  std::string prefix_;
};

}  // namespace rigplan
