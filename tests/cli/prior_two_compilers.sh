#!/usr/bin/env bash
# `search --prior auto` on host benchmarks measured under two identities: the same CPU with two
# compilers (GCC, then Clang) is two measurement setups. The second search, given a budget smaller
# than the space, starts from what the first one found best: its first proposals are the first
# search's two best variants, whichever they were on this machine. Compiles go through a compiler
# that records its command lines, so the test reads what was built, never a time.
# Usage: prior_two_compilers.sh POLICYTUNE SOURCE_DIR WORK_DIR GXX CLANGXX
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
gxx=$4
clangxx=$5

rm -rf "$work"
mkdir -p "$work"
benchmark="$source_dir/tests/data/search/bench/spread/sum.cpp"
fail() { echo "prior_two_compilers: $*" >&2; exit 1; }

search() {  # search DB BUILD_DIR COMPILER [OPTION...]
  "$policytune" search "$benchmark" --db "$1" --build-dir "$2" --cxx "$3" --batch-size 1 --confirm 0 --min-samples 3 \
    --max-time 0.02 "${@:4}"
}

# GCC measures the whole space (6 variants).
search "$work/results.db" "$work/gcc" "$gxx" --strategy exhaustive 2>"$work/gcc.log" >/dev/null ||
  fail "the GCC search failed: $(cat "$work/gcc.log")"
# Its ranking, as analyze prints it: variant rows best first, base among them.
mapfile -t ranked < <("$policytune" analyze --top 10 --db "$work/results.db" | awk '$1 ~ /^repeat_[0-9]+$/ { print $1 }')
[[ ${#ranked[@]} -eq 6 ]] || fail "analyze listed ${#ranked[@]} of GCC's 6 variants: ${ranked[*]}"
echo "GCC's ranking: ${ranked[*]}"

# Clang, recorded, with a budget of 2 and the default strategy and prior (auto).
log="$work/clang-compiles.log"
: >"$log"
compiler="$work/recording-clang++"
printf '#!/bin/sh\nprintf "%%s\\n" "$*" >>"%s"\nexec "%s" "$@"\n' "$log" "$clangxx" >"$compiler"
chmod +x "$compiler"
search "$work/results.db" "$work/clang" "$compiler" --budget 2 2>"$work/clang.log" >/dev/null ||
  fail "the Clang search failed: $(cat "$work/clang.log")"
cat "$work/clang.log"
grep -q "strategy prior_witnesses" "$work/clang.log" || fail "auto did not pick prior_witnesses"
grep -q "guided by what 1 other device(s) or build(s) found" "$work/clang.log" ||
  fail "the GCC results did not guide the Clang search"
built=$(grep -o -- '-DTUNE_REPEAT=[0-9]*' "$log" | sed 's/-DTUNE_REPEAT=/repeat_/' | sort | tr '\n' ' ')
wanted=$(printf '%s\n' "${ranked[0]}" "${ranked[1]}" | sort | tr '\n' ' ')
echo "Clang built: $built"
[[ $built == "$wanted" ]] || fail "Clang built '$built', not GCC's two best '$wanted'"
# Both setups are in the database, apart: GCC's 6 variants and Clang's 2, each with its base.
rows=$("$policytune" analyze --top 10 --db "$work/results.db" | grep -c '^ *repeat_[0-9]' || true)
[[ $rows -eq 8 ]] || fail "analyze lists $rows variant rows, not GCC's 6 and Clang's 2"

echo "prior_two_compilers: Clang's search started from GCC's best"
