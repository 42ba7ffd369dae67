#!/usr/bin/env bash
# --build-cache as a user meets it: a second search in a fresh build folder and database copies
# what the first one built (the summary says how many binaries) and measures the same variants;
# POLICYTUNE_BUILD_CACHE names the folder too, and --build-cache '' turns it off.
# Usage: build_cache.sh POLICYTUNE SOURCE_DIR WORK_DIR
set -euo pipefail
unset POLICYTUNE_BUILD_CACHE  # this test's own folder, not the test run's
policytune=$1
source_dir=$2
work=$3

rm -rf "$work"
mkdir -p "$work"
fail() { echo "build_cache: $*" >&2; exit 1; }

search() {  # search NAME [OPTION...]: a fresh database and build folder; prints the summary
  "$policytune" search "$source_dir/tests/data/search/bench/tiny/sum.cpp" -a 'T{ct}=I32' --strategy exhaustive \
    --confirm 0 --min-samples 3 --max-time 0.02 -j 2 --db "$work/$1.db" --build-dir "$work/$1" "${@:2}" 2>"$work/$1.log" ||
    fail "search $1 failed: $(cat "$work/$1.log")"
}

first=$(search first --build-cache "$work/cache")
echo "$first"
[[ $first != *"from the build cache"* ]] || fail "the first search, into an empty cache, copied binaries: $first"
[ -n "$(ls "$work/cache")" ] || fail "the first search kept nothing in $work/cache"

second=$(search second --build-cache "$work/cache")
echo "$second"
# Base and the two batches of three variants (two jobs): all three copied.
[[ $second == *"(3 binaries from the build cache)"* ]] || fail "the second search did not copy base and both batches: $second"
[[ $first == "searched: 6 variants measured, 0 found stored, 0 failed"* && $second == "searched: 6 variants measured, 0 found stored, 0 failed"* ]] ||
  fail "the searches did not both measure the six variants"

from_environment=$(POLICYTUNE_BUILD_CACHE="$work/cache" search environment)
[[ $from_environment == *"(3 binaries from the build cache)"* ]] ||
  fail "POLICYTUNE_BUILD_CACHE did not name the cache: $from_environment"

turned_off=$(POLICYTUNE_BUILD_CACHE="$work/cache" search off --build-cache '')
[[ $turned_off != *"from the build cache"* ]] || fail "--build-cache '' did not turn the cache off: $turned_off"
echo "build_cache: copied in fresh folders, named by the variable, turned off by ''"
