// The parts catalog: the built-in parts compiled into the binary, overlaid by the user's own
// catalog files (same id replaces, new id adds). Every layer is validated whole — JSON syntax,
// the schema in data/schema/catalog.schema.json, physical bounds, cross-field sense and
// references — before any of it is applied, so a catalog is never half-loaded.
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigplan/parts.hpp"

namespace rigplan {

class Catalog {
 public:
  Catalog();
  ~Catalog();
  Catalog(Catalog&&) noexcept;
  Catalog& operator=(Catalog&&) noexcept;
  Catalog(const Catalog&);
  Catalog& operator=(const Catalog&);

  // The built-in catalog, then each overlay file in order. Throws InputError.
  static Catalog load(const std::vector<std::string>& overlay_files = {});
  // The built-in catalog only (parsed once per process; copies share it). The embedded files are
  // not schema-validated at run time — `validate_builtin()` does that, and a test runs it — so
  // a process start does not pay for it; sense checks and references still run.
  static const Catalog& builtin();
  // Fully validates the embedded catalog files (schema included); throws InputError.
  static void validate_builtin();

  // Validates one catalog document and, only if all of it is sound, applies it on top.
  // `builtin` layers may not repeat an id already given by another built-in file.
  void add_layer(std::string_view text, const std::string& file, bool builtin = false);

  // Which of a part's prices costs use (street by default; `--prices msrp` asks for launch MSRPs
  // where a part has one). Re-picks every part's price; later layers keep the preference.
  void prefer_prices(PricePreference pref);
  PricePreference price_preference() const;

  template <class T> const std::vector<T>& all() const;
  template <class T> const T* find(std::string_view id) const;

  std::optional<Kind> kind_of(std::string_view id) const;
  std::vector<std::string> ids(std::optional<Kind> kind = std::nullopt) const;  // sorted
  // What is wrong with `id` as the name of a part (of kind `want` when given), in the one wording
  // every input uses: 'unknown gpu "x" (did you mean "a", "b" or "c"?)', or '"x" is a cpu, not a
  // gpu'; nullopt when it names such a part.
  std::optional<std::string> id_problem(std::string_view id, std::optional<Kind> want = std::nullopt) const;
  std::size_t size() const;
  // The part exactly as its file wrote it (every field), for output.
  const nlohmann::json& raw(std::string_view id) const;
  const std::string& origin(std::string_view id) const;

 public:
  struct Impl;  // opaque: defined in src/catalog/catalog.cpp

 private:
  // Shared and immutable once built: copying a Catalog is cheap, and a layer builds a new Impl.
  std::shared_ptr<const Impl> impl_;
};

}  // namespace rigplan
