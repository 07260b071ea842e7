// Embedded schema lookup (see embedded_schema.hpp).
#include "util/embedded_schema.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include "util/embedded.hpp"

namespace rigplan {

const JsonSchema& embedded_schema(std::string_view file_name) {
  static std::mutex mu;
  static std::map<std::string, JsonSchema, std::less<>> cache;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = cache.find(file_name); it != cache.end()) return it->second;
  std::string path = "data/schema/" + std::string(file_name);
  for (const auto& f : embedded::files())
    if (f.path == path)
      return cache.emplace(std::string(file_name), JsonSchema(nlohmann::json::parse(f.content))).first->second;
  throw std::logic_error("schema not embedded: " + path);
}

}  // namespace rigplan
