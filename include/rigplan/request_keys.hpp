// One declaration per request key (issue 16): the keys of `size`, `cluster`, `plan` and `tco` requests,
// each with its type, range or allowed words, default, doc text and the commands that read it.
// The request-file parsers (size_request, cluster_request, plan_request), the command-line flags
// (their help text and range checks), the sweep axes (through the size parser) and the schema
// agreement test all read this table, so a bound, a word list or a default is written once.
// data/schema/{size,cluster,plan,tco}.schema.json publish the same keys; a test holds them equal.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/precision.hpp"

namespace rigplan {

// Which request document a key belongs to. A plan's "workload" object is a size request without
// the keys the planner chooses (gpu, count, p2p, dp): those carry no PlanWorkload bit.
enum RequestCommand : unsigned { kSizeRequest = 1, kClusterRequest = 2, kPlanRequest = 4, kPlanWorkload = 8, kTcoRequest = 16 };

enum class KeyType {
  Integer,   // a whole number in [lo, hi]
  Number,    // a number in [lo, hi] ((lo, hi] when lo_open)
  Word,      // one of `words`
  Flag,      // true or false
  Text,      // any string ($schema)
  Model,     // a model preset id
  Part,      // a catalog part id of kind `part` (gpu, node, switch, outlet)
  Path,      // a file path (cluster and tco "build")
  Ids,       // a catalog id or a list of ids (plan gpu, family, include, exclude)
  GpuRange,  // plan "gpus": a count or "LO..HI", within [lo, hi]
  Object,    // plan "workload": a size request
  Assume,    // plan "assume": {NAME: number}, the rule-engine assumptions (assumption_docs())
  Version,   // "schema_version": the integer `lo`
};

struct RequestKey {
  std::string_view name;  // the JSON key; the flag is --name with '_' as '-' unless `flag` says otherwise
  KeyType type;
  unsigned commands;      // bit set of RequestCommand
  std::string_view doc;   // what it means, for --help and the schemas' "description"
  double lo = 0, hi = 0;  // Integer, Number, GpuRange
  bool lo_open = false;   // Number: lo itself is refused
  std::vector<std::string_view> words = {};  // Word
  nlohmann::json def = nullptr;              // the default when absent (null: none, or computed; see doc)
  std::string_view part = {};                // Part: the catalog kind
  std::string_view flag = {};                // "" = derived from name; "-" = no flag
};


// The keys of one request document, in the order they are read (and their errors reported).
// `command` is one RequestCommand bit.
const std::vector<const RequestKey*>& request_keys(RequestCommand command);
// Every declaration (a key read differently by two commands has two).
const std::vector<RequestKey>& all_request_keys();
// The key `name` of `command`; throws std::logic_error when there is none (a programming error).
const RequestKey& request_key(RequestCommand command, std::string_view name);
// The names of `command`'s keys, for unknown-key messages.
std::vector<std::string> request_key_names(RequestCommand command);

// The command-line flag of a key ("--kv-heads"), or "" when it has none.
std::string key_flag(const RequestKey& k);
// "fp32 | bf16 | ..." for a Word key.
std::string key_words(const RequestKey& k);

// Checks a number against a key's range: nullopt, or the message "5 is outside 0..3" (or "is not
// a whole number" for an Integer key).
std::optional<std::string> key_range_error(const RequestKey& k, double v);

// The embedded schema file of a request document ("size.schema.json").
std::string_view request_schema_file(RequestCommand command);

// Validates a request document against its schema (data/schema/<command>.schema.json); throws
// InputError naming `file` and each JSON pointer (no line:column: callers that hold the text
// locate the issues).
void validate_request_schema(RequestCommand command, const nlohmann::json& doc, const std::string& file);

// The data-parallel degree when `gpus` GPUs run tensor parallelism `tp`, pipeline parallelism
// `pp` and context parallelism `cp`: gpus / (tp x pp x cp); nullopt when it does not divide (one
// rule for requests and --build).
std::optional<int> data_parallel_degree(int gpus, int tp, int pp, int cp = 1);
// Why `gpus` GPUs do not split as data_parallel_degree asks ("6 GPUs cannot be split into tp=2 x
// cp=2 x pp=1"; cp named only above 1), and the product's name for messages ("dp x tp x pp", or
// "dp x tp x cp x pp" with context parallelism): one wording for requests and --build.
std::string gpu_split_error(int gpus, int tp, int pp, int cp = 1);
std::string layout_product_name(int cp);

}  // namespace rigplan
