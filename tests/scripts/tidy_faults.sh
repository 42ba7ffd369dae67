#!/usr/bin/env bash
# scripts/tidy fails on what clang-tidy reports, on clang-tidy failing silently, and on a build
# folder without a compile database; passes when clang-tidy says nothing. A stand-in clang-tidy
# plays each part (the real one takes minutes; style.clang_tidy runs it).
# Usage: tidy_faults.sh <scripts/tidy>
set -euo pipefail
script=$1
root=$(cd "$(dirname "$script")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build"
printf '[{"directory": "%s", "command": "c++ -c %s", "file": "%s"}]\n' \
  "$work/build" "$root/generator/main.cpp" "$root/generator/main.cpp" > "$work/build/compile_commands.json"

stand_in() {  # stand_in <output> <exit status>
  printf '#!/bin/sh\necho "%s"\nexit %s\n' "$1" "$2" > "$work/clang-tidy"
  chmod +x "$work/clang-tidy"
}

expect() {  # expect <what> <exit status> <pattern> [build folder]
  local status=0 output
  output=$(CLANG_TIDY="$work/clang-tidy" "$script" "${4:-$work/build}" 2>&1) || status=$?
  if [ "$status" -ne "$2" ] || ! grep -q -- "$3" <<<"$output"; then
    echo "FAIL: $1: expected exit $2 and '$3', got exit $status:"; echo "$output"; exit 1
  fi
  echo "ok: $1"
}

stand_in "" 0
expect "clang-tidy says nothing" 0 "1 translation units of generator/ pass"
stand_in "$root/generator/main.cpp:3:1: warning: redundant string initialization [readability-redundant-string-init]" 1
expect "a warning" 1 "main.cpp:3:1: warning: redundant string initialization"
stand_in "Segmentation fault" 139
expect "a crash without a diagnostic" 1 "failed (xargs status"
expect "no compile database" 2 "no compile database" "$work/elsewhere"
printf '[]\n' > "$work/build/compile_commands.json"
expect "a database without generator/" 2 "lists no source of generator/"
