# PolicyTune_FORCE_TUNE is one-shot: the configure that turns it on measures again and says so, the
# next one finds it OFF and measures only what is missing; each search shows its progress during the
# configure. Invoked with -P:
#   -DSOURCE_DIR=<errors project> -DBINARY_DIR=<dir> -DPolicyTune_DIR=<package>
function(configure)
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G Ninja
                          -DPolicyTune_DIR=${PolicyTune_DIR} -DCASE=force_tune ${ARGN}
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("--- configure ${ARGN}\n${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "the configure failed (${result})")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${BINARY_DIR}")
configure()
if(NOT output MATCHES "searched: [1-9][0-9]* variants measured")
  message(FATAL_ERROR "the first configure measured nothing")
endif()
# The search showed its progress as it went, between what it was about to do and its summary: the
# workload's variant count, then a line per variant measured.
if(NOT output MATCHES "searching what [^\n]* lacks\n.*: searching [1-9][0-9]* variants\n.*\\[1/[1-9][0-9]*\\][^\n]* \\| [^\n]+: [^\n]+\n.*tune_algorithm\\(x\\): searched: ")
  message(FATAL_ERROR "the configure-time search did not show its progress (a line per variant) before its summary")
endif()
configure(-DPolicyTune_FORCE_TUNE=ON)
if(NOT output MATCHES "PolicyTune_FORCE_TUNE: measuring every variant again[^\n]*\n.*searched: [1-9][0-9]* variants measured, 0 found stored"
   OR NOT output MATCHES "it is OFF from the next configure on")
  message(FATAL_ERROR "PolicyTune_FORCE_TUNE=ON did not measure again, or did not say it goes back to OFF")
endif()
configure()
if(NOT output MATCHES "searched: 0 variants measured, [1-9][0-9]* found stored" OR output MATCHES "FORCE_TUNE")
  message(FATAL_ERROR "PolicyTune_FORCE_TUNE stayed on after the configure that used it")
endif()
