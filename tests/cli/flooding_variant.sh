#!/usr/bin/env bash
# Variants that print 600 MiB each (tests/data/faults/bench/faults/floods_output.cpp) are read to
# their end and leave the search's memory bounded: the one that floods stdout, where the harness's
# document belongs, is a failed run saying so; the one whose own output goes to stderr is measured.
# The peak memory of policytune and every process it waited for (the compilers too) must stay far
# below the 600 MiB a flood's output would hold, kept whole. A bound on memory, not on time.
# Usage: flooding_variant.sh POLICYTUNE SOURCE_DIR WORK_DIR
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
fail() { echo "flooding_variant: $*" >&2; cat "$work/log" >&2 || true; exit 1; }

peak_kib=$(python3 - "$policytune" search "$source_dir/tests/data/faults/bench/faults/floods_output.cpp" \
  --strategy exhaustive --db "$work/results.db" --build-dir "$work/build" --min-samples 3 --max-time 0.02 \
  --confirm 0 <<'PY' 2>"$work/log"
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=sys.stderr)
if done.returncode != 0:
    sys.exit(f"exit {done.returncode}")
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
) || fail "the search failed"
echo "peak memory of the search and its children: $((peak_kib / 1024)) MiB"
((peak_kib < 400 * 1024)) || fail "peak memory ${peak_kib} KiB: a flood's output was kept"

status() {  # status VARIANT: its stored status and reason
  sqlite3 "$work/results.db" "SELECT status || ': ' || reason FROM measurements WHERE variant = '$1'"
}
echo "flood_1: $(status flood_1)"
echo "flood_2: $(status flood_2)"
[[ $(status flood_1) == "ok: " ]] || fail "the variant printing to stderr was not measured"
[[ $(status flood_2) == "run_failed: printed more than 64 MiB to stdout"* ]] || fail "flood_2 is not a failed run saying why"
