# A hub rendered from results of CUB's own reduce/sum.cu, compiled with the CCCL release the
# benchmark is written for: results as CUB's search.py stores them (tests/data/cub_import) imported
# for the benchmark file of CCCL's tree TREE (../shared/cccl/<TREE>), `generate` given the shipped
# reduce templates of every format picks the one that release takes, and the hub compiles in
# tests/cuda/cub_results_hub.cu against CCCL_INCLUDE (empty: the toolkit's own CCCL).
#   -DPOLICYTUNE=tool -DSOURCE_DIR=checkout -DCUB_TREES=folder -DTREE=v3.0.1 -DRELEASE=3.0.1
#   -DCCCL_INCLUDE=folder|"" -DNVCC=nvcc -DWORK=folder
# Prints "skipped: ..." where CCCL's tree or the release's headers are not here (a user's clone).
set(benchmark "${CUB_TREES}/${TREE}/cub/benchmarks/bench/reduce/sum.cu")
if(NOT EXISTS "${benchmark}")
  message("skipped: ${benchmark} is not here (CCCL's benchmarks, ../shared/cccl beside the checkout)")
  return()
endif()
if(CCCL_INCLUDE AND NOT EXISTS "${CCCL_INCLUDE}/cub/version.cuh")
  message("skipped: no CCCL ${RELEASE} headers in ${CCCL_INCLUDE} (scripts/fetch-cccl-releases)")
  return()
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE result OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "error: ${command} failed (${result}):\n${out}${err}")
  endif()
  set(said "${out}${err}" PARENT_SCOPE)
endfunction()
run("${POLICYTUNE}" import cub "${SOURCE_DIR}/tests/data/cub_import/cccl_meta_bench.db" --db results.db
    --compute-capability 9.0 --cccl ${RELEASE} --source "${benchmark}")
run("${POLICYTUNE}" generate --db results.db --benchmark "${benchmark}" --archs 90 -o hub.cuh
    --template "${SOURCE_DIR}/templates/reduce.mustache" --template "${SOURCE_DIR}/templates/reduce_selector_3_4.mustache"
    --template "${SOURCE_DIR}/templates/reduce_selector.mustache")
if(NOT said MATCHES "rendering for CCCL ${RELEASE}, the release reduce.sum was measured with")
  message(FATAL_ERROR "error: generate did not take the release from the results:\n${said}")
endif()
file(READ "${WORK}/hub.cuh" hub)
if(RELEASE VERSION_LESS 3.4)
  set(format "::cub::ChainedPolicy<900")
else()
  set(format "operator\\(\\)\\(::cuda::compute_capability cc\\)")
endif()
if(NOT hub MATCHES "${format}" OR NOT hub MATCHES "ipt_16.tpb_512.ipv_2")
  message(FATAL_ERROR "error: the hub for CCCL ${RELEASE} is not in its format (${format}) with the measured winner:\n${hub}")
endif()
set(include_release "")
if(CCCL_INCLUDE)
  set(include_release "-I${CCCL_INCLUDE}")
endif()
run("${NVCC}" -std=c++20 -c --generate-code=arch=compute_90,code=sm_90 ${include_release}
    "-I${SOURCE_DIR}/policies" "-DHUB=\"${WORK}/hub.cuh\"" "${SOURCE_DIR}/tests/cuda/cub_results_hub.cu" -o hub.o)
message("the reduce hub rendered from CUB's ${TREE} reduce/sum.cu results compiles with CCCL ${RELEASE}")
