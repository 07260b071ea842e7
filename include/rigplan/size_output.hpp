// How `rigplan size` shows its answer: a breakdown table with a bar per component and the
// verdict for people; the versioned JSON document for scripts. Presentation only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "rigplan/report_fields.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

std::string size_text(const SizeReport& r);
nlohmann::ordered_json size_json(const SizeReport& r);

// The JSON document's fields; `needs` is a set of SizeNeed bits (the searches a field's value
// comes from), and searches_for turns a set into the searches size_workload should run.
enum class SizeNeed { fewest_gpus = 1, smallest_gpu = 2, largest_fit = 4, machines = 8 };
const std::vector<ReportField<SizeReport>>& size_fields();
SizeSearches searches_for(int needs);

}  // namespace rigplan
