// The catalog's answers to `rigplan catalog list|show|validate` (see rigplan/catalog_query.hpp).
#include "rigplan/catalog_query.hpp"

#include <nlohmann/json.hpp>

#include "util/json_text.hpp"

namespace rigplan {

const PartBase* purchasable_part(const Catalog& cat, const std::string& id) {
  switch (*cat.kind_of(id)) {
    case Kind::Gpu: return cat.find<Gpu>(id);
    case Kind::Cpu: return cat.find<Cpu>(id);
    case Kind::Board: return cat.find<Board>(id);
    case Kind::Memory: return cat.find<Memory>(id);
    case Kind::Psu: return cat.find<Psu>(id);
    case Kind::Chassis: return cat.find<Chassis>(id);
    case Kind::Cooler: return cat.find<Cooler>(id);
    case Kind::Storage: return cat.find<Storage>(id);
    case Kind::NvlinkBridge: return cat.find<NvlinkBridge>(id);
    case Kind::Nic: return cat.find<Nic>(id);
    case Kind::Switch: return cat.find<Switch>(id);
    case Kind::Node: return cat.find<Node>(id);
    case Kind::Outlet: return nullptr;  // not sold
    case Kind::Cloud: return nullptr;   // an hourly rate (usd_per_hour), not a purchase price
    case Kind::Riser: return cat.find<Riser>(id);
    case Kind::Barebone: return cat.find<Barebone>(id);
    case Kind::UnifiedSystem: return cat.find<UnifiedSystem>(id);
  }
  return nullptr;
}

bool bought_on_its_own(const Catalog& cat, const std::string& id) {
  if (!purchasable_part(cat, id)) return false;
  if (id.rfind("generic-", 0) == 0) return false;
  for (const Barebone& bb : cat.all<Barebone>())
    if (id == bb.board || id == bb.chassis) return false;
  return true;
}

std::vector<std::string> catalog_ids(const Catalog& cat, std::optional<Kind> kind) {
  std::vector<std::string> ids;
  for (Kind k : kAllKinds) {
    if (kind && *kind != k) continue;
    auto some = cat.ids(k);
    ids.insert(ids.end(), some.begin(), some.end());
  }
  return ids;
}

CatalogFileCheck check_catalog_file(const std::vector<std::string>& overlays, const std::string& file) {
  CatalogFileCheck r;
  r.file = file;
  try {
    // Read once (the file may be stdin, "-"), then layered on the overlays as `load` would.
    std::string text = read_input_file(file);
    Catalog cat = Catalog::load(overlays);
    cat.add_layer(text, file, /*builtin=*/false);
    for (const auto& id : cat.ids(std::nullopt)) r.parts += cat.origin(id) == file;  // ids are unique within a file
    auto doc = nlohmann::json::parse(text);  // valid: add_layer parsed it
    r.price_updates = doc.contains("price_updates") ? doc["price_updates"].size() : 0;
    r.valid = true;
  } catch (const InputError& e) {
    r.issues = e.issues();
  }
  return r;
}

}  // namespace rigplan
