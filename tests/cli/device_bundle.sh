#!/usr/bin/env bash
# The device bundle as a GPU machine without our libraries sees it: scripts/device-bundle packs the
# build's policytune.portable, the bundle is under 64 MiB, its policytune needs nothing beyond the C
# library, and it lists, replays and searches (the host transpose example, with the bundle's own
# harness) in an empty environment.
# Usage: device_bundle.sh SOURCE_DIR PORTABLE_TOOL WORK_DIR
set -euo pipefail
source_dir=$1
portable_tool=$2
work=$3
fail() { echo "device_bundle: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/run"
"$source_dir/scripts/device-bundle" --tool "$portable_tool" "$work/bundle"
bundle=$work/bundle
tool=$bundle/bin/policytune

size=$(du -sk "$bundle" | cut -f1)
[ "$size" -lt $((64 * 1024)) ] || fail "bundle is $size KiB, over 64 MiB"
for part in include/policytune/bench.hpp bench/reduce/sum.cu bench/copy/device_to_device.cu \
            templates/reduce.mustache policies/regenerate.cmake scripts/tune-policies scripts/cub-search-gpu; do
  [ -e "$bundle/$part" ] || fail "bundle lacks $part"
done

# Only the C library's parts: libc, libm, the loader and the kernel's vdso.
ldd "$tool" | while read -r line; do
  [[ $line =~ ^(linux-vdso\.so|libc\.so|libm\.so|/lib64/ld-linux|libpthread\.so|libdl\.so|librt\.so) ]] ||
    fail "links more than the C library: $line"
done

cd "$work/run"  # nothing of the checkout here; the bundle's paths only
expect() {  # expect PATTERN COMMAND...: runs COMMAND in an empty environment, its stdout must match
  local pattern=$1
  shift
  local output
  output=$(env -i "$@") || fail "exit $? from: $*"
  grep -Eq "$pattern" <<<"$output" || fail "no '$pattern' in the output of $*:
$output"
}
expect '`reduce.sum`: 1044 variants' "$tool" list "$bundle/bench/reduce/sum.cu"
expect '^budget 20: 0\.[0-9]+' "$tool" replay "$source_dir/tests/data/landscapes/RTX_3090__pnpoly.json.gz" \
  --budget 20 --repeats 3 --seed 1
env -i "$tool" search "$bundle/bench/transpose/blocked.cpp" -a 'T{ct}=F32' \
  --strategy random --budget 2 --seed 1 --db "$work/run/bundle.db" --build-dir "$work/run/build" ||
  fail "exit $? from the host search"
expect '^ +base +1\.000000' "$tool" analyze --top 2 --db "$work/run/bundle.db"
echo "device_bundle: $((size / 1024)) MiB, C library only, list/replay/search in env -i: ok"
