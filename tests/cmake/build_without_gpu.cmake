# WHEN BUILD on a machine without a GPU of ARCHS (sm_35 and sm_37: no one has a Kepler any more):
# the build says so, compiles nothing, renders the header from the database, and looks again at the
# next build (no stamp written), as WHEN CONFIGURE does at each configure. Invoked with -P:
#   -DSOURCE_DIR=<errors project> -DBINARY_DIR=<dir> -DPolicyTune_DIR=<package>
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("--- ${what}\n${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "the ${what} failed (${result})")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

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
