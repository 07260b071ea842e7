# Malformed reports (tests/bad_inputs/inspect/, one directory per case): exit 2, nothing on stdout
# in JSON mode, and stderr names the file — with line:column for the line-oriented reports and
# the XML. Also a --from that is not a directory and a plan that is not a build.
for d in tests/bad_inputs/inspect/*/; do
  run inspect --from "$d" --format json
  expect_exit 2; expect_stdout_empty
  case "$d" in
    *empty-dir-marker/) expect_stderr_contains "holds none of the reports" ;;
    *topo-count-disagrees/) expect_stderr_contains "topo-m.txt: names 1 GPUs but the GPU list has 2" ;;
    *)
      f=$(ls "$d" | head -1)
      grep -qE -- "$f:[0-9]+:[0-9]+: " "$ERR" || fail "no file:line:col for $d$f"
      ;;
  esac
done
run inspect --from tests/bad_inputs/inspect/truncated-xml
expect_stderr_contains "(truncated?)"
run inspect --from tests/bad_inputs/inspect/bad-number-xml
expect_stderr_contains "/nvidia_smi_log/gpu[2]/pci/pci_gpu_link_info/link_widths/current_link_width"
run inspect --from examples/builds/seed-two-3090.json
expect_exit 2; expect_stderr_contains "--from needs a directory"
run inspect --from tests/data/inspect/telegraf-tesla-t4 --against tests/data/inspect/telegraf-tesla-t4/nvidia-smi-q.xml
expect_exit 2; expect_stdout_empty
