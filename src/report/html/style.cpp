// The report's stylesheet and shared SVG patterns. Colours come from CSS variables with a light
// and a dark set (prefers-color-scheme); every fill that tells things apart also has a pattern or
// a printed label, so the report reads in greyscale and on paper. Print rules drop the navigation,
// force black on white and keep drawings and tables from splitting across pages.
#include "report/html/page.hpp"

namespace rigplan::html {

const char* stylesheet() {
  return R"css(:root { color-scheme: light dark;
  --fg: #1b1f24; --bg: #ffffff; --muted: #59636e; --line: #8c959f; --panel: #f3f5f7;
  --gpu: #cfe3fa; --nic: #dcf2dc; --riser: #f6e7c8; --covered: #59636e; --bad: #b42318;
  --err: #b42318; --warn: #8a5300; --info: #1d5fa8; --ok: #1a7f37;
  --s0: #4c78a8; --s1: #f58518; --s2: #54a24b; --s3: #e45756; --s4: #72b7b2; --s5: #b279a2; --s6: #9d755d; --s7: #bab0ac; }
@media (prefers-color-scheme: dark) { :root {
  --fg: #e6edf3; --bg: #0f1419; --muted: #9aa5b1; --line: #6e7781; --panel: #1a2129;
  --gpu: #1f3b5c; --nic: #1f4a2c; --riser: #4d3b17; --covered: #9aa5b1; --bad: #ff8a80;
  --err: #ff8a80; --warn: #f2c56b; --info: #8cc2ff; --ok: #7ee2a0;
  --s0: #6b9bd1; --s1: #f7a35c; --s2: #7cc274; --s3: #ee7f7e; --s4: #8fd0cb; --s5: #c99bc0; --s6: #c09a80; --s7: #d0c8c4; } }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg);
  max-width: 64rem; margin: 1.5rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .2rem; } h2 { font-size: 1.2rem; margin: 1.6rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
.sub, .muted, footer { color: var(--muted); } footer { margin-top: 2rem; font-size: .85rem; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: .5rem 0; }
a { color: var(--info); }
table { border-collapse: collapse; margin: .4rem 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--panel); } td.n, th.n { text-align: right; }
td.n { white-space: nowrap; } .scroll { overflow-x: auto; }
dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .4rem 0; }
dl.kv dt { font-weight: 600; } dl.kv dd { margin: 0; }
.verdict { font-weight: 700; padding: .1rem .5rem; border: 2px solid currentColor; display: inline-block; }
.verdict.ok { color: var(--ok); } .verdict.fail { color: var(--err); }
.sev { font-weight: 700; text-transform: uppercase; font-size: .8rem; border: 1px solid currentColor; padding: 0 .3rem; }
.sev-error { color: var(--err); } .sev-warning { color: var(--warn); } .sev-info { color: var(--info); }
ul.findings { list-style: none; padding: 0; } ul.findings li { margin: .5rem 0; padding-left: .6rem; border-left: 4px solid var(--line); }
ul.findings li.sev-error { border-left-style: solid; border-left-color: var(--err); }
ul.findings li.sev-warning { border-left-style: dashed; border-left-color: var(--warn); }
ul.findings li.sev-info { border-left-style: dotted; border-left-color: var(--info); }
.finding-msg { color: var(--fg); } .hint { color: var(--muted); margin-top: .1rem; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .92em; }
svg.fig { display: block; max-width: 100%; height: auto; margin: .5rem 0; font-family: system-ui, sans-serif; }
svg.fig text { fill: var(--fg); font-size: 12px; } svg.fig text.small { font-size: 10.5px; fill: var(--muted); }
svg.fig .frame { fill: none; stroke: var(--line); }
svg.fig .slot { fill: var(--panel); stroke: var(--fg); } svg.fig .opening { fill: none; stroke: var(--line); stroke-dasharray: 2 3; }
svg.fig .card-gpu { fill: var(--gpu); stroke: var(--fg); stroke-width: 1.5; }
svg.fig .card-nic { fill: var(--nic); stroke: var(--fg); stroke-width: 1.5; }
svg.fig .riser { stroke-dasharray: 6 3; } svg.fig .covered { fill: url(#rp-hatch); stroke: var(--covered); }
svg.fig .beyond { fill: url(#rp-cross); stroke: var(--bad); }
svg.fig .narrow { fill: var(--bad); } svg.fig text.narrow { fill: var(--bad); font-weight: 700; }
svg.fig .seg { stroke: var(--bg); stroke-width: 1; }
svg.fig .s0 { fill: var(--s0); } svg.fig .s1 { fill: var(--s1); } svg.fig .s2 { fill: var(--s2); } svg.fig .s3 { fill: var(--s3); }
svg.fig .s4 { fill: var(--s4); } svg.fig .s5 { fill: var(--s5); } svg.fig .s6 { fill: var(--s6); } svg.fig .s7 { fill: var(--s7); }
svg.fig .p1 { fill: url(#rp-hatch); } svg.fig .p2 { fill: url(#rp-dots); } svg.fig .p3 { fill: url(#rp-cross); }
svg.fig .limit { stroke: var(--fg); stroke-width: 2.5; } svg.fig .limit.over { stroke: var(--bad); }
svg.fig .peak { stroke: var(--fg); stroke-width: 2; stroke-dasharray: 5 3; }
svg.fig .axis { stroke: var(--line); } svg.fig .tier { fill: var(--panel); stroke: var(--fg); }
svg.fig .link { stroke: var(--line); stroke-width: 1.5; }
.swatch { display: inline-block; width: .9em; height: .9em; border: 1px solid var(--fg); vertical-align: -.1em; margin-right: .3em; }
.sw0 { background: var(--s0); } .sw1 { background: var(--s1); } .sw2 { background: var(--s2); } .sw3 { background: var(--s3); }
.sw4 { background: var(--s4); } .sw5 { background: var(--s5); } .sw6 { background: var(--s6); } .sw7 { background: var(--s7); }
table.topo td, table.topo th { text-align: center; min-width: 3.2rem; }
table.topo td.lk-X { color: var(--muted); } table.topo td.lk-NV { font-weight: 700; background: var(--gpu); }
table.topo td.lk-SYS { font-style: italic; text-decoration: underline dotted; }
.plot svg { max-width: 100%; height: auto; background: #fff; }
@media print {
  :root { --fg: #000; --bg: #fff; --muted: #333; --panel: #eee; }
  body { max-width: none; margin: 0; font-size: 11pt; } nav { display: none; } a { color: inherit; text-decoration: none; }
  section, figure, table, svg { break-inside: avoid; } h2 { break-after: avoid; }
}
)css";
}

const char* shared_svg_defs() {
  return "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\" focusable=\"false\"><defs>\n"
         "<pattern id=\"rp-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
         "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"currentColor\" stroke-width=\"1.5\" opacity=\"0.55\"/></pattern>\n"
         "<pattern id=\"rp-dots\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
         "<circle cx=\"3\" cy=\"3\" r=\"1.2\" fill=\"currentColor\" opacity=\"0.6\"/></pattern>\n"
         "<pattern id=\"rp-cross\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\">"
         "<path d=\"M0 0L7 7M7 0L0 7\" stroke=\"currentColor\" stroke-width=\"1\" opacity=\"0.6\"/></pattern>\n"
         "</defs></svg>\n";
}

}  // namespace rigplan::html
