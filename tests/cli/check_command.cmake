# Runs one command and checks its exit code and output. Invoked with -P by the CLI tests:
#   -DCOMMAND=<program^^arg^^arg> -DEXPECT_EXIT=<code> [-DEXPECT_STDOUT=<regex>] [-DEXPECT_STDERR=<regex>]
#   [-DWORKING_DIRECTORY=<dir>]
# The command runs from an argument list, never through a shell.
string(REPLACE "^^" ";" COMMAND "${COMMAND}")
list(REMOVE_ITEM COMMAND "")
if(NOT DEFINED WORKING_DIRECTORY)
  set(WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
endif()
execute_process(
  COMMAND ${COMMAND}
  WORKING_DIRECTORY "${WORKING_DIRECTORY}"
  RESULT_VARIABLE exit_code
  OUTPUT_VARIABLE stdout
  ERROR_VARIABLE stderr)
message("exit ${exit_code}\n--- stdout\n${stdout}--- stderr\n${stderr}")
if(NOT "${exit_code}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit code ${EXPECT_EXIT}, got ${exit_code}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT stdout MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "stdout does not match: ${EXPECT_STDOUT}")
endif()
if(DEFINED EXPECT_STDERR AND NOT stderr MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "stderr does not match: ${EXPECT_STDERR}")
endif()
