#!/bin/sh
# Saves the reports that `rigplan inspect --from DIR` reads, on a machine without rigplan.
# Usage: tools/collect-reports.sh DIR   (run as root, or lspci hides LnkCap/LnkSta)
# A command that is missing or fails leaves its file out; inspect then says that report is absent.
# Each command gets 30 s (a GPU that has fallen off the bus can hang nvidia-smi).
set -u
dir=${1:?usage: collect-reports.sh DIR}
mkdir -p "$dir" || exit 2
run() {  # run FILE COMMAND...: stdout to DIR/FILE, kept only when the command succeeded
  out=$1; shift
  command -v "$1" >/dev/null 2>&1 || { echo "skip $out: $1 not installed" >&2; return; }
  if timeout 30 "$@" > "$dir/$out.tmp" 2>/dev/null; then mv "$dir/$out.tmp" "$dir/$out"
  else rm -f "$dir/$out.tmp"; echo "skip $out: '$*' failed" >&2; fi
}
run nvidia-smi-q.xml nvidia-smi -q -x
run topo-m.txt nvidia-smi topo -m
run nvlink-s.txt nvidia-smi nvlink -s
run lspci-vv.txt lspci -vv
run rocm-smi-topo.json rocm-smi --showtopo --json
cp /proc/cpuinfo "$dir/cpuinfo" 2>/dev/null
cp /proc/meminfo "$dir/meminfo" 2>/dev/null
[ "$(id -u)" = 0 ] || echo "note: not root, so lspci-vv.txt has no LnkCap/LnkSta lines" >&2
ls "$dir"
