// Running a sweep: validation up front, evaluation per point, metrics by path, ordered
// streaming output from several threads, deterministic shards (see include/rigplan/sweep.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <exception>
#include <thread>

#include "rigplan/document.hpp"
#include "rigplan/build.hpp"
#include "rigplan/check_report.hpp"
#include "rigplan/diagnostics.hpp"
#include "rigplan/cluster_output.hpp"
#include "rigplan/cluster_request.hpp"
#include "rigplan/error.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/size_output.hpp"
#include "rigplan/size_request.hpp"
#include "rigplan/sweep.hpp"
#include "rigplan/table.hpp"
#include "sweep/compiled.hpp"
#include "sweep/rows.hpp"
#include "util/json_text.hpp"
#include "util/utf8.hpp"

namespace rigplan {

namespace {

constexpr std::uint64_t kChunk = 16384;  // points computed per batch before writing them in order
constexpr std::size_t kValidationSamples = 64;  // values of a long axis checked before the sweep starts


// Where shard k of `shards` begins: n * k / shards without overflowing 64 bits (a 128-bit
// product; __extension__ because ISO C++ has no 128-bit integer, which g++ and clang both provide).
__extension__ typedef unsigned __int128 Uint128;
std::uint64_t shard_bound(std::uint64_t n, std::uint64_t k, std::uint64_t shards) {
  return static_cast<std::uint64_t>(static_cast<Uint128>(n) * k / shards);
}

// A point's input is the base with values applied, serialised afresh: a line and column found in
// that text exist in no file the user has. The file and the JSON pointer still say where.
std::vector<InputIssue> unlocated(std::vector<InputIssue> issues) {
  for (auto& is : issues) is.line = is.column = 0;
  return issues;
}

// An axis may change a field of the base or add one, and may name an array element that exists
// or the one just past the end; any other index (gpus[999999999999]) would have the JSON library
// grow the array to that size.
void check_axis_path(const SweepSpec& s, const Axis& a) {
  const nlohmann::json* node = &s.base;
  std::string ptr = path_to_pointer(a.path);
  std::size_t pos = 0;
  bool missing = false;  // past a field the base lacks: the rest is created, as objects only
  while (pos < ptr.size()) {
    std::size_t next = ptr.find('/', pos + 1);
    if (next == std::string::npos) next = ptr.size();
    std::string tok = ptr.substr(pos + 1, next - pos - 1);
    pos = next;
    if (missing || node->is_null()) {  // the JSON library makes a null into what the path needs
      missing = true;
      if (!tok.empty() && tok.find_first_not_of("0123456789-") == std::string::npos)
        input_error(fmt::format("--set {}: \"{}\" indexes a list the base input does not have", printable(a.path),
                        printable(tok)));
      continue;
    }
    if (node->is_array()) {
      auto idx = tok.find_first_not_of("0123456789") == std::string::npos && !tok.empty() && tok.size() <= 9
                     ? std::optional<std::size_t>(std::stoul(tok))
                     : std::nullopt;
      if (!idx || *idx > node->size())
        input_error(fmt::format("--set {}: \"{}\" is not an entry of that list in the base input (it has {})", printable(a.path),
                        printable(tok), node->size()));
      if (*idx == node->size()) missing = true;
      else node = &(*node)[*idx];
    } else if (node->is_object()) {
      auto it = node->find(tok);
      if (it == node->end()) missing = true;
      else node = &*it;
    } else {
      input_error(fmt::format("--set {}: no such path in the base input", printable(a.path)));
    }
  }
}

}  // namespace

PointEvaluator make_evaluator(const SweepSpec& s, const Catalog& c) {
  if (s.command == "check")
    return [&s, &c](const nlohmann::json& in) {
      return check_json(run_check(parse_build(dump_json(in), s.base_file, c), Assumptions{}), false);
    };
  if (s.command == "size")
    return [&s, &c](const nlohmann::json& in) {
      SizeRequest r = parse_size_request(in, c, s.base_file);
      return size_json(size_workload(r.workload, r.hardware, c));
    };
  if (s.command == "cluster")
    return [&s, &c](const nlohmann::json& in) {
      ClusterRequest r = parse_cluster_request(in, c, s.base_file);
      return cluster_json(run_cluster_request(r), r.fabric);
    };
  input_error(fmt::format("sweep: unknown command \"{}\" (check | size | cluster)", s.command));
}

static std::vector<nlohmann::ordered_json> metric_values(const SweepSpec& s, const nlohmann::ordered_json& doc) {
  std::vector<nlohmann::ordered_json> out;
  for (const auto& m : s.metrics) {
    if (m == "verdict" && s.command == "check") {
      out.push_back(doc.value("ok", false) ? "pass" : "fail");
    } else if (m == "codes" && s.command == "check") {
      std::string codes;
      for (const auto& d : doc["diagnostics"])
        if (d["severity"] == severity_name(Severity::Error)) codes += (codes.empty() ? "" : " ") + d["code"].get<std::string>();
      out.push_back(codes);
    } else {
      nlohmann::ordered_json::json_pointer p(path_to_pointer(m));
      out.push_back(doc.contains(p) ? doc.at(p) : nlohmann::ordered_json(nullptr));
    }
  }
  return out;
}

void validate_sweep(const SweepSpec& s, const Catalog& c) {
  if (s.shards == 0 || s.shard == 0 || s.shard > s.shards) input_error(fmt::format("--shard {}/{}: expected I/N with 1 <= I <= N", s.shard, s.shards));
  if (s.zip)
    for (const auto& a : s.axes)
      if (a.values.size() != s.axes.front().values.size())
        input_error(fmt::format("--zip pairs axes of equal length: {} has {} values, {} has {}", s.axes.front().path,
                        s.axes.front().values.size(), a.path, a.values.size()));
  // Every column has its own name: a JSON Lines row is one object. And every axis its own field:
  // two spellings of one pointer (gpus[0].count, gpus.0.count) would overwrite each other.
  std::set<std::string> columns = {"point", "error"};
  std::map<std::string, std::string> field_of;
  for (const auto& a : s.axes) {
    if (!columns.insert(a.path).second)
      input_error(fmt::format("--set {}: that column is already in the output; name each axis once", printable(a.path)));
    auto [it, fresh] = field_of.emplace(path_to_pointer(a.path), a.path);
    if (!fresh)
      input_error(fmt::format("--set {}: the same field as --set {} ({}); name each field once", printable(a.path),
                      printable(it->second), printable(it->first)));
    check_axis_path(s, a);
  }
  for (const auto& m : s.metrics)
    if (!columns.insert(m).second) input_error(fmt::format("--metrics {}: that column is already in the output", m));
  // Sizes before any work: the points this run computes (after --shard and --limit).
  // A sweep of 2^64 points or more (point_count saturates) can still run its first --limit points:
  // their indexes fit 64 bits. It cannot be sharded, since shard bounds need the count.
  std::uint64_t n = point_count(s);
  bool huge = n == UINT64_MAX;
  if (huge && s.shards > 1)
    input_error("the sweep has 2^64 points or more, too many to split into shards: cap it with --limit N or sweep fewer values");
  std::uint64_t run = huge ? n : shard_bound(n, s.shard, s.shards) - shard_bound(n, s.shard - 1, s.shards);
  if (s.limit > 0) run = std::min(run, s.limit);
  if (run > kMaxPointsUnsharded)
    input_error(fmt::format("the sweep has {:.3g} points{}; one run computes at most {:.3g}: {}cap it with --limit N",
                    static_cast<double>(n), huge ? " (or more)" : "", static_cast<double>(kMaxPointsUnsharded),
                    huge ? "" : "split it with --shard I/N or "));
  PointEvaluator eval = make_evaluator(s, c);
  // The base alone, then each axis value on its own: every one must be valid input.
  nlohmann::ordered_json first;
  try {
    first = eval(s.base);
    // A size or cluster request is then held to its schema (data/schema/<command>.schema.json).
    if (s.command != "check") validate_request_schema(s.command == "size" ? kSizeRequest : kClusterRequest, s.base, s.base_file);
  } catch (const InputError& e) {
    auto issues = unlocated(e.issues());
    for (auto& is : issues) {
      if (is.file != s.base_file) continue;
      if (s.base_inline) is.pointer = "/base" + is.pointer;  // the base's fields sit under /base in the spec file
      else if (!s.base_text.empty()) locate_issue(s.base_text, is);  // a base file: its line and column
    }
    throw InputError(std::move(issues));
  }
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
        input_error(fmt::format("--set {}={}: {}", printable(a.path), printable(v.is_string() ? v.get<std::string>() : dump_json(v)),
                        unlocated(e.issues()).front().to_string()));
      } catch (const nlohmann::json::exception&) {
        input_error(fmt::format("--set {}: no such path in the base input", printable(a.path)));
      }
    }
  }
  for (const auto& m : s.metrics) {
    if ((m == "verdict" || m == "codes") && s.command == "check") continue;
    if (!first.contains(nlohmann::ordered_json::json_pointer(path_to_pointer(m)))) {
      if (s.command == "check")
        for (const auto& [old_key, new_key] : check_renamed_keys())
          if (m.size() >= old_key.size() && m.compare(m.size() - old_key.size(), old_key.size(), old_key) == 0)
            input_error(fmt::format("--metrics {}: renamed {}{} in the check output's schema_version {} (docs/json-contract.md)",
                            printable(m), m.substr(0, m.size() - old_key.size()), new_key, schema_version(DocumentKind::Check)));
      input_error(fmt::format("--metrics {}: no such value in the {} output (see `rigplan {} --format json`)", printable(m),
                      s.command, s.command));
    }
  }
}

namespace {

// Axis value indices of a point: mixed radix with the last axis fastest, or all equal when zipped.
std::vector<std::size_t> coords_of(const SweepSpec& s, std::uint64_t index) {
  std::vector<std::size_t> c(s.axes.size());
  std::uint64_t rest = index;
  for (std::size_t i = s.axes.size(); i-- > 0;) {
    std::uint64_t n = s.axes[i].values.size();
    c[i] = static_cast<std::size_t>(s.zip ? index : rest % n);
    if (!s.zip) rest /= n;
  }
  return c;
}

void advance(const SweepSpec& s, std::vector<std::size_t>& c) {
  for (std::size_t i = c.size(); i-- > 0;) {
    if (s.zip) {
      ++c[i];
      continue;
    }
    if (++c[i] < s.axes[i].values.size()) return;
    c[i] = 0;
  }
}

}  // namespace

void run_sweep(const SweepSpec& s, const Catalog& c, const std::string& format, int threads,
               const std::function<void(const std::string&)>& out,
               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  std::uint64_t n = point_count(s);
  std::uint64_t begin = shard_bound(n, s.shard - 1, s.shards), end = shard_bound(n, s.shard, s.shards);  // contiguous
  if (s.limit > 0) end = std::min(end, begin + s.limit);
  PointEvaluator eval = make_evaluator(s, c);
  std::unique_ptr<sweep::CompiledSweep> fast;
  if (!s.general_only) fast = s.command == "size" ? sweep::compile_size(s, c) : sweep::compile_check(s, c);
  sweep::RowWriter w(s, format == "csv");
  if (format == "csv") out(w.header());
  threads = std::max(1, threads);
  auto write_point = [&](std::uint64_t i, const std::vector<std::size_t>& coords, std::string& buf) {
    w.begin(buf, i);
    for (std::size_t a = 0; a < s.axes.size(); ++a) w.axis(buf, a, coords[a]);
    std::size_t mark = buf.size();
    if (fast && fast->metrics(coords.data(), w, buf)) return w.end(buf, "");
    buf.resize(mark);
    try {
      auto values = metric_values(s, eval(point_input(s, i)));
      for (std::size_t m = 0; m < values.size(); ++m) w.metric(buf, m, values[m]);
      w.end(buf, "");
    } catch (const InputError& e) {
      for (std::size_t m = 0; m < s.metrics.size(); ++m) w.metric(buf, m, nlohmann::ordered_json(nullptr));
      w.end(buf, e.issues().front().message);
    }
  };
  // Each thread writes a contiguous run of the chunk into its own buffer; the buffers go out in
  // order, so the bytes do not depend on the number of threads.
  std::vector<std::string> bufs(static_cast<std::size_t>(threads));
  for (std::uint64_t chunk = begin; chunk < end; chunk += kChunk) {
    std::uint64_t stop = std::min(end, chunk + kChunk), len = stop - chunk;
    auto work = [&](int t) {
      std::uint64_t lo = chunk + len * t / threads, hi = chunk + len * (t + 1) / threads;
      std::string& buf = bufs[static_cast<std::size_t>(t)];
      buf.clear();
      if (lo >= hi) return;
      std::vector<std::size_t> coords = coords_of(s, lo);
      for (std::uint64_t i = lo; i < hi; ++i) {
        write_point(i, coords, buf);
        advance(s, coords);
      }
    };
    // An exception in a worker (memory exhausted, a bug) is carried to this thread and rethrown
    // after every worker has joined: escaping a thread it would abort the process.
    std::vector<std::exception_ptr> failed(static_cast<std::size_t>(threads));
    auto guarded = [&](int t) {
      try {
        work(t);
      } catch (...) {
        failed[static_cast<std::size_t>(t)] = std::current_exception();
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(guarded, t);
    guarded(0);
    for (auto& th : pool) th.join();
    for (const auto& e : failed)
      if (e) std::rethrow_exception(e);
    for (const auto& b : bufs)
      if (!b.empty()) out(b);
    if (progress) progress(stop - begin, end - begin);
  }
}

}  // namespace rigplan
