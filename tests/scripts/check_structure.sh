#!/usr/bin/env bash
# scripts/check-structure finds each fault injected into a copy of a small stage tree, and passes
# the tree without them. Usage: check_structure.sh <python3> <scripts/check-structure>
set -euo pipefail
python=$1
script=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tree() {  # a clean tree: core < run, with the order in CMakeLists.txt and ARCHITECTURE.md
  rm -rf "$work/repo"
  mkdir -p "$work/repo/generator/core" "$work/repo/generator/run" "$work/repo/docs"
  printf '#pragma once\nint answer();\n' > "$work/repo/generator/core/answer.hpp"
  printf '#include "core/answer.hpp"\nint answer() { return 42; }\n' > "$work/repo/generator/core/answer.cpp"
  printf '#pragma once\n#include "core/answer.hpp"\n' > "$work/repo/generator/run/process.hpp"
  printf '#include "run/process.hpp"\nint main() { return answer(); }\n' > "$work/repo/generator/main.cpp"
  stages="core protocol space store kernel_tuner cub_results run select search render check report commands"
  printf 'foreach(stage IN ITEMS %s)\nendforeach()\n' "$stages" > "$work/repo/generator/CMakeLists.txt"
  printf 'Stage order: %s\n' "$(echo "$stages" | sed 's/\([a-z_]*\)/`\1`/g; s/` `/` < `/g')" > "$work/repo/docs/ARCHITECTURE.md"
}

expect() {  # expect <what> <pattern>: the script fails and says <pattern>
  if output=$("$python" "$script" "$work/repo/generator" 2>&1); then
    echo "FAIL: $1: check-structure passed"; exit 1
  fi
  if ! grep -q -- "$2" <<<"$output"; then
    echo "FAIL: $1: expected '$2' in:"; echo "$output"; exit 1
  fi
  echo "ok: $1"
}

tree
"$python" "$script" "$work/repo/generator" >/dev/null || { echo "FAIL: the clean tree does not pass"; exit 1; }
echo "ok: a clean tree passes"

tree; printf '#include "run/process.hpp"\n' >> "$work/repo/generator/core/answer.cpp"
expect "an earlier stage includes a later one" "stage 'core' includes run/process of the later stage 'run'"

tree; printf '#include "../core/answer.hpp"\n' >> "$work/repo/generator/run/process.hpp"
expect "an include with .." "include with '..'"

tree; printf '#include "answer.hpp"\n' >> "$work/repo/generator/core/answer.cpp"
expect "an include relative to its folder" "include relative to its folder"

tree; printf 'int stray();\n' > "$work/repo/generator/stray.hpp"
expect "a file outside the stage folders" "stray: outside the stage folders"

tree; mkdir "$work/repo/generator/misc"; printf 'int x();\n' > "$work/repo/generator/misc/x.hpp"
expect "a folder that is not a stage" "'misc/', which is not a stage"

tree; sed -i 's/core protocol/protocol core/' "$work/repo/generator/CMakeLists.txt"
expect "CMakeLists.txt in another order" "CMakeLists.txt: the stages' foreach must list"

tree; sed -i 's/`core` < `protocol`/`protocol` < `core`/' "$work/repo/docs/ARCHITECTURE.md"
expect "ARCHITECTURE.md in another order" "ARCHITECTURE.md: its 'Stage order:' line must read"

tree; printf '#include "run/process.hpp"\n' >> "$work/repo/generator/core/answer.hpp"
printf '#pragma once\n#include "core/answer.hpp"\n' > "$work/repo/generator/core/loop.hpp"
printf '#include "core/loop.hpp"\n' >> "$work/repo/generator/core/answer.hpp"
printf '#include "core/answer.hpp"\n' >> "$work/repo/generator/core/loop.hpp"
expect "an include cycle" "include cycle: core/answer -> core/loop"

tree; { printf 'int long_one() {\n'; for i in $(seq 90); do printf '  int a%d = %d;\n' "$i" "$i"; done; printf '  return 0;\n}\n'; } >> "$work/repo/generator/core/answer.cpp"
expect "a function over 80 lines" "function of 93 lines"

# With tests/generator beside generator/, every module but main needs its test file there.
tree; mkdir -p "$work/repo/tests/generator/core" "$work/repo/tests/generator/run"
printf 'TEST_CASE("answer") {}\n' > "$work/repo/tests/generator/core/answer.test.cpp"
printf 'TEST_CASE("process") {}\n' > "$work/repo/tests/generator/run/process.test.cpp"
"$python" "$script" "$work/repo/generator" >/dev/null || { echo "FAIL: a tree with a test file per module does not pass"; exit 1; }
echo "ok: a tree with a test file per module passes"
rm "$work/repo/tests/generator/core/answer.test.cpp"
expect "a module without its test file" "core/answer: no test file .*tests/generator/core/answer.test.cpp"
