// What-if sweeps: a base input (a build for `check`, a request for `size` or `cluster`) and axes that vary
// fields of it, as a cross product (or zipped); one output row per point, streamed in a stable
// order, computed on several threads, and sharded deterministically so a huge sweep can run on
// many machines and the shards' outputs concatenate to the unsharded output.
//
// Axis values: "a..b" (integers, step 1), "a..b:s" (numbers, step s), or "x,y,z" (a list of
// numbers or strings). Paths: dot-separated fields with [i] for array elements (gpus[0].count).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/catalog.hpp"

namespace rigplan {

struct Axis {
  std::string path;                   // e.g. "gpus[0].power_limit_w"
  std::vector<nlohmann::json> values;
};

// Limits on axes (docs/limits.md): values per axis and over all axes together (each value is
// held in memory: 10 million are about 160 MB), the number of axes, and the length of a path.
inline constexpr std::size_t kMaxAxisValues = 10'000'000;
inline constexpr std::size_t kMaxAxisValuesTotal = 10'000'000;
inline constexpr std::size_t kMaxAxes = 64;
inline constexpr std::size_t kMaxAxisPath = 256;

// Parses "PATH=VALUES"; throws InputError on an empty range, a zero or wrong-signed step, a
// malformed number, values that are not UTF-8, a path longer than kMaxAxisPath, or more than
// `max_values` (at most kMaxAxisValues) values.
Axis parse_axis(const std::string& assignment, std::size_t max_values = kMaxAxisValues);
std::vector<nlohmann::json> parse_values(const std::string& values, const std::string& path,
                                         std::size_t max_values = kMaxAxisValues);

struct SweepSpec;
// Parses an axis and appends it to `s`, keeping to kMaxAxes and kMaxAxisValuesTotal.
void add_axis(SweepSpec& s, const std::string& assignment);

// Byte offset of the first byte that is not valid UTF-8; nullopt when all of `text` is.
std::optional<std::size_t> invalid_utf8_at(std::string_view text);
// `text` made fit for a message: at most kShownChars, cut before invalid UTF-8, control
// characters replaced, with the full length when cut.
inline constexpr std::size_t kShownChars = 80;
std::string printable(std::string_view text);

// "gpus[0].count" -> JSON pointer "/gpus/0/count".
std::string path_to_pointer(const std::string& path);

struct SweepSpec {
  std::string command = "check";   // check | size | cluster
  nlohmann::json base;             // the build (check) or the request (size, cluster)
  std::string base_file;           // for messages
  std::string base_text;           // a base file's text, to give its errors a line and column ("" otherwise)
  bool base_inline = false;        // the base is the spec file's "base" object (pointers get /base)
  std::vector<Axis> axes;
  bool zip = false;
  std::vector<std::string> metrics;  // paths into the point's JSON result, plus "verdict", "codes"
  // The spec's own plot ("plot": x, y, series, log), the defaults of the --plot-* flags ("" = unset).
  std::string plot_x, plot_y, plot_series, plot_log;
  std::uint64_t shard = 1, shards = 1;
  std::uint64_t limit = 0;           // 0 = all points
  bool general_only = false;         // evaluate every point through its JSON input (tests, benchmarks)
};

// A spec file's text (throws InputError naming `file` and the JSON pointer); a base given as a
// path is read relative to the spec's directory.
SweepSpec parse_sweep_spec(std::string_view text, const std::string& file);

inline constexpr std::uint64_t kMaxPointsUnsharded = 1'000'000'000;  // more needs --shard or --limit

std::uint64_t point_count(const SweepSpec& s);
// The base with point `index`'s axis values applied.
nlohmann::json point_input(const SweepSpec& s, std::uint64_t index);

// Evaluates one point to its result document (the JSON the underlying command prints), or
// throws InputError when the point's input is invalid.
using PointEvaluator = std::function<nlohmann::ordered_json(const nlohmann::json& input)>;
PointEvaluator make_evaluator(const SweepSpec& s, const Catalog& c);

// Validates the spec before any work: every axis value on its own must give a valid input.
void validate_sweep(const SweepSpec& s, const Catalog& c);

// Runs the sweep, writing a header (CSV) and one row per point to `out` in index order;
// `progress` (optional) hears points done and the total after each chunk.
void run_sweep(const SweepSpec& s, const Catalog& c, const std::string& format, int threads,
               const std::function<void(const std::string&)>& out,
               const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace rigplan
