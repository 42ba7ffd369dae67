# Renders the shipped policy hubs (policies/policytune/tuning/*.cuh) from the committed databases
# (policies/databases/<benchmark>.db); which hubs, policies/shipped_hubs.txt says. Three uses:
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

include("${CMAKE_CURRENT_LIST_DIR}/shipped_hubs.cmake")
policytune_read_shipped_hubs(shipped)
policytune_read_shipped_device(shipped_device)

set(stale "")
foreach(name IN LISTS shipped_HUBS)
  set(benchmark "${shipped_${name}_BENCHMARK}")
  set(template "${shipped_${name}_TEMPLATE}")
  # The benchmark's name, and its database's, by the tool's own rule.
  execute_process(COMMAND "${POLICYTUNE}" list --names "${source_dir}/${benchmark}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE benchmark_name ERROR_VARIABLE notes
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "policytune list --names failed for ${benchmark}:\n${notes}")
  endif()
  set(header "policytune/tuning/${name}.cuh")
  execute_process(
    COMMAND "${POLICYTUNE}" generate --db "${shipped_dir}/databases/${benchmark_name}.db"
            --benchmark "${source_dir}/${benchmark}" --template "${source_dir}/${template}"
            --namespace "policytune::tuning::${name}" --archs ${architectures} --mode ${MODE}
            --dispatch "Elements{io}" --prefer "${shipped_device}"
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
