// Cloud offers (spot price, host size, the data file's commit in place of a date) and NICs whose
// power is not known: what the loader accepts, what it rejects, and that a node can list such a
// NIC so its cluster fabric is sized (the DGX A100 once had no NICs and an empty fabric).
#include <catch2/catch.hpp>

#include "rigplan/cluster.hpp"
#include "rigplan/power.hpp"
#include "test_catalog.hpp"

using namespace rigplan;
using namespace rigplan::test;
using nlohmann::json;

namespace {

json cloud_part() {
  return json::parse(R"({
    "id": "acme-cloud-1x", "kind": "cloud", "name": "Acme 1x", "source": "https://example.com/prices",
    "provider": "acme", "instance": "a1", "gpu": "nvidia-h100-sxm5-80gb", "gpu_count": 1,
    "usd_per_hour": 2.0, "price_seen": "2026-10"})");
}

json nic_part() {
  return json::parse(R"({
    "id": "acme-nic", "kind": "nic", "name": "Acme NIC", "source": "https://example.com/nic",
    "protocol": "infiniband", "ports": 1, "speed_gbps": 200, "pcie": {"gen": 4, "lanes": 16}})");
}

}  // namespace

TEST_CASE("a cloud offer with spot price, host size and a data commit loads") {
  json p = cloud_part();
  p.erase("price_seen");
  p["source_commit"] = "0123456789abcdef0123456789abcdef01234567";
  p["spot_usd_per_hour"] = 0.9;
  p["vcpus"] = 16;
  p["memory_gib"] = 200;
  Catalog c;
  REQUIRE(overlay_issues(doc({p}).dump(), &c).empty());
  const Cloud* o = c.find<Cloud>("acme-cloud-1x");
  REQUIRE(o);
  CHECK(o->spot_usd_per_hour == Approx(0.9));
  CHECK(o->vcpus == Approx(16));
  CHECK(o->memory_gib == Approx(200));
  CHECK(o->price_seen.empty());
  CHECK(o->source_commit.size() == 40);
}

TEST_CASE("a cloud offer needs a date or a commit, and spot never above on-demand") {
  json undated = cloud_part();
  undated.erase("price_seen");
  auto issues = overlay_issues(doc({undated}).dump());
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].pointer == "/parts/0");
  CHECK(issues[0].message.find("price_seen") != std::string::npos);

  json dear = cloud_part();
  dear["spot_usd_per_hour"] = 2.5;
  issues = overlay_issues(doc({dear}).dump());
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].pointer == "/parts/0/spot_usd_per_hour");

  json badsha = cloud_part();
  badsha["source_commit"] = "main";
  CHECK(overlay_issues(doc({badsha}).dump()).size() == 1);
}

TEST_CASE("a NIC without a power figure loads; a build counts it as unknown") {
  Catalog c;
  REQUIRE(overlay_issues(doc({nic_part()}).dump(), &c).empty());
  const Nic* n = c.find<Nic>("acme-nic");
  REQUIRE(n);
  CHECK_FALSE(n->power_w.has_value());

  Build b;
  b.nics.push_back(NicEntry{n, 2, {}});
  PowerBudget p = power_budget(b, Assumptions{});
  CHECK_FALSE(p.complete());
  bool found = false;
  for (const auto& l : p.lines)
    if (l.part == "acme-nic") {
      found = true;
      CHECK_FALSE(l.known);
      CHECK(l.total_w == 0);
    }
  CHECK(found);
}

TEST_CASE("a drive without a power figure loads; a build counts it as unknown, the stated one as known") {
  json drive = json::parse(R"({"id": "acme-drive", "kind": "storage", "name": "d", "source": "https://example.com/d",
    "form_factor": "m.2-2280", "capacity_gb": 2000, "pcie": {"gen": 4, "lanes": 4}})");
  json stated = drive;
  stated["id"] = "acme-drive-stated";
  stated["power_w"] = 8.5;
  Catalog c;
  REQUIRE(overlay_issues(doc({drive, stated}).dump(), &c).empty());
  const Storage* s = c.find<Storage>("acme-drive");
  const Storage* t = c.find<Storage>("acme-drive-stated");
  REQUIRE(s);
  REQUIRE(t);
  CHECK_FALSE(s->power_w.has_value());

  Build b;
  b.storage.push_back({t, 1});
  CHECK(power_budget(b, Assumptions{}).complete());
  b.storage.push_back({s, 2});
  PowerBudget p = power_budget(b, Assumptions{});
  CHECK_FALSE(p.complete());
  for (const auto& l : p.lines) {
    if (l.part == "acme-drive") CHECK_FALSE(l.known);
    if (l.part == "acme-drive-stated") CHECK(l.total_w == 8.5);
  }
}

TEST_CASE("the DGX A100 lists its eight HDR compute NICs, so a 20-node cluster has a fabric") {
  const Catalog& c = Catalog::builtin();
  NodeSpec node = node_spec(*c.find<Node>("nvidia-dgx-a100"), c);
  REQUIRE(node.nic);
  CHECK(node.nics == 8);
  CHECK(node.nic->speed_gbps == 200);
  const Switch* sw = default_switch(c, node);
  REQUIRE(sw);
  Fabric fab = size_fabric(20, node, FabricRequest{sw, 1, 0});
  CHECK(fab.endpoints == 160);
  CHECK(fab.levels >= 1);
  CHECK(fab.leaf >= 1);
  CHECK(fab.injection_gbps_per_node == Approx(1600));
}
