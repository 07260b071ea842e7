// `size`: memory per GPU as one stacked bar by component (weights, gradients, optimizer states,
// activations, KV cache, framework overhead) against the GPU's memory, read from the size JSON
// document (memory.per_gpu.*_bytes, hardware.gpu_bytes) so the picture and `--format json` agree.
// Segments carry their legend number and a fill pattern as well as a colour.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "report/html/doc_fields.hpp"
#include "report/html/escape.hpp"
#include "report/html/sections.hpp"

namespace rigplan::html {

namespace {

constexpr int kMemoryWidth = 820, kMemoryBarX = 150, kMemoryBarW = 600, kMemoryBarH = 34;


}  // namespace

std::string memory_bars(const nlohmann::ordered_json& doc) {
  static const std::pair<const char*, const char*> parts[] = {
      {"weights", "weights"},        {"gradients", "gradients"}, {"optimizer", "optimizer states"},
      {"activations", "activations"}, {"kv_cache", "KV cache"},  {"overhead", "framework overhead"}};
  double total = number_at(doc, "/memory/per_gpu/total_bytes");
  double cap = number_at(doc, "/hardware/gpu_bytes");
  // The axis ends at a round number of GiB above the bar and the GPU's memory.
  constexpr double kGiB = 1024.0 * 1024 * 1024;
  double top = nice_ceiling(std::max({total, cap, 1.0}) * 1.04 / kGiB) * kGiB;
  const int y = 30, height = 120;
  std::string out = fmt::format(
      "<figure>\n<svg class=\"fig memory\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\">\n"
      "<title>Memory per GPU by component</title>\n"
      "<text x=\"8\" y=\"{}\">per GPU</text>\n",
      kMemoryWidth, height, kMemoryWidth, height, y + 21);
  double x = kMemoryBarX;
  int n = 0;
  for (const auto& [key, words] : parts) {
    ++n;
    double b = number_at(doc, fmt::format("/memory/per_gpu/{}_bytes", key).c_str());
    if (b <= 0) continue;
    double w = kMemoryBarW * b / top;
    out += fmt::format("<g class=\"segment\" data-part=\"{}\"><rect class=\"seg s{}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>",
                       key, n - 1, x, y, w, kMemoryBarH);
    if (int pat = (n - 1) % 4; pat)
      out += fmt::format("<rect class=\"p{}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>", pat, x, y, w, kMemoryBarH);
    // Each segment says what it is: its name where it is wide enough, else its row number (the
    // table below), and its name and size on hover.
    out += fmt::format("<title>{} {}</title>", words, gib(b));
    std::string label = w >= 7.5 * std::string_view(words).size() + 8 ? std::string(words) : std::to_string(n);
    if (w >= 16) out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x + w / 2, y + 22, label);
    out += "</g>";
    x += w;
  }
  out += fmt::format("\n<text x=\"{}\" y=\"{}\" class=\"small\">{} in all</text>\n", kMemoryBarX, y + kMemoryBarH + 16, gib(total));
  if (cap > 0) {
    double cx = kMemoryBarX + kMemoryBarW * cap / top;
    bool over = total > cap;
    out += fmt::format("<line class=\"limit{}\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>"
                       "<text x=\"{:.1f}\" y=\"{}\" class=\"small\" text-anchor=\"middle\">{} {} memory</text>\n",
                       over ? " over" : "", cx, y - 8, cx, y + kMemoryBarH + 6, cx, y - 12, esc(text_at(doc, "/hardware/gpu")),
                       gib(cap));
  }
  out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" class=\"small\">0</text>"
                     "<text x=\"{}\" y=\"{}\" class=\"small\" text-anchor=\"end\">{}</text>\n</svg>\n",
                     kMemoryBarX, height - 22, kMemoryBarX + kMemoryBarW, height - 22, kMemoryBarX, height - 8, kMemoryBarX + kMemoryBarW, height - 8, gib(top));
  std::string verdict;
  if (doc.contains("fits") && doc["fits"].is_boolean())
    verdict = doc["fits"].get<bool>() ? "<span class=\"verdict ok\">FITS</span> " : "<span class=\"verdict fail\">DOES NOT FIT</span> ";
  out += "<figcaption>" + verdict + "Segments too narrow for their name show their row in the table below" +
         (cap > 0 ? "; the line is the GPU's memory." : "; no GPU given, so no limit is drawn.") + "</figcaption>\n</figure>\n";
  out += "<table class=\"memory-lines\">\n<thead><tr><th class=\"n\">#</th><th>component</th><th class=\"n\">per GPU</th></tr></thead>\n<tbody>\n";
  n = 0;
  for (const auto& [key, words] : parts) {
    ++n;
    out += fmt::format("<tr><td class=\"n\"><span class=\"swatch sw{}\"></span>{}</td><td>{}</td><td class=\"n\">{}</td></tr>\n", n - 1, n,
                       words, gib(number_at(doc, fmt::format("/memory/per_gpu/{}_bytes", key).c_str())));
  }
  out += fmt::format("<tr><th></th><th>total</th><td class=\"n\">{}</td></tr>\n", gib(total));
  if (double h = number_at(doc, "/memory/host_bytes"); h > 0)
    out += fmt::format("<tr><th></th><th>host memory (offload), per GPU</th><td class=\"n\">{}</td></tr>\n", gib(h));
  if (double nv = number_at(doc, "/memory/nvme_bytes"); nv > 0)
    out += fmt::format("<tr><th></th><th>NVMe (offload)</th><td class=\"n\">{}</td></tr>\n", gib(nv));
  return out + "</tbody>\n</table>\n";
}

}  // namespace rigplan::html
