# Renders the shipped policy hubs (policies/policytune/tuning/*.cuh) from the committed databases
# (policies/databases/<benchmark>.db). One list, three uses:
#
#   cmake -DPOLICYTUNE=<policytune> -P policies/regenerate.cmake                 rewrite policies/ in place
#   ... -DOUTPUT_DIR=<dir> -DCOMPARE=ON ...     render into <dir>, fail when policies/ differs (CTest)
#   ... -DOUTPUT_DIR=<dir> -DMODE=test ...      the benchmarks' %TEST% variants (selection tests)
#
# `cmake --build <build> --target policies` runs the first with the policytune just built.
cmake_minimum_required(VERSION 3.25)

if(NOT POLICYTUNE)
  message(FATAL_ERROR "regenerate.cmake: pass -DPOLICYTUNE=<path to the policytune executable>")
endif()
get_filename_component(source_dir "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(shipped_dir "${source_dir}/policies")
if(NOT OUTPUT_DIR)
  set(OUTPUT_DIR "${shipped_dir}")
endif()
if(NOT MODE)
  set(MODE tuned)
endif()
# The architectures downstream builds compile the hubs for; measured ones get a chain link.
set(architectures 80,90)

# hub name | benchmark source | template
set(shipped_hubs
  "reduce_sum|bench/reduce/sum.cu|templates/reduce.mustache"
  "reduce_sum_selector|bench/reduce/sum.cu|templates/reduce_selector.mustache"
  "scan_exclusive_sum|bench/scan/exclusive/sum.cu|templates/scan.mustache"
  "radix_sort_keys|bench/radix_sort/keys.cu|templates/radix_sort.mustache")

set(stale "")
foreach(hub IN LISTS shipped_hubs)
  string(REPLACE "|" ";" fields "${hub}")
  list(GET fields 0 name)
  list(GET fields 1 benchmark)
  list(GET fields 2 template)
  # bench/reduce/sum.cu -> reduce.sum, the benchmark's name and its database's.
  string(REGEX REPLACE "^bench/(.*)\\.cu$" "\\1" benchmark_name "${benchmark}")
  string(REPLACE "/" "." benchmark_name "${benchmark_name}")
  set(header "policytune/tuning/${name}.cuh")
  execute_process(
    COMMAND "${POLICYTUNE}" generate --db "${shipped_dir}/databases/${benchmark_name}.db"
            --benchmark "${source_dir}/${benchmark}" --template "${source_dir}/${template}"
            --namespace "policytune::tuning::${name}" --archs ${architectures} --mode ${MODE}
            --dispatch "Elements{io}"
            -o "${OUTPUT_DIR}/${header}"
    RESULT_VARIABLE result ERROR_VARIABLE notes)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "policytune generate failed for ${header}:\n${notes}")
  endif()
  if(COMPARE)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${shipped_dir}/${header}" "${OUTPUT_DIR}/${header}"
                    RESULT_VARIABLE differs)
    if(NOT differs EQUAL 0)
      list(APPEND stale "policies/${header}")
    endif()
  endif()
endforeach()

if(stale)
  list(JOIN stale "\n  " stale_lines)
  message(FATAL_ERROR "these committed hubs differ from what the committed databases render:\n  ${stale_lines}\n"
                      "Regenerate them with `cmake --build <build> --target policies` and commit the result.")
endif()
