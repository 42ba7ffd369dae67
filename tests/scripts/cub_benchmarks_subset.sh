#!/usr/bin/env bash
# CI's bounded part of scripts/cub-benchmarks: a few files of a CCCL tree, base and one variant each,
# compile-only. Prints "skipped: ..." where the tree (../shared/cccl) or its release's headers
# are not here.
# Usage: cub_benchmarks_subset.sh CHECKOUT POLICYTUNE TREE CCCL_INCLUDE|"" WORK FILE...
set -euo pipefail
checkout=$1 policytune=$2 tree=$3 include=$4 work=$5
shift 5
if [[ ! -d $tree/cub/benchmarks/bench ]]; then
  echo "skipped: $tree is not here (CCCL's benchmarks, ../shared/cccl beside the checkout)"
  exit 0
fi
if [[ -n $include && ! -f $include/cub/version.cuh ]]; then
  echo "skipped: no CCCL headers in $include (scripts/fetch-cccl-releases)"
  exit 0
fi
CCCL_INCLUDE=$include POLICYTUNE=$policytune WORK=$work VARIANTS=1 "$checkout/scripts/cub-benchmarks" "$tree" "$@"
