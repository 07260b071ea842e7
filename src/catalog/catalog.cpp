// The catalog: layers of validated catalog files merged by id (see include/rigplan/catalog.hpp).
//
// A layer is one or more files applied together (the built-in files are one layer, the user's
// --catalog files another), so parts may reference parts in a sibling file. Each file is parsed
// and schema-checked, then the layer's references are checked against the merged result, and
// only when nothing is wrong is the merged result kept.
#include "rigplan/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <tuple>

#include "catalog/catalog_layers.hpp"
#include "catalog/parse_parts.hpp"
#include "rigplan/error.hpp"
#include "util/embedded.hpp"
#include "util/json_words.hpp"
#include "util/suggest.hpp"
#include "util/json_text.hpp"

namespace rigplan {

using nlohmann::json;

struct Catalog::Impl {
  std::map<std::string, CatalogEntry, std::less<>> entries;
  std::tuple<std::vector<Gpu>, std::vector<Cpu>, std::vector<Board>, std::vector<Memory>, std::vector<Psu>,
             std::vector<Chassis>, std::vector<Cooler>, std::vector<Storage>, std::vector<NvlinkBridge>,
             std::vector<Nic>, std::vector<Switch>, std::vector<Node>, std::vector<Outlet>, std::vector<Cloud>, std::vector<Riser>,
             std::vector<Barebone>, std::vector<UnifiedSystem>>
      parts;
  std::map<std::string, std::size_t, std::less<>> index;  // id -> position in its kind's vector
  PricePreference prices = PricePreference::Street;

  template <class T>
  void put(T part, const std::string& origin) {
    auto& vec = std::get<std::vector<T>>(parts);
    part.origin = origin;
    part.price = pick_price(part.prices, prices);
    part.price_usd = part.price ? std::optional<double>(part.price->usd) : std::nullopt;
    index[part.id] = vec.size();
    vec.push_back(std::move(part));
  }

  void rebuild() {
    parts = {};
    index.clear();
    for (const auto& [id, e] : entries) {
      Fields f(e.raw);
      switch (e.kind) {
        case Kind::Gpu: put(parse_gpu(f), e.origin); break;
        case Kind::Cpu: put(parse_cpu(f), e.origin); break;
        case Kind::Board: put(parse_board(f), e.origin); break;
        case Kind::Memory: put(parse_memory(f), e.origin); break;
        case Kind::Psu: put(parse_psu(f), e.origin); break;
        case Kind::Chassis: put(parse_chassis(f), e.origin); break;
        case Kind::Cooler: put(parse_cooler(f), e.origin); break;
        case Kind::Storage: put(parse_storage(f), e.origin); break;
        case Kind::NvlinkBridge: put(parse_nvlink_bridge(f), e.origin); break;
        case Kind::Nic: put(parse_nic(f), e.origin); break;
        case Kind::Switch: put(parse_switch(f), e.origin); break;
        case Kind::Node: put(parse_node(f), e.origin); break;
        case Kind::Outlet: put(parse_outlet(f), e.origin); break;
        case Kind::Cloud: put(parse_cloud(f), e.origin); break;
        case Kind::Riser: put(parse_riser(f), e.origin); break;
        case Kind::Barebone: put(parse_barebone(f), e.origin); break;
        case Kind::UnifiedSystem: put(parse_unified_system(f), e.origin); break;
      }
    }
  }
};

Catalog::Catalog() : impl_(std::make_shared<Impl>()) {}
Catalog::~Catalog() = default;
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;
Catalog::Catalog(const Catalog& o) = default;
Catalog& Catalog::operator=(const Catalog& o) = default;

namespace {
std::vector<LayerFile> embedded_catalog_files() {
  std::vector<LayerFile> files;
  for (const auto& f : embedded::files())
    if (f.path.rfind("data/catalog/", 0) == 0)
      files.push_back(LayerFile{std::string(f.content), "<built-in>/" + std::string(f.path)});
  return files;
}
}  // namespace

// Builds a new immutable Impl from merged entries.
static std::shared_ptr<const Catalog::Impl> build_impl(CatalogEntries entries,
                                                       PricePreference prices = PricePreference::Street);

const Catalog& Catalog::builtin() {
  static const Catalog cat = [] {
    Catalog c;
    c.impl_ = build_impl(merge_layer({}, embedded_catalog_files(), /*builtin=*/true, /*schema=*/false));
    return c;
  }();
  return cat;
}

void Catalog::validate_builtin() { (void)merge_layer({}, embedded_catalog_files(), /*builtin=*/true, /*schema=*/true); }

Catalog Catalog::load(const std::vector<std::string>& overlay_files) {
  Catalog c = builtin();
  if (overlay_files.empty()) return c;
  std::vector<LayerFile> files;
  for (const auto& path : overlay_files) files.push_back(LayerFile{read_input_file(path), path});
  c.impl_ = build_impl(merge_layer(c.impl_->entries, files, /*builtin=*/false), c.impl_->prices);
  return c;
}

void Catalog::add_layer(std::string_view text, const std::string& file, bool builtin) {
  impl_ = build_impl(merge_layer(impl_->entries, {LayerFile{std::string(text), file}}, builtin), impl_->prices);
}

void Catalog::prefer_prices(PricePreference pref) {
  if (pref != impl_->prices) impl_ = build_impl(impl_->entries, pref);
}

PricePreference Catalog::price_preference() const { return impl_->prices; }

template <class T>
const std::vector<T>& Catalog::all() const {
  return std::get<std::vector<T>>(impl_->parts);
}

template <class T>
const T* Catalog::find(std::string_view id) const {
  auto it = impl_->index.find(id);
  if (it == impl_->index.end()) return nullptr;
  const auto& vec = std::get<std::vector<T>>(impl_->parts);
  if (it->second >= vec.size() || vec[it->second].id != id) return nullptr;  // another kind
  return &vec[it->second];
}

static std::shared_ptr<const Catalog::Impl> build_impl(CatalogEntries entries, PricePreference prices) {
  auto impl = std::make_shared<Catalog::Impl>();
  impl->entries = std::move(entries);
  impl->prices = prices;
  impl->rebuild();
  return impl;
}

#define RIGPLAN_INSTANTIATE(T)                                      \
  template const std::vector<T>& Catalog::all<T>() const;           \
  template const T* Catalog::find<T>(std::string_view) const;
RIGPLAN_INSTANTIATE(Gpu)
RIGPLAN_INSTANTIATE(Cpu)
RIGPLAN_INSTANTIATE(Board)
RIGPLAN_INSTANTIATE(Memory)
RIGPLAN_INSTANTIATE(Psu)
RIGPLAN_INSTANTIATE(Chassis)
RIGPLAN_INSTANTIATE(Cooler)
RIGPLAN_INSTANTIATE(Storage)
RIGPLAN_INSTANTIATE(NvlinkBridge)
RIGPLAN_INSTANTIATE(Nic)
RIGPLAN_INSTANTIATE(Switch)
RIGPLAN_INSTANTIATE(Node)
RIGPLAN_INSTANTIATE(Outlet)
RIGPLAN_INSTANTIATE(Cloud)
RIGPLAN_INSTANTIATE(Riser)
RIGPLAN_INSTANTIATE(Barebone)
RIGPLAN_INSTANTIATE(UnifiedSystem)
#undef RIGPLAN_INSTANTIATE

std::optional<Kind> Catalog::kind_of(std::string_view id) const {
  auto it = impl_->entries.find(id);
  if (it == impl_->entries.end()) return std::nullopt;
  return it->second.kind;
}

std::vector<std::string> Catalog::ids(std::optional<Kind> kind) const {
  std::vector<std::string> out;
  for (const auto& [id, e] : impl_->entries)
    if (!kind || e.kind == *kind) out.push_back(id);
  return out;
}

std::optional<std::string> Catalog::id_problem(std::string_view id, std::optional<Kind> want) const {
  auto kind = kind_of(id);
  if (kind && (!want || *kind == *want)) return std::nullopt;
  if (kind) return fmt::format("\"{}\" is {}, not {}", id, with_article(kind_name(*kind)), with_article(kind_name(*want)));
  std::string what = want ? kind_name(*want) : "part";
  std::string hint = did_you_mean(id, ids(want), 3);
  if (hint.empty()) hint = want ? fmt::format(" (see `rigplan catalog list --kind {}`)", what) : " (see `rigplan catalog list`)";
  return fmt::format("unknown {} \"{}\"{}", what, id, hint);
}

std::size_t Catalog::size() const { return impl_->entries.size(); }

const json& Catalog::raw(std::string_view id) const {
  auto it = impl_->entries.find(id);
  if (it == impl_->entries.end()) throw std::out_of_range("no part " + std::string(id));
  return it->second.raw;
}

const std::string& Catalog::origin(std::string_view id) const {
  auto it = impl_->entries.find(id);
  if (it == impl_->entries.end()) throw std::out_of_range("no part " + std::string(id));
  return it->second.origin;
}

}  // namespace rigplan
