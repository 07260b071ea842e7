#!/bin/sh
# Refreshes docs/screenshots/report-*.png, one per report type, from the browser tests' own
# screenshots (tests/CMakeLists.txt: browser.*), so the pictures in the README are what the tests
# rendered and checked. Needs a build and Chromium (tools/install-deps.sh chromium chromium-headless-shell).
# Usage: tools/report_screenshots.sh [BUILD_DIR]
set -eu
build=${1:-build}
ctest --test-dir "$build" -L browser -E detects_console_errors --output-on-failure
mkdir -p docs/screenshots
for t in check plan size cluster sweep; do
  cp "$build/browser/$t.png" "docs/screenshots/report-$t.png"
done
ls -l docs/screenshots/report-*.png
