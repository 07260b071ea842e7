#!/usr/bin/env python3
"""Docs that run: every fenced block in the given Markdown files that starts with one
`$ build/rigplan ...` line and shows its output is run, and its output compared with the block.

A line that is only "..." or "…", or that starts with "…" (an elision with a word on what it
leaves out), stands for any number of output lines; a line ending in "…" matches any line that
starts with the text before it.
Blocks with several commands, or commands that write files or use the shell (&&, |, >), are
examples to copy, not outputs, and are skipped. Exit 1 with a unified diff of each block that
prints something else today; 0 when all match.

Usage: tools/check_docs.py [--rigplan build/rigplan] [--update] FILE.md...   (from the repository root)
--update rewrites each block that prints something else with what it prints today, keeping its
elision lines where there is at most one run of lines before the first and one after the last
(the text before an elision takes the first printed lines, the text after it the last ones).
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


def is_wild(line):
    return line.strip() in WILD or line.startswith("…")


def updated(expected, got):
    """The block's new lines: `got`, with `expected`'s elisions kept; None when it cannot say."""
    wild = [k for k, l in enumerate(expected) if is_wild(l)]
    if not wild:
        return got
    first, last = wild[0], wild[-1]
    if any(not is_wild(l) for l in expected[first:last + 1]):
        return None  # text between two elisions: which printed lines it stands for is unknown
    head, tail = first, len(expected) - last - 1
    if head + tail > len(got):
        return None
    return got[:head] + expected[first:last + 1] + (got[len(got) - tail:] if tail else [])


def main(argv):
    rigplan = "build/rigplan"
    files = []
    update = False
    it = iter(argv)
    for a in it:
        if a == "--rigplan":
            rigplan = next(it)
        elif a == "--update":
            update = True
        else:
            files.append(a)
    for path in files if update else []:
        text = open(path, encoding="utf-8").read().split("\n")
        for line, cmd, expected in reversed(list(blocks(path))):
            args = shlex.split(cmd)
            args[0] = rigplan
            p = subprocess.run(args, capture_output=True, text=True)
            got = (p.stdout + p.stderr).rstrip("\n").split("\n")
            n = len(expected)
            while expected and expected[-1] == "":
                expected = expected[:-1]
            if matches(expected, got):
                continue
            new = updated(expected, got)
            if new is None:
                print(f"{path}:{line}: not updated (text between elisions): edit it by hand")
                continue
            text[line:line + len(expected)] = new  # `line` is 1-based of the first output line
            print(f"{path}:{line}: updated")
        open(path, "w", encoding="utf-8").write("\n".join(text))
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
