// The side-by-side list of machines for an inference workload, as text and JSON (see
// include/rigplan/machine_option.hpp). Presentation only: src/size/unified.cpp decides.
#include "rigplan/machine_option.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "rigplan/table.hpp"
#include "util/number_text.hpp"

namespace rigplan {

std::string machine_options_table(const std::vector<MachineOption>& options) {
  Table t;
  t.headers = {"MACHINE", "KIND", "GPU MEMORY", "FITS", "PRICE", "PRICE DATE", "DECODE"};
  t.right_align = {false, false, true, false, true, false, true};
  for (const auto& m : options) {
    std::string price = !m.total_usd ? std::string("no price") : m.unified ? dollars(*m.total_usd) : "≥ " + dollars(*m.total_usd);
    std::string seen = m.price ? fmt::format("{} {}", m.price->date, price_kind_name(m.price->kind)) : "-";
    std::string kind = m.unified ? "unified memory" : m.count == 1 ? "1 card" : fmt::format("{} cards, tp {}", m.count, m.count);
    t.rows.push_back({m.unified ? m.id : fmt::format("{}× {}", m.count, m.id), kind, fmt::format("{:.0f} GiB", m.gpu_memory_gib),
                      m.fits ? "yes" : "no", price, seen,
                      m.decode_tokens_per_s > 0 ? fmt::format("{:.1f} tokens/s", m.decode_tokens_per_s) : "-"});
  }
  return t.render();
}

nlohmann::ordered_json machine_option_json(const MachineOption& m) {
  using nlohmann::ordered_json;
  ordered_json e{{"id", m.id},
                 {"kind", m.unified ? "unified_system" : "gpu"},
                 {"count", m.count},
                 {"gpu_memory_gib", m.gpu_memory_gib},
                 {"fits", m.fits},
                 {"decode_tokens_per_s", m.decode_tokens_per_s > 0 ? ordered_json(m.decode_tokens_per_s) : ordered_json(nullptr)},
                 {"price_usd", m.total_usd ? ordered_json(*m.total_usd) : ordered_json(nullptr)},
                 {"price_covers", m.unified ? "machine" : "cards"}};
  if (m.price)
    e["price"] = {{"usd", m.price->usd}, {"date", m.price->date}, {"kind", price_kind_name(m.price->kind)}, {"source", m.price->source}};
  else
    e["no_price"] = m.no_price.empty() ? ordered_json(nullptr) : ordered_json(m.no_price);
  return e;
}

}  // namespace rigplan
