#!/usr/bin/env bash
# A fault of the machine is no verdict on a variant (issue 54, class 2): nothing is stored for the
# variant it hit, and the same command run again once the machine is fixed measures it.
# Usage: machine_faults.sh POLICYTUNE SOURCE_DIR WORK_DIR CXX CASE
#   CASE full_disk: variants linked as on a full disk (a compiler that says what ld says then):
#     exit 74, one line naming the build folder, no row of a variant; the same command afterwards
#     measures every variant.
#   vanished_binary: a variant removes its own binary when it runs (its batch-mates' binary, and
#     its rebuilt one in the confirmation round): the search goes on (exit 0), nothing is stored for
#     the runs that found no binary, and the same command again measures them.
set -euo pipefail
unset POLICYTUNE_BUILD_CACHE  # every build is compiled here, none copied from the tests' cache
policytune=$1
source_dir=$2
work=$3/$5
cxx=$4
case=$5
rm -rf "$work"
mkdir -p "$work"
db=$work/results.db
fail() { echo "machine_faults ($case): $*" >&2; cat "$work/log" >&2 2>/dev/null || true; exit 1; }
rows() { sqlite3 "$db" "SELECT variant || ' ' || status FROM measurements WHERE variant != 'base' ORDER BY variant;"; }
variants() { sqlite3 "$db" "SELECT COUNT(DISTINCT variant) FROM measurements WHERE variant != 'base' AND status = 'ok';"; }

case $case in
  full_disk)
    # While $work/full exists, every variant's link fails as ld's does on a full disk (a batch's
    # compile names its generated batch-N.cpp, a variant's defines TUNE_UNROLL); base builds.
    compiler=$work/c++
    cat >"$compiler" <<SCRIPT
#!/bin/sh
case "\$*" in
  *TUNE_UNROLL*|*batch-*)
    if [ -e "$work/full" ]; then
      echo "/usr/bin/ld: final link failed: No space left on device" >&2
      echo "collect2: error: ld returned 1 exit status" >&2
      exit 1
    fi;;
esac
exec "$cxx" "\$@"
SCRIPT
    chmod +x "$compiler"
    search() {
      "$policytune" search "$source_dir/tests/data/search/bench/tiny/sum.cpp" -a 'T{ct}=I32' --strategy exhaustive \
        --budget 3 --db "$db" --build-dir "$work/build" --cxx "$compiler" -j 1 --min-samples 3 --max-time 0.02 \
        >"$work/out" 2>"$work/log"
    }
    touch "$work/full"
    status=0
    search || status=$?
    [[ $status -eq 74 ]] || fail "a full disk exited $status, not 74"
    errors=$(grep -c '^policytune: error:' "$work/log" || true)
    [[ $errors -eq 1 ]] || fail "$errors error lines, not one"
    grep -Eq "^policytune: error: $work/build/.*: building .*: no space left on the device: free space and run the same command again$" \
      "$work/log" || fail "the error line does not name the build folder and the fault"
    [[ -z $(rows) ]] || fail "rows of variants were stored: $(rows)"
    rm "$work/full"  # space freed: the same command measures them
    search || fail "the same command after the fault exited $?"
    [[ $(variants) -eq 3 ]] || fail "after the fault $(variants) variants were measured, not 3: $(rows)"
    echo "full disk: exit 74, one error line, nothing stored; then 3 variants measured";;
  vanished_binary)
    search() {
      "$policytune" search "$source_dir/tests/data/faults/bench/faults/vanishing.cpp" --strategy exhaustive \
        --db "$db" --build-dir "$work/build" --cxx "$cxx" -j 1 --batch-size 4 --confirm 2 --confirm-rounds 2 \
        --min-samples 3 --max-time 0.02 >"$work/out" 2>"$work/log"
    }
    search || fail "the search whose variant removes its binary exited $?"
    grep -q "not measured: its binary .* vanished" "$work/log" || fail "no run was said to have found no binary"
    first=$(variants)
    [[ $first -lt 4 ]] || fail "all 4 variants were stored although their binary vanished"
    if sqlite3 "$db" "SELECT reason FROM measurements" | grep -qi "no such file\|vanished\|cannot run"; then
      fail "a run that found no binary was stored as the variant's failure"
    fi
    # The confirmation round ran x_1 again, which removed its binary once more: x_1 stays unconfirmed.
    [[ $(sqlite3 "$db" "SELECT COUNT(*) FROM measurements WHERE variant = 'x_1' AND confirmed_rounds > 0") -eq 0 ]] ||
      fail "x_1 was confirmed although its second round found no binary"
    search || fail "the same command again exited $?"
    [[ $(variants) -eq 4 ]] || fail "the same command again left $(variants) variants measured, not 4: $(rows)"
    echo "vanished binary: $first of 4 variants stored, the search went on; the same command again: 4";;
esac
