#!/bin/sh
# Installs, from Debian 12's packages only, whatever rigplan needs to build and test that is not
# already there (git too: a test builds a small repository). Idempotent: when everything is
# present it changes nothing and needs no network.
# Run as root (or with sudo). Extra packages may be named as arguments (e.g. clang for fuzzing,
# chromium chromium-headless-shell for the browser tests of the HTML reports).
set -eu
need="cmake g++ make libcli11-dev nlohmann-json3-dev libfmt-dev catch2 python3 git $*"
missing=""
for p in $need; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "installing:$missing" >&2
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
