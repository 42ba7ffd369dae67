# WHEN BUILD on a machine without a GPU of ARCHS (sm_35 and sm_37: no one has a Kepler any more):
# the build says so, compiles nothing, renders the header from the database, and looks again at the
# next build (no stamp written), as WHEN CONFIGURE does at each configure. Invoked with -P:
#   -DSOURCE_DIR=<errors project> -DBINARY_DIR=<dir> -DPolicyTune_DIR=<package>
include("${CMAKE_CURRENT_LIST_DIR}/run_step.cmake")

file(REMOVE_RECURSE "${BINARY_DIR}")
run(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G Ninja
    -DPolicyTune_DIR=${PolicyTune_DIR} -DCASE=build_without_gpu)
set(said "tune_algorithm\\(x\\): no GPU of sm_35, sm_37 present; rendering what [^\n]*no_gpu.db holds")
foreach(build IN ITEMS first second)
  run("${build} build" "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target policytune.generate.x)
  if(NOT output MATCHES "${said}")
    message(FATAL_ERROR "the ${build} build did not say that no GPU of the architectures is present")
  endif()
  if(output MATCHES "searched:|compiling")
    message(FATAL_ERROR "the ${build} build searched without a GPU")
  endif()
  if(NOT EXISTS "${BINARY_DIR}/policytune/x.cuh")
    message(FATAL_ERROR "the ${build} build rendered no header")
  endif()
  if(EXISTS "${BINARY_DIR}/policytune-build/x/searched.stamp")
    message(FATAL_ERROR "the ${build} build recorded a search that did not run")
  endif()
endforeach()

# Where the step does search (no ARCHS to look for), a failing search fails the step and leaves no
# stamp; a search that succeeds writes it.
get_filename_component(step "${CMAKE_CURRENT_LIST_DIR}/../../cmake/detail/search_at_build.cmake" ABSOLUTE)
set(stamp "${BINARY_DIR}/step.stamp")
function(search_step outcome)  # the step with `cmake -E <outcome>` as the search
  execute_process(COMMAND "${CMAKE_COMMAND}" -DNAME=y -DDATABASE=y.db -DARCHS= "-DSTAMP=${stamp}" -P "${step}" --
                          "${CMAKE_COMMAND}" -E ${outcome}
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  set(result "${result}" PARENT_SCOPE)
  set(output "${output}" PARENT_SCOPE)
endfunction()
search_step(false)
if(result EQUAL 0 OR NOT output MATCHES "tune_algorithm\\(y\\): the search failed" OR EXISTS "${stamp}")
  message(FATAL_ERROR "a failed search at build time passed, or wrote its stamp (${result}):\n${output}")
endif()
search_step(true)
if(NOT result EQUAL 0 OR NOT EXISTS "${stamp}")
  message(FATAL_ERROR "a search at build time that succeeded failed, or wrote no stamp (${result}):\n${output}")
endif()
