#!/usr/bin/env python3
"""Scaffold a new check rule: writes src/rules/<code>_<slug>.cpp from a template and adds the rule
to the registry's one list (RIGPLAN_RULES in src/rules/registry.cpp), in code order. The rule
compiles and runs at once but finds nothing until its check() is written, and the tests fail
until its examples do what they say; docs/contributing.md says what else a rule needs (its needs
and relax advice, its message snapshot in tests/rules/snapshots/, cases in tests/unit/rules_test.cpp,
the regenerated docs/rules.md).

Usage: tools/new_rule.py FIT008 gpu-bracket warning next-chassis
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The planner actions (PlannerAction in include/rigplan/rules.hpp), by their JSON keys.
ACTIONS = {"next-psu": "NextPsu", "outlet-limit": "OutletLimit", "next-chassis": "NextChassis",
           "next-bridge": "NextBridge", "rule-out-platform": "RuleOutPlatform"}
TEMPLATE = '''// {code}: TODO one line on what this rule checks, and why a builder cares.
#include "rules/rule_util.hpp"

namespace rigplan::rules {{

RIGPLAN_RULE({cls})

const RuleDoc& {cls}::doc() const {{
  static const RuleDoc d{{"{code}", "{slug}", Severity::{sev}, PlannerAction::{action},
                         // What of a build it reads that a build may leave out (the engine skips
                         // the rule without it), then what only part of its check reads.
                         needs({{}}, {{}}),
                         "TODO what clears it (the change to the build or the request)",
                         "TODO what it checks (one sentence).",
                         "TODO why it matters (what goes wrong in a real build).",
                         // Complete inputs: JSON merge patches over examples/builds/seed-desktop.json that
                         // tests/unit/rule_examples_test.cpp runs (the first must fire, the second not).
                         R"({{"TODO": "a patch that makes the rule fire"}})",
                         R"({{}})",  // TODO the smallest change from the first that does not fire
                         "TODO the source of the limit: datasheet, standard or guide, with section."}};
  return d;
}}

void {cls}::check(const Build& b, const RuleContext& ctx, std::vector<Diagnostic>& out) const {{
  (void)b;
  (void)ctx;
  (void)out;  // TODO: out.push_back(make("measured value vs limit, with units", {{part ids}}, "how to fix"));
}}

}}  // namespace rigplan::rules
'''


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("code", help="rule code, e.g. FIT008 (letters then three digits; never reuse one)")
    ap.add_argument("slug", help="kebab-case name, e.g. gpu-bracket")
    ap.add_argument("severity", choices=["error", "warning", "info"], help="default severity")
    ap.add_argument("planner", choices=list(ACTIONS),
                    help="what the planner does when a finding is an error: try the next PSU, chassis or bridge, "
                         "give up on parts for the outlet, or rule out the GPU x CPU x board configuration")
    args = ap.parse_args()

    m = re.fullmatch(r"([A-Z]{2,5})(\d{3})", args.code)
    if not m:
        print(f"new_rule.py: code {args.code!r} is not letters followed by three digits", file=sys.stderr)
        return 2
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", args.slug):
        print(f"new_rule.py: slug {args.slug!r} is not kebab-case", file=sys.stderr)
        return 2
    cls = m.group(1).capitalize() + m.group(2)
    path = ROOT / "src" / "rules" / f"{args.code.lower()}_{args.slug.replace('-', '_')}.cpp"
    registry = ROOT / "src" / "rules" / "registry.cpp"
    text = registry.read_text()
    entries = re.findall(r"^  X\((\w+)\)", text, flags=re.M)
    if cls in entries or list((ROOT / "src" / "rules").glob(f"{args.code.lower()}_*.cpp")):
        print(f"new_rule.py: {args.code} exists already (codes are never reused)", file=sys.stderr)
        return 2

    path.write_text(TEMPLATE.format(code=args.code, cls=cls, slug=args.slug, sev=args.severity.capitalize(),
                                    action=ACTIONS[args.planner]))
    key = lambda c: (re.match(r"[A-Za-z]+", c).group(0).upper(), int(re.search(r"\d+", c).group(0)))
    entries = sorted(entries + [cls], key=key)
    block = " \\\n".join(f"  X({e})" for e in entries)
    text = re.sub(r"(#define RIGPLAN_RULES\(X\) \\\n)(  X\(\w+\)(?: \\\n)?)+", lambda mm: mm.group(1) + block,
                  text, count=1)
    registry.write_text(text)
    print(f"wrote {path.relative_to(ROOT)}; added {cls} to RIGPLAN_RULES in {registry.relative_to(ROOT)}")
    print("next: write check() and the doc (its two examples run in tests/unit/rule_examples_test.cpp),")
    print("      write its snapshot: UPDATE_GOLDEN=1 ctest --test-dir build -R unit.rule_snapshots_test,")
    print("      add cases to tests/unit/rules_test.cpp where the edges matter,")
    print("      rebuild, then: build/rigplan rules --format markdown > docs/rules.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
