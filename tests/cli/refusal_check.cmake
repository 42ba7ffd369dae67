# What the refusal tests share (cli.refused.*, refused_unchanged.cmake; cli.refused_input.*,
# refused_input.cmake): runs COMMAND (a list) in WORK under a time limit (a hang fails the test),
# expects exit 2 and one error line matching EXPECT_STDERR, and the state the including script's
# refusal_state(<out>) describes the same after the command as before it.
function(expect_refusal timeout)
  refusal_state(before)
  execute_process(COMMAND "${POLICYTUNE}" ${COMMAND} WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE exit_code
                  OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT ${timeout})
  message("exit ${exit_code}\n--- stdout\n${stdout}--- stderr\n${stderr}")
  refusal_state(after)
  set(failures "")
  if(NOT exit_code STREQUAL "2")
    string(APPEND failures "expected exit code 2, got ${exit_code}\n")
  endif()
  if(NOT stderr MATCHES "${EXPECT_STDERR}")
    string(APPEND failures "stderr does not match: ${EXPECT_STDERR}\n")
  endif()
  if(NOT stderr MATCHES "^policytune: error: [^\n]*\n$")
    string(APPEND failures "stderr is not one error line\n")
  endif()
  if(NOT before STREQUAL after)
    string(APPEND failures "what the command must leave alone changed:\n--- before\n${before}--- after\n${after}")
  endif()
  if(failures)
    message(FATAL_ERROR "${failures}")
  endif()
endfunction()
