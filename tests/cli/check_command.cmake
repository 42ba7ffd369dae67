# Runs one command and checks its exit code and output. Invoked with -P by the CLI tests:
#   -DCOMMAND=<program^^arg^^arg> -DEXPECT_EXIT=<code> [-DEXPECT_STDOUT=<regex>] [-DEXPECT_STDERR=<regex>]
#   [-DWORKING_DIRECTORY=<dir>] [-DREMOVE_FIRST=<file the command writes, removed before it runs>]
# The command runs from an argument list, never through a shell.
string(REPLACE "^^" ";" COMMAND "${COMMAND}")
list(REMOVE_ITEM COMMAND "")
if(NOT DEFINED WORKING_DIRECTORY)
  set(WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
endif()
if(REMOVE_FIRST)
  cmake_path(ABSOLUTE_PATH REMOVE_FIRST BASE_DIRECTORY "${WORKING_DIRECTORY}")
  cmake_path(IS_PREFIX WORKING_DIRECTORY "${REMOVE_FIRST}" NORMALIZE inside_work)
  # Only a test's own file: never a device such as /dev/stdout, a folder or a link given on purpose.
  if(inside_work AND NOT IS_DIRECTORY "${REMOVE_FIRST}" AND NOT IS_SYMLINK "${REMOVE_FIRST}")
    file(REMOVE "${REMOVE_FIRST}")
  endif()
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
