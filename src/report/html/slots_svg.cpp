// The board's slot drawing as SVG (see sections.hpp): what the text report's slot table says,
// drawn the way a builder sees the board from the side. Row i is expansion opening i (1 = nearest
// the CPU); the connector is drawn at its physical length with the wired lanes filled; a card sits
// on its slot, and the openings its cooler covers are hatched. Every state is also written in
// words on the drawing (covered, riser, narrower link, past the chassis), never in colour alone.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

namespace {

constexpr int kRow = 34, kTop = 28, kSlotsWidth = 820, kSlotX = 150, kLanePx = 11, kCardX = 420, kCardW = 390;

std::string link_words(const PlacedCard& c, const BoardSlot* s, bool& narrow) {
  narrow = false;
  if (c.slot_lanes == 0) {
    narrow = true;
    return "slot disabled (its lanes are shared)";
  }
  std::string w = fmt::format("PCIe {} x{} · {} GB/s", c.gen, c.lanes, num(c.bandwidth_gb_s, 1));
  if (!c.riser.empty() && (c.lanes < c.lanes_without_riser || c.gen < c.gen_without_riser)) {
    narrow = true;
    w += fmt::format(" — riser limits it (x{} gen{} without)", c.lanes_without_riser, c.gen_without_riser);
  } else if (s && c.slot_lanes < s->lanes) {
    narrow = true;
    w += fmt::format(" — the slot shares its lanes: x{} of its x{}", c.slot_lanes, s->lanes);
  } else if (s && c.lanes < s->lanes) {
    narrow = true;
    w += fmt::format(" — narrower than the slot's x{}", s->lanes);
  }
  return w;
}

}  // namespace

std::string slots_svg(const Build& b, const Placement& p) {
  if (!b.board) return "";
  int last = 0;
  std::map<int, const BoardSlot*> slot_at;
  for (const auto& s : b.board->slots) last = std::max(last, s.position), slot_at[s.position] = &s;
  for (const auto& c : p.cards) last = std::max(last, c.covers_to);
  int chassis = b.chassis ? b.chassis->expansion_slots : 0;
  last = std::max(last, chassis);
  int height = kTop + last * kRow + 12;
  std::string out = fmt::format(
      "<figure>\n<svg class=\"fig slots\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\">\n"
      "<title>Expansion slots of {}</title>\n",
      kSlotsWidth, height, kSlotsWidth, height, esc(b.board->id));
  out += fmt::format("<text x=\"8\" y=\"16\" class=\"small\">#</text><text x=\"40\" y=\"16\" class=\"small\">slot</text>"
                     "<text x=\"{}\" y=\"16\" class=\"small\">connector (filled: wired lanes)</text>"
                     "<text x=\"{}\" y=\"16\" class=\"small\">card and negotiated link</text>\n",
                     kSlotX, kCardX);
  for (int pos = 1; pos <= last; ++pos) {
    int y = kTop + (pos - 1) * kRow;
    bool beyond = chassis > 0 && pos > chassis;
    out += fmt::format("<g class=\"opening-row\" data-opening=\"{}\">", pos);
    out += fmt::format("<rect class=\"{}\" x=\"4\" y=\"{}\" width=\"{}\" height=\"{}\"/>", beyond ? "beyond" : "opening", y, kSlotsWidth - 8,
                       kRow - 4);
    out += fmt::format("<text x=\"12\" y=\"{}\">{}</text>", y + 20, pos);
    if (beyond) out += fmt::format("<text x=\"40\" y=\"{}\" class=\"narrow\">past the chassis ({} openings)</text>", y + 20, chassis);
    if (auto it = slot_at.find(pos); it != slot_at.end()) {
      const BoardSlot& s = *it->second;
      int phys = std::max(1, s.physical > 0 ? s.physical : s.lanes);
      if (!beyond) out += fmt::format("<text x=\"40\" y=\"{}\">{}</text>", y + 20, esc(s.name));
      out += fmt::format("<rect class=\"slot\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"10\"/>", kSlotX, y + 6, phys * kLanePx);
      out += fmt::format("<rect class=\"s0\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"10\"/>", kSlotX, y + 6,
                         std::min(s.lanes, phys) * kLanePx);
      out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"small\">x{} slot · wired x{} · gen{} · {}</text>", kSlotX, y + 28, phys,
                         s.lanes, s.gen, esc(s.source));
    }
    out += "</g>\n";
  }
  for (const auto& c : p.cards) {
    if (c.slot.empty()) continue;
    int y = kTop + (c.position - 1) * kRow;
    const BoardSlot* s = nullptr;
    for (const auto& bs : b.board->slots)
      if (bs.name == c.slot) s = &bs;
    bool narrow = false;
    std::string link = link_words(c, s, narrow);
    std::string cls = std::string(c.is_gpu ? "card-gpu" : "card-nic") + (c.riser.empty() ? "" : " riser");
    out += fmt::format("<g class=\"card\" data-part=\"{}\" data-slot=\"{}\">", esc(c.part), esc(c.slot));
    out += fmt::format("<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"/>", cls, kCardX, y + 1, kCardW,
                       kRow - 6);
    out += fmt::format("<text x=\"{}\" y=\"{}\">{}{} {}</text>", kCardX + 8, y + 13, c.is_gpu ? "GPU" : "NIC",
                       c.riser.empty() ? "" : " on riser " + esc(c.riser), esc(c.part));
    out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"small{}\">{}{}</text>", kCardX + 8, y + 25, narrow ? " narrow" : "",
                       narrow ? "⚠ " : "", esc(link));
    if (c.covers_to > c.position) {
      int yc = kTop + c.position * kRow;
      int h = (c.covers_to - c.position) * kRow - 4;
      out += fmt::format("<rect class=\"covered\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", kSlotX - 4, yc - 2,
                         kCardX + kCardW - kSlotX + 4, h);
      out += fmt::format("<text x=\"{}\" y=\"{}\" class=\"small\">covered by the cooler of {} (openings {}–{})</text>", kCardX + 8,
                         yc + 18, esc(c.part), c.position + 1, c.covers_to);
    }
    out += "</g>\n";
  }
  out += "</svg>\n";
  out += fmt::format("<figcaption>{} — {}. Hatched: openings a card's cooler covers; dashed outline: a card on a riser; "
                     "⚠: a link narrower or slower than the slot.</figcaption>\n</figure>\n",
                     esc(b.board->id), p.automatic ? "cards placed by rigplan" : "cards placed as the build file gives");
  std::string notes;
  for (const auto& c : p.cards)
    if (c.slot.empty()) notes += "<li>not placed: " + esc(c.part) + " (no free slot can take it)</li>\n";
  for (const auto& pr : nvlink_pairs(b, p))
    notes += pr.joined ? fmt::format("<li>NVLink: {} + {} bridged by {} ({} openings apart)</li>\n", esc(pr.slot_a), esc(pr.slot_b),
                                     esc(pr.bridge), pr.gap)
                       : fmt::format("<li>NVLink: {} + {} not joined: {}</li>\n", esc(pr.slot_a), esc(pr.slot_b), esc(pr.why));
  if (p.search_truncated)
    notes += fmt::format("<li>the placement search stopped after {} steps: this is the best placement it found</li>\n",
                         kMaxPlacementSteps);
  if (!notes.empty()) out += "<ul class=\"slot-notes\">\n" + notes + "</ul>\n";
  return out;
}

}  // namespace rigplan::html
