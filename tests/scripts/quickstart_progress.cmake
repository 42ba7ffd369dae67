# scripts/quickstart as a new user runs it, its output captured: no slow step is silent. The tool's
# build shows ninja's lines and the search a line per variant, each after the line that says what
# the step does, in that order; no assertion on time. The build is this test suite's own build
# folder (POLICYTUNE_BUILD_DIR), built already, so that the test costs a short search, not a build.
# Invoked with -P: -DSOURCE_DIR=<checkout> -DBUILD_DIR=<configured build folder> -DWORK=<folder>
#                  -DSEARCH_ARGS=<search options joined by ^^>
string(REPLACE "^^" ";" search_args "${SEARCH_ARGS}")
file(REMOVE_RECURSE "${WORK}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=POLICYTUNE "POLICYTUNE_BUILD_DIR=${BUILD_DIR}" "WORK=${WORK}"
                        "${SOURCE_DIR}/scripts/quickstart" ${search_args}
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("--- stdout\n${out}\n--- stderr\n${err}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "scripts/quickstart failed (${result})")
endif()

# Each step's own line, then its progress, found in this order in what the quickstart wrote to stderr.
set(rest "${err}")
function(shown what pattern)
  string(REGEX MATCH "${pattern}" found "${rest}")
  if(NOT found)
    message(FATAL_ERROR "quickstart_progress: not shown in order: ${what} (/${pattern}/ after what came before)")
  endif()
  string(FIND "${rest}" "${found}" at)
  string(LENGTH "${found}" length)
  math(EXPR after "${at} + ${length}")
  string(SUBSTRING "${rest}" ${after} -1 rest)
  set(rest "${rest}" PARENT_SCOPE)
endfunction()
shown("the tool's build says what it builds" "policytune: building policytune in [^\n]*\n")
# ninja has no step to show where the tool is up to date.
shown("the build shows ninja's progress" "(\\[[0-9]+/[0-9]+\\] [^\n]*|ninja: no work to do\\.)\n")
shown("the build says where the tool is" "policytune: built [^\n]*/generator/policytune\n")
shown("the quickstart says how to run the tool by name" "quickstart: the tool is [^\n]* \\(put its folder on PATH")
shown("the search says what it searches" "quickstart: searching [^\n]*transpose/blocked.cpp[^\n]*\n")
shown("the search says how many variants it plans" ": searching [1-9][0-9]* variants\n")
shown("the search shows a line per variant" "\\[1/[1-9][0-9]*\\][^\n]* \\| [^\n]+: [^\n]+\n")
shown("and one for the next" "\\[2/[1-9][0-9]*\\][^\n]* \\| [^\n]+: [^\n]+\n")
