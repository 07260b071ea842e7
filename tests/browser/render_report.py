#!/usr/bin/env python3
"""Browser test of an HTML report: headless Chromium (Debian's chromium-headless-shell, else
chromium) loads the page rigplan wrote, renders it to PNG and dumps the DOM it built. The test
fails when the browser logs any console message (the report has no scripts, so every message is
an error: a blocked external load under the page's Content-Security-Policy, a parse problem), when
an expected element is missing from the DOM, or when the PNG is not a picture of the page.
Exits 77 (CTest's SKIP_RETURN_CODE) when no Chromium is installed, so the test shows SKIPPED.

Usage: render_report.py [--rigplan BIN --exit N] [--page FILE] [--expect SELECTOR[=COUNT]]...
                        [--png OUT.png] [--size W,H] [--expect-console-error] [-- rigplan args]
Rigplan args get "--report PAGE" appended. SELECTOR: tag, #id, .class, tag.class or tag#id;
COUNT: the least number of matches (default 1).
"""
import argparse
import html.parser
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

SKIP = 77


def find_browser():
    env = os.environ.get("RIGPLAN_CHROMIUM")
    if env:
        return env if shutil.which(env) else None
    for name in ("chromium-headless-shell", "chromium"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.elements = []  # (tag, id, classes)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a.get("id") or "", set((a.get("class") or "").split())))

    handle_startendtag = handle_starttag


def matches(sel, el):
    tag, eid, classes = el
    want_tag, want_id, want_class = sel, None, None
    if "#" in sel:
        want_tag, want_id = sel.split("#", 1)
    elif "." in sel:
        want_tag, want_class = sel.split(".", 1)
    if want_tag and want_tag != tag:
        return False
    if want_id is not None and want_id != eid:
        return False
    if want_class is not None and want_class not in classes:
        return False
    return True


def png_problem(path, size):
    """None when `path` is a PNG of `size` with more than one colour in it; else what is wrong."""
    try:
        data = open(path, "rb").read()
    except OSError as e:
        return f"no screenshot ({e})"
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "the screenshot is not a PNG"
    w, h, depth, ctype = struct.unpack(">IIBB", data[16:26])
    if (w, h) != size:
        return f"the screenshot is {w}x{h}, not {size[0]}x{size[1]}"
    idat, pos = b"", 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    if len(set(raw[: min(len(raw), 4_000_000)])) < 8:
        return "the screenshot is blank"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rigplan")
    ap.add_argument("--exit", type=int, default=0, help="rigplan's expected exit code")
    ap.add_argument("--page", help="load this file instead of running rigplan")
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--png", help="keep the screenshot here")
    ap.add_argument("--size", default="1000,1400")
    ap.add_argument("--expect-console-error", action="store_true",
                    help="the page is meant to cause a console error (tests this checker)")
    ap.add_argument("args", nargs="*")
    o = ap.parse_args()
    size = tuple(int(v) for v in o.size.split(","))
    browser = find_browser()
    if not browser:
        print("SKIPPED: no Chromium (install it: tools/install-deps.sh chromium chromium-headless-shell)")
        return SKIP
    work = tempfile.mkdtemp(prefix="rigplan-browser-")
    try:
        page = o.page
        if not page:
            page = os.path.join(work, "report.html")
            r = subprocess.run([o.rigplan, *o.args, "--report", page], capture_output=True, text=True)
            if r.returncode != o.exit:
                print(f"FAIL: rigplan exited {r.returncode}, expected {o.exit}\n{r.stderr[:2000]}")
                return 1
        png = os.path.join(work, "shot.png")
        cmd = [browser, "--headless=new" if "headless-shell" not in browser else "--headless",
               "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
               "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
               "--hide-scrollbars", f"--user-data-dir={work}/profile", f"--window-size={size[0]},{size[1]}",
               "--enable-logging=stderr", "--v=0", "--dump-dom", f"--screenshot={png}",
               "file://" + os.path.abspath(page)]
        start = time.monotonic()
        b = subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=work)
        took = time.monotonic() - start
        console = [line for line in b.stderr.splitlines() if ":CONSOLE" in line]
        problems = []
        if b.returncode != 0:
            problems.append(f"the browser exited {b.returncode}")
        if o.expect_console_error:
            if not console:
                problems.append("expected a console error, the browser logged none")
        else:
            problems += ["console: " + line for line in console]
        dom = Dom()
        dom.feed(b.stdout)
        if not dom.elements:
            problems.append("the browser dumped no DOM")
        for e in o.expect:
            sel, _, count = e.partition("=")
            n = sum(matches(sel, el) for el in dom.elements)
            if n < int(count or 1):
                problems.append(f"{sel}: {n} in the DOM, expected at least {count or 1}")
        if p := png_problem(png, size):
            problems.append(p)
        if o.png and not problems:
            shutil.copyfile(png, o.png)
        if problems:
            print("FAIL: " + os.path.basename(page) + "\n  " + "\n  ".join(problems))
            return 1
        print(f"ok: {os.path.basename(page)} rendered by {os.path.basename(browser)} in {took:.2f} s, "
              f"{len(dom.elements)} elements, {len(o.expect)} expectations met")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
