# Configures and builds a project, builds it again and requires the second build to have nothing to
# do, then runs its tests; then, optionally, builds one more target and checks its output.
# Invoked with -P:
#   -DSOURCE_DIR=<project> -DBINARY_DIR=<dir> [-DOPTIONS=<-Dx=y^^-Dz=w>] [-DTHEN_BUILD=<target> -DTHEN_EXPECT=<regex>]
string(REPLACE "^^" ";" OPTIONS "${OPTIONS}")
include("${CMAKE_CURRENT_LIST_DIR}/run_step.cmake")

file(REMOVE_RECURSE "${BINARY_DIR}")
run(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G Ninja ${OPTIONS})
run(build "${CMAKE_COMMAND}" --build "${BINARY_DIR}")
run("second build" "${CMAKE_COMMAND}" --build "${BINARY_DIR}")
if(NOT output MATCHES "^ninja: no work to do\\.\n$")
  message(FATAL_ERROR "a second build with nothing changed did work")
endif()
run(tests "${CMAKE_CTEST_COMMAND}" --test-dir "${BINARY_DIR}" --output-on-failure)
if(DEFINED THEN_BUILD)
  run("build ${THEN_BUILD}" "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target "${THEN_BUILD}")
  if(NOT output MATCHES "${THEN_EXPECT}")
    message(FATAL_ERROR "building ${THEN_BUILD} did not print: ${THEN_EXPECT}")
  endif()
endif()
