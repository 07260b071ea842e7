// Rendering rule docs (see include/rigplan/rule_docs.hpp).
#include "rigplan/document.hpp"
#include "rigplan/rule_docs.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <string>
#include <vector>

#include "rigplan/assumptions.hpp"
#include "rigplan/rules.hpp"

namespace rigplan {

namespace {

constexpr const char* kNeedsNone = "nothing a build may leave out";

bool may_give(const RuleDoc& d, Severity s) { return d.severity == s || (d.also && *d.also == s); }

// What the planner does with the rule's findings, for the docs: only errors reject a build, and
// a warning of a PSU rule sends the search on to a PSU that clears it. Empty when neither applies.
std::string planner_text(const RuleDoc& d) {
  std::string s;
  if (may_give(d, Severity::Error)) s = fmt::format("on an error, {}", planner_action_text(d.planner));
  if (d.planner == PlannerAction::NextPsu && may_give(d, Severity::Warning))
    s += std::string(s.empty() ? "" : "; ") + "on a warning, tries another PSU that clears it";
  return s;
}

// What of a build the rule needs: "chassis", "CPU cooler; in part: CPU, chassis", "in part:
// board"; `none` when it reads nothing a build may leave out.
std::string needs_text(const RuleDoc& d, const char* none) {
  std::string all = need_names(d.needs.all), part = need_names(d.needs.partly);
  if (all.empty() && part.empty()) return none;
  if (part.empty()) return all;
  return all.empty() ? "in part: " + part : all + "; in part: " + part;
}

nlohmann::ordered_json need_keys(unsigned bits) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (Need n : kAllNeeds)
    if (bits & static_cast<unsigned>(n)) j.push_back(need_key(n));
  return j;
}

// Which rules send the planner's search where (docs/planner.md links here): the rules whose
// errors ask for each action, and the PSU rules whose warnings send it on to a PSU that clears them.
std::string planner_actions_markdown() {
  std::string out =
      "\n## What the planner does with each rule\n\nEach rule declares what `rigplan plan` does when it gives an "
      "error; a warning of a PSU rule also sends the search on to a PSU that clears it.\n\n"
      "| action | on an error of | on a warning of |\n|---|---|---|\n";
  for (PlannerAction a : kPlannerActions) {
    std::vector<std::string> errors, warnings;
    for (const auto& r : rule_registry()) {
      const RuleDoc& d = r->doc();
      if (d.planner != a) continue;
      if (may_give(d, Severity::Error)) errors.push_back(std::string(d.code));
      if (a == PlannerAction::NextPsu && may_give(d, Severity::Warning)) warnings.push_back(std::string(d.code));
    }
    out += fmt::format("| `{}`: {} | {} | {} |\n", planner_action_key(a), planner_action_text(a),
                       errors.empty() ? "-" : fmt::format("{}", fmt::join(errors, ", ")),
                       warnings.empty() ? "-" : fmt::format("{}", fmt::join(warnings, ", ")));
  }
  return out;
}

std::string capitalized(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// An example as the docs show it: the patch over the seed desktop, or the seed itself.
std::string example_text(std::string_view patch, bool markdown) {
  std::string base = markdown ? fmt::format("the [seed desktop](../{})", kRuleExampleBase)
                              : fmt::format("the seed desktop ({})", kRuleExampleBase);
  if (patch == "{}") return base + ", unchanged";
  return markdown ? fmt::format("{} with `{}`", base, patch) : fmt::format("{} with {}", base, patch);
}

// The severities a rule may give, the default first.
nlohmann::ordered_json severity_list(const RuleDoc& d) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array({severity_name(d.severity)});
  if (d.also) j.push_back(severity_name(*d.also));
  return j;
}

}  // namespace

std::string rules_text(const std::string& code) {
  std::string out;
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    if (!code.empty() && d.code != code) continue;
    if (code.empty()) {
      out += fmt::format("{:<8} {:<8} {:<22} {}\n", d.code, severity_name(d.severity), d.name, d.what);
      continue;
    }
    out += fmt::format("{} {} ({})\n\nWhat it checks\n  {}\n\nWhy it matters\n  {}\n\nFails\n  {}\n\nPasses\n  {}\n\n"
                       "Source of the limit\n  {}\n\nNeeds\n  {}\n\nWhat clears it\n  {}\n",
                       d.code, d.name, severities_text(d), d.what, d.why, capitalized(example_text(d.fails, false)),
                       capitalized(example_text(d.passes, false)), d.source, capitalized(needs_text(d, kNeedsNone)),
                       capitalized(std::string(d.relax)));
    if (std::string p = planner_text(d); !p.empty()) out += fmt::format("\nThe planner\n  {}\n", capitalized(p));
  }
  if (code.empty()) {
    out += "\nAssumptions (override with --assume NAME=VALUE):\n";
    Assumptions a;
    for (const auto& doc : assumption_docs())
      out += fmt::format("  {:<22} {:>6} {:<6} {}\n", doc.name, fmt::format("{:g}", a.*(doc.field)), doc.unit, doc.doc);
  }
  return out;
}

std::string rules_markdown() {
  std::string out =
      "# Check rules\n\nGenerated by `rigplan rules --format markdown` from the rule registry; do not edit by hand "
      "(a test compares this file with the registry).\n\nEach rule's examples are complete inputs: a JSON merge patch "
      "(RFC 7396: the keys shown replace the base's, `null` removes one) over the seed desktop, "
      "[examples/builds/seed-desktop.json](../examples/builds/seed-desktop.json). A test runs every example through "
      "the rule engine. A part in angle brackets (`\"<...>\"`) is not in the catalog; the test stands a fixture part "
      "in for it.\n\nA rule's needs are the parts (or software versions) of a build it reads that a build may "
      "leave out: without one of them the rule does not run (BLD001 and BLD002 say what was left out); \"in part\" "
      "ones only a part of its check reads.\n\n| code | name | severity | needs | planner, on an error | what it checks "
      "|\n|---|---|---|---|---|---|\n";
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    std::string anchor(d.code);
    for (auto& ch : anchor) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    out += fmt::format("| [{}](#{}) | {} | {} | {} | {} | {} |\n", d.code, anchor, d.name, severities_text(d),
                       needs_text(d, "-"), planner_action_key(d.planner), d.what);
  }
  out += planner_actions_markdown();
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    std::string planner = planner_text(d);
    out += fmt::format("\n## {}\n\n`{}` · default severity **{}**{}\n\n**What it checks.** {}\n\n**Why it matters.** {}\n\n"
                       "**Example that fails.** {}\n\n**Example that passes.** {}\n\n**Source of the limit.** {}\n\n"
                       "**Needs.** {}.\n\n**What clears it.** {}.\n{}",
                       d.code, d.name, severity_name(d.severity),
                       d.also ? fmt::format(" (some findings **{}**)", severity_name(*d.also)) : "",
                       d.what, d.why, capitalized(example_text(d.fails, true)), capitalized(example_text(d.passes, true)),
                       d.source, capitalized(needs_text(d, kNeedsNone)), capitalized(std::string(d.relax)),
                       planner.empty() ? "" : fmt::format("\n**The planner.** {}.\n", capitalized(planner)));
  }
  out += "\n## Assumptions\n\nRules of thumb the rules rest on; override with `--assume NAME=VALUE`.\n\n"
         "| name | default | unit | what and why |\n|---|---|---|---|\n";
  Assumptions a;
  for (const auto& doc : assumption_docs())
    out += fmt::format("| {} | {:g} | {} | {} |\n", doc.name, a.*(doc.field), doc.unit, doc.doc);
  return out;
}

nlohmann::ordered_json rules_json(const std::string& code) {
  nlohmann::ordered_json j = new_document(DocumentKind::Rules);
  j["rules"] = nlohmann::ordered_json::array();
  for (const auto& r : rule_registry()) {
    const RuleDoc& d = r->doc();
    if (!code.empty() && d.code != code) continue;
    j["rules"].push_back({{"code", d.code},
                          {"name", d.name},
                          {"severity", severity_name(d.severity)},
                          {"severities", severity_list(d)},
                          {"planner_action", planner_action_key(d.planner)},
                          {"needs", need_keys(d.needs.all)},
                          {"needs_in_part", need_keys(d.needs.partly)},
                          {"relax", d.relax},
                          {"what", d.what},
                          {"why", d.why},
                          {"examples_base", kRuleExampleBase},
                          {"fails", d.fails},
                          {"passes", d.passes},
                          {"source", d.source}});
    if (d.also) j["rules"].back()["also_severity"] = severity_name(*d.also);
  }
  return j;
}

}  // namespace rigplan
