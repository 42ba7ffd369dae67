#!/usr/bin/env bash
# scripts/cub-search-gpu without a GPU and without time for a search: it still finds the tool, makes
# the prior from the shipped reduce.sum database with CUB's signed offset types in place of the
# unsigned ones (its one step of its own), skips each search with a line saying so (a limit of 0
# would be no limit), and prints the shipped search's ranking.
# Usage: cub_search_gpu.sh SOURCE_DIR POLICYTUNE WORK
set -euo pipefail
source_dir=$1
export POLICYTUNE=$2
work=$3
rm -rf "$work"
mkdir -p "$work/trees" "$work/include"
fail() {
  echo "cub_search_gpu.sh: $*" >&2
  exit 1
}

SECONDS_LEFT=0 "$source_dir/scripts/cub-search-gpu" "$work/trees" "$work/include" "$work/results" >"$work/out" 2>&1 ||
  fail "the script failed: $(tail -n 5 "$work/out")"
[ "$(grep -c 'no time left for policytune search' "$work/out")" -eq 5 ] || fail "not every search said it was skipped"
grep -q 'reduce.sum\[T{ct}=I64, OffsetT{ct}=U32\]' "$work/out" || fail "no ranking of the shipped search"

prior=$work/results/shipped-reduce.sum.signed-offsets.db
python3 - "$prior" "$source_dir/policies/databases/reduce.sum.db" <<'PY' || fail "the prior is not the shipped database with signed offsets"
import sqlite3, sys
def workloads(path):
    return sorted(r[0] for r in sqlite3.connect(path).execute("SELECT DISTINCT ct_workload FROM measurements"))
def rows(path):
    return sqlite3.connect(path).execute("SELECT COUNT(*) FROM measurements").fetchone()[0]
prior, shipped = sys.argv[1], sys.argv[2]
expected = sorted(w.replace("OffsetT{ct}=U", "OffsetT{ct}=I") for w in workloads(shipped))
assert workloads(prior) == expected, (workloads(prior), expected)
assert all("=U" not in w for w in workloads(prior))
assert rows(prior) == rows(shipped)
PY
echo "cub_search_gpu.sh: ok"
