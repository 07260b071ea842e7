// `--report FILE.html`: one self-contained HTML page per command run (check, plan, size, cluster,
// sweep) for people who look rather than read — slot drawings, power and memory bars, the
// topology matrix, findings with hints, the plan's ranking, the cluster's fabric, the sweep's
// plot (declared with the sweep, rigplan/sweep_plot.hpp). Built from the same data as each command's JSON document; the same input gives the same
// bytes (no dates, no timings, no commit). The sections live in src/report/html/, one per file.
#pragma once

#include <string>
#include <vector>

#include "rigplan/check_report.hpp"
#include "rigplan/cluster.hpp"
#include "rigplan/plan.hpp"
#include "rigplan/price.hpp"
#include "rigplan/size_report.hpp"

namespace rigplan {

// Every build checked: verdict and parts, slot drawing, power bars, topology, findings.
std::string check_report_html(const std::vector<CheckedBuild>& all, bool strict);
// The ranked table, then the top build as check_report_html shows a build.
std::string plan_report_html(const PlanResult& res, const PlanRequest& req);
// Memory bars by component against the GPU, and the workload's time and speed.
std::string size_report_html(const SizeReport& r);
// Fabric tiers, power, peak compute, cost and training time.
std::string cluster_report_html(const ClusterReport& r, const FabricRequest& f, PricePreference prices);

}  // namespace rigplan
