# run(<what> <command>...): runs one step of a test script, prints its output under "--- <what>",
# stops the script if it fails, and leaves the output in `output` for the caller to check.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("--- ${what}\n${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result})")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()
