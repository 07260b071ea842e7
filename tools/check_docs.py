#!/usr/bin/env python3
"""Docs that run: every fenced block in the given Markdown files that starts with one
`$ build/rigplan ...` line and shows its output is run, and its output compared with the block.

A line that is only "..." or "…", or that starts with "…" (an elision with a word on what it
leaves out), stands for any number of output lines; a line ending in "…" matches any line that
starts with the text before it.
Blocks with several commands, or commands that write files or use the shell (&&, |, >), are
examples to copy, not outputs, and are skipped. Exit 1 with a unified diff of each block that
prints something else today; 0 when all match.

Usage: tools/check_docs.py [--rigplan build/rigplan] FILE.md...   (run from the repository root)
"""
import difflib
import re
import shlex
import subprocess
import sys

WILD = {"...", "…"}


def blocks(path):
    """(line number, command, expected output lines) of each runnable block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            start = i
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            body = lines[start + 1:j]
            cmds = [k for k, l in enumerate(body) if l.startswith("$ ")]
            if len(cmds) == 1 and cmds[0] == 0 and body[0].startswith("$ build/rigplan ") and len(body) > 1:
                cmd = body[0][2:]
                if not re.search(r"&&|\||>|--report|--emit|--plot |#", cmd):
                    yield start + 2, cmd, body[1:]
            i = j + 1
        else:
            i += 1


def matches(expected, got):
    """Whether `got` fits `expected` with its wildcard lines (a small backtracking match)."""
    memo = {}

    def m(e, g):
        if (e, g) in memo:
            return memo[(e, g)]
        if e == len(expected):
            r = g == len(got)
        elif expected[e].strip() in WILD or expected[e].startswith("…"):
            r = any(m(e + 1, k) for k in range(g, len(got) + 1))
        elif g < len(got) and (expected[e] == got[g] or (expected[e].endswith("…") and got[g].startswith(expected[e][:-1]))):
            r = m(e + 1, g + 1)
        else:
            r = False
        memo[(e, g)] = r
        return r

    return m(0, 0)


def main(argv):
    rigplan = "build/rigplan"
    files = []
    it = iter(argv)
    for a in it:
        if a == "--rigplan":
            rigplan = next(it)
        else:
            files.append(a)
    failed = checked = 0
    for path in files:
        for line, cmd, expected in blocks(path):
            args = shlex.split(cmd)
            args[0] = rigplan
            p = subprocess.run(args, capture_output=True, text=True)
            got = (p.stdout + p.stderr).rstrip("\n").split("\n")
            while expected and expected[-1] == "":
                expected = expected[:-1]
            checked += 1
            if not matches(expected, got):
                failed += 1
                print(f"{path}:{line}: `{cmd}` prints something else today:")
                sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(expected, got, "documented", "printed", lineterm="", n=1))
    print(f"{checked - failed} of {checked} runnable blocks print what the docs show")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
