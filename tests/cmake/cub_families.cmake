# Selectors for CCCL 3.5's newer tunable families, rendered from results of CUB's own v3.4.2
# benchmarks: tests/data/cub_families/cccl_meta_bench.db (CUB's search.py format, one workload per
# benchmark) imported for each benchmark file of CCCL's tree, one selector header per family from
# templates/cub/, and one translation unit (tests/cuda/cub_families.cu) compiled against CCCL 3.5
# (PTX for compute_90 only: it calls every family's API through cuda::execution::tune) and run on
# the host, where it checks each selector's choice per architecture.
#   -DPOLICYTUNE=tool -DSOURCE_DIR=checkout -DCUB_TREES=folder -DCCCL_INCLUDE=3.5-headers
#   -DNVCC=nvcc -DWORK=folder
# Prints "skipped: ..." where CCCL's tree or 3.5's headers are not here (a user's clone).
set(bench "${CUB_TREES}/v3.4.2/cub/benchmarks/bench")
# family | CUB's benchmark file (the template is templates/cub/<family>_selector.mustache)
set(families
    "adjacent_difference|adjacent_difference/subtract_left.cu"
    "copy|copy/memcpy.cu"
    "merge|merge/keys.cu"
    "merge_sort|merge_sort/keys.cu"
    "segmented_scan|segmented_scan/sum.cu"
    "segmented_sort|segmented_sort/keys.cu"
    "transform|transform/babelstream.cu"
    "unique_by_key|select/unique_by_key.cu")
if(NOT EXISTS "${bench}/reduce/sum.cu")
  message("skipped: ${bench} is not here (CCCL's benchmarks, ../shared/cccl beside the checkout)")
  return()
endif()
if(NOT EXISTS "${CCCL_INCLUDE}/cub/version.cuh")
  message("skipped: no CCCL 3.5 headers in ${CCCL_INCLUDE} (scripts/fetch-cccl-releases)")
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

set(sources "")
foreach(family IN LISTS families)
  string(REPLACE "|" ";" family "${family}")
  list(GET family 1 file)
  list(APPEND sources --source "${bench}/${file}")
endforeach()
run("${POLICYTUNE}" import cub "${SOURCE_DIR}/tests/data/cub_families/cccl_meta_bench.db" --db results.db
    --compute-capability 9.0 --cccl 3.4.2 ${sources})

foreach(family IN LISTS families)
  string(REPLACE "|" ";" family "${family}")
  list(GET family 0 name)
  list(GET family 1 file)
  run("${POLICYTUNE}" generate --db results.db --benchmark "${bench}/${file}" --archs 90 --cccl 3.5.0
      --namespace policytune::cub_tuning::${name} -o ${name}.cuh
      --template "${SOURCE_DIR}/templates/cub/${name}_selector.mustache")
  file(READ "${WORK}/${name}.cuh" selector)
  # the winner of write_database.py (every one starts with a label of the file's first %RANGE% line)
  if(NOT selector MATCHES "operator\\(\\)\\(::cuda::compute_capability cc\\)" OR NOT selector MATCHES "score 1\\.2")
    message(FATAL_ERROR "error: the ${name} selector has no measured winner:\n${selector}")
  endif()
endforeach()

string(TIMESTAMP started "%s")
run("${NVCC}" -std=c++20 --gpu-architecture=compute_90 "-I${CCCL_INCLUDE}" "-I${SOURCE_DIR}/policies" "-I${WORK}"
    "${SOURCE_DIR}/tests/cuda/cub_families.cu" -o cub_families)
string(TIMESTAMP finished "%s")
math(EXPR seconds "${finished} - ${started}")
run("${WORK}/cub_families")
message("${said}(CCCL 3.5 consumer of the 8 families compiled in ${seconds} s)")
