// Scalars of report documents as JSON (see include/rigplan/report_fields.hpp).
#include "rigplan/report_fields.hpp"

namespace rigplan {

nlohmann::ordered_json to_json(const Scalar& s) {
  return std::visit(
      [](const auto& v) -> nlohmann::ordered_json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string_view>) return std::string(v);
        else return v;
      },
      s);
}

}  // namespace rigplan
