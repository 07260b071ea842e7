// Running a sweep: validation up front, evaluation per point, metrics by path, ordered
// streaming output from several threads, deterministic shards (see include/rigplan/sweep.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "rigplan/build.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/error.hpp"
#include "rigplan/size_output.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/sweep.hpp"
#include "rigplan/table.hpp"

namespace rigplan {

namespace {

constexpr std::uint64_t kChunk = 4096;  // points computed per batch before writing them in order
constexpr std::size_t kValidationSamples = 64;  // values of a long axis checked before the sweep starts

[[noreturn]] void bad(const std::string& msg) { throw InputError(InputIssue{"", "", 0, 0, msg}); }

std::string cell(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) return fmt::format("{:.6g}", v.get<double>());
  return v.dump();
}

struct Row {
  std::vector<nlohmann::ordered_json> values;
  std::string error;
};

}  // namespace

PointEvaluator make_evaluator(const SweepSpec& s, const Catalog& c) {
  if (s.command == "check")
    return [&s, &c](const nlohmann::json& in) {
      return check_json(run_check(parse_build(in.dump(), s.base_file, c), Assumptions{}), false);
    };
  if (s.command == "size")
    return [&s, &c](const nlohmann::json& in) {
      SizeRequest r = parse_size_request(in, c, s.base_file);
      return size_json(size_workload(r.workload, r.hardware, c));
    };
  bad(fmt::format("sweep: unknown command \"{}\" (check | size)", s.command));
}

static std::vector<nlohmann::ordered_json> metric_values(const SweepSpec& s, const nlohmann::ordered_json& doc) {
  std::vector<nlohmann::ordered_json> out;
  for (const auto& m : s.metrics) {
    if (m == "verdict" && s.command == "check") {
      out.push_back(doc.value("ok", false) ? "pass" : "fail");
    } else if (m == "codes" && s.command == "check") {
      std::string codes;
      for (const auto& d : doc["diagnostics"])
        if (d["severity"] == "error") codes += (codes.empty() ? "" : " ") + d["code"].get<std::string>();
      out.push_back(codes);
    } else {
      nlohmann::ordered_json::json_pointer p(path_to_pointer(m));
      out.push_back(doc.contains(p) ? doc.at(p) : nlohmann::ordered_json(nullptr));
    }
  }
  return out;
}

void validate_sweep(const SweepSpec& s, const Catalog& c) {
  if (s.shards == 0 || s.shard == 0 || s.shard > s.shards) bad(fmt::format("--shard {}/{}: expected I/N with 1 <= I <= N", s.shard, s.shards));
  if (s.zip)
    for (const auto& a : s.axes)
      if (a.values.size() != s.axes.front().values.size())
        bad(fmt::format("--zip pairs axes of equal length: {} has {} values, {} has {}", s.axes.front().path,
                        s.axes.front().values.size(), a.path, a.values.size()));
  std::uint64_t n = point_count(s);
  if (n == UINT64_MAX || (n > kMaxPointsUnsharded && s.shards == 1 && s.limit == 0))
    bad(fmt::format("the sweep has {:.3g} points; split it with --shard I/N or cap it with --limit N",
                    static_cast<double>(n)));
  PointEvaluator eval = make_evaluator(s, c);
  // The base alone, then each axis value on its own: every one must be valid input.
  nlohmann::ordered_json first = eval(s.base);
  for (const auto& a : s.axes) {
    auto ptr = nlohmann::json::json_pointer(path_to_pointer(a.path));
    // Lists are short: check every value. Long numeric ranges: the ends (where bounds bite) and
    // an even sample between, so validation stays fast however long the axis.
    std::vector<nlohmann::json> sample;
    std::size_t step = std::max<std::size_t>(1, a.values.size() / kValidationSamples);
    for (std::size_t i = 0; i < a.values.size(); i += step) sample.push_back(a.values[i]);
    if (!a.values.empty()) sample.push_back(a.values.back());
    for (const auto& v : sample) {
      nlohmann::json in = s.base;
      try {
        in[ptr] = v;
        eval(in);
      } catch (const InputError& e) {
        bad(fmt::format("--set {}={}: {}", a.path, v.is_string() ? v.get<std::string>() : v.dump(),
                        e.issues().front().to_string()));
      } catch (const nlohmann::json::exception&) {
        bad(fmt::format("--set {}: no such path in the base input", a.path));
      }
    }
  }
  for (const auto& m : s.metrics) {
    if ((m == "verdict" || m == "codes") && s.command == "check") continue;
    if (!first.contains(nlohmann::ordered_json::json_pointer(path_to_pointer(m))))
      bad(fmt::format("--metrics {}: no such value in the {} output (see `rigplan {} --format json`)", m, s.command, s.command));
  }
}

void run_sweep(const SweepSpec& s, const Catalog& c, const std::string& format, int threads,
               const std::function<void(const std::string&)>& out,
               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  std::uint64_t n = point_count(s);
  std::uint64_t begin = n * (s.shard - 1) / s.shards, end = n * s.shard / s.shards;  // contiguous shards
  if (s.limit > 0) end = std::min(end, begin + s.limit);
  PointEvaluator eval = make_evaluator(s, c);
  if (format == "csv") {
    std::vector<std::string> header;
    for (const auto& a : s.axes) header.push_back(a.path);
    for (const auto& m : s.metrics) header.push_back(m);
    header.push_back("error");
    Table t;
    t.headers = header;
    out(t.csv());
  }
  threads = std::max(1, threads);
  std::vector<Row> rows;
  for (std::uint64_t chunk = begin; chunk < end; chunk += kChunk) {
    std::uint64_t stop = std::min(end, chunk + kChunk);
    rows.assign(stop - chunk, Row{});
    auto work = [&](int t) {
      for (std::uint64_t i = chunk + t; i < stop; i += threads) {
        Row& r = rows[i - chunk];
        nlohmann::json in = point_input(s, i);
        for (const auto& a : s.axes) r.values.push_back(in[nlohmann::json::json_pointer(path_to_pointer(a.path))]);
        try {
          auto m = metric_values(s, eval(in));
          r.values.insert(r.values.end(), m.begin(), m.end());
        } catch (const InputError& e) {
          r.values.resize(s.axes.size() + s.metrics.size());
          r.error = e.issues().front().message;
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    std::string buf;
    for (std::uint64_t i = chunk; i < stop; ++i) {
      const Row& r = rows[i - chunk];
      if (format == "csv") {
        Table t;
        std::vector<std::string> cells;
        for (const auto& v : r.values) cells.push_back(cell(v));
        cells.push_back(r.error);
        t.rows.push_back(cells);
        std::string line = t.csv();
        buf += line.substr(line.find('\n') + 1);  // drop the empty header line
      } else {
        nlohmann::ordered_json j;
        j["point"] = i;
        std::size_t k = 0;
        for (const auto& a : s.axes) j[a.path] = r.values[k++];
        for (const auto& m : s.metrics) j[m] = r.values[k++];
        if (!r.error.empty()) j["error"] = r.error;
        buf += j.dump() + "\n";
      }
    }
    out(buf);
    if (progress) progress(stop - begin, end - begin);
  }
}

}  // namespace rigplan
