#!/usr/bin/env bash
# A benchmark copied into a folder whose name holds a line break, `#error`, `*/`, `/*` and a
# backslash, rendered with a template of such a name too: every such text reaches the header only as
# comment text, so the header has no `#error` line and compiles.
# Usage: hostile_names.sh POLICYTUNE SOURCE_DIR WORK_DIR CXX
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
cxx=$4

rm -rf "$work"
folder="$work/bench/evil"$'\n'"#error injected through a folder name */ /* \\"
mkdir -p "$folder"
cp "$source_dir/tests/data/search/bench/tiny/sum.cpp" "$folder/sum.cpp"
template="$work/tiny"$'\r\n'"#error injected through a template name \\"$'\n'".mustache"
cp "$source_dir/tests/downstream/tiny_sum.mustache" "$template"
"$policytune" generate --benchmark "$folder/sum.cpp" --template "$template" --mode base --namespace tiny_sum -o "$work/hub.hpp"

if grep -n '^[[:space:]]*#[[:space:]]*error' "$work/hub.hpp"; then
  echo "hostile_names: an #error line reached the header" >&2
  exit 1
fi
printf '#include "%s"\nstatic_assert(tiny_sum::sum_policy<int>::unroll == 1);\n' "$work/hub.hpp" >"$work/use.cpp"
"$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -Werror "$work/use.cpp"
echo "compiles, no #error line:"
head -3 "$work/hub.hpp"
