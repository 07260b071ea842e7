// Sweep spec files (data/schema/sweep.schema.json) into a SweepSpec: the schema first, then the
// base (inline, or a file named relative to the spec), the axes (an axis's error names its
// /set/i entry) and the metrics. The command's flags are applied on top by the CLI.
#include <filesystem>

#include "util/embedded_schema.hpp"
#include "rigplan/error.hpp"
#include "rigplan/sweep.hpp"
#include "util/json_text.hpp"

namespace rigplan {

SweepSpec parse_sweep_spec(std::string_view text, const std::string& file) {
  auto doc = parse_json(text, file);
  auto errors = embedded_schema("sweep.schema.json").validate(doc);
  if (!errors.empty()) throw InputError(InputIssue{file, errors[0].pointer, 0, 0, errors[0].message});
  SweepSpec s;
  s.command = doc["command"];
  if (doc["base"].is_string()) {
    auto path = std::filesystem::path(file).parent_path() / doc["base"].get<std::string>();
    s.base_file = path.string();
    s.base_text = read_input_file(s.base_file);
    s.base = parse_json(s.base_text, s.base_file);
  } else {
    s.base = doc["base"];
    s.base_file = file;
    s.base_inline = true;
  }
  const auto& set = doc["set"];
  for (std::size_t i = 0; i < set.size(); ++i) {
    try {
      add_axis(s, set[i].get<std::string>());
    } catch (const InputError& e) {
      throw InputError(InputIssue{file, "/set/" + std::to_string(i), 0, 0, e.issues().front().message});
    }
  }
  s.zip = doc.value("zip", false);
  if (doc.contains("metrics"))
    for (const auto& m : doc["metrics"]) s.metrics.push_back(m);
  if (doc.contains("plot")) {
    const auto& p = doc["plot"];
    s.plot_x = p.value("x", "");
    s.plot_y = p.value("y", "");
    s.plot_series = p.value("series", "");
    s.plot_log = p.value("log", "");
  }
  return s;
}

}  // namespace rigplan
