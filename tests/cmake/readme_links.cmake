# Fails when README.md, or any page under docs/, links to a file a plain clone lacks (such as
# ../shared/): the documentation must stand alone. A link in README.md is relative to the repository
# root, a link in docs/ to the page's own folder; anchors (#...) and URLs are not checked.
# Run with -DSOURCE_DIR=<repository root> and, to check the pages under docs/ as well, -DDOCS=ON.
# With -DSELF_TEST=<empty folder>, it writes a README and a page with broken links there and fails
# unless the check finds both.
cmake_minimum_required(VERSION 3.25)

if(SELF_TEST)
  file(REMOVE_RECURSE "${SELF_TEST}")
  file(MAKE_DIRECTORY "${SELF_TEST}/docs/guide")
  file(WRITE "${SELF_TEST}/README.md" "[design](../shared/DESIGN.md) [ok](docs/guide/page.md)\n")
  file(WRITE "${SELF_TEST}/docs/guide/page.md" "[ok](../../README.md) [gone](missing.md#part) [web](https://x.org/a.md) `writes<T>(n)`\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -DSOURCE_DIR=${SELF_TEST} -DDOCS=ON -P "${CMAKE_CURRENT_LIST_FILE}"
                  RESULT_VARIABLE result ERROR_VARIABLE output)
  if(result EQUAL 0 OR NOT output MATCHES "README.md: \\.\\./shared/DESIGN.md"
     OR NOT output MATCHES "docs/guide/page.md: missing.md" OR output MATCHES "x.org|README.md: docs/guide|: n\n")
    message(FATAL_ERROR "the link check missed a broken link or flagged a good one (exit ${result}):\n${output}")
  endif()
  message(STATUS "the link check finds both broken links and only those")
  return()
endif()

get_filename_component(root "${SOURCE_DIR}" ABSOLUTE)
set(pages "${root}/README.md")
if(DOCS)
  file(GLOB_RECURSE docs_pages LIST_DIRECTORIES false "${root}/docs/*.md")
  list(SORT docs_pages)
  list(APPEND pages ${docs_pages})
endif()

set(broken "")
set(checked 0)
foreach(page IN LISTS pages)
  file(READ "${page}" text)
  get_filename_component(folder "${page}" DIRECTORY)
  file(RELATIVE_PATH name "${root}" "${page}")
  # Square brackets and semicolons would confuse CMake's lists: take the link targets only. A closing
  # bracket becomes a marker of its own, so that C++ such as `writes<T>(n)` is not taken for a link.
  string(REPLACE ";" " " text "${text}")
  string(REPLACE "[" "@LB@" text "${text}")
  string(REPLACE "]" "@RB@" text "${text}")
  string(REGEX MATCHALL "@RB@\\(([^)# ]+)" links "${text}")
  foreach(link IN LISTS links)
    string(SUBSTRING "${link}" 5 -1 target)
    if(target MATCHES "^[a-z]+://" OR target MATCHES "^mailto:")
      continue()
    endif()
    math(EXPR checked "${checked} + 1")
    get_filename_component(resolved "${folder}/${target}" ABSOLUTE)
    string(FIND "${resolved}/" "${root}/" inside)
    if(NOT inside EQUAL 0 OR resolved STREQUAL root OR NOT EXISTS "${resolved}")
      list(APPEND broken "${name}: ${target}")
    endif()
  endforeach()
endforeach()
if(broken)
  list(JOIN broken "\n  " lines)
  message(FATAL_ERROR "links to files outside the clone or missing:\n  ${lines}")
endif()
list(LENGTH pages count)
message(STATUS "${checked} relative links in ${count} page(s) name files of the clone")
