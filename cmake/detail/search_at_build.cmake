# cmake -DNAME=<name> -DDATABASE=<db> -DARCHS=<sm>,<sm> -DSTAMP=<file> -P search_at_build.cmake -- <tool> <argument>...
# WHEN BUILD's search of a CUDA benchmark (build_search.cmake): like WHEN CONFIGURE's, it runs only when
# a GPU of one of ARCHS is present, here decided when the build runs (a build may run on another
# machine than the configure). Without one it says so and leaves STAMP alone, so that the next build
# looks again, and the header is rendered from what the database holds: nothing is compiled that
# could not be measured.
foreach(policytune_detail_file IN ITEMS choices settings architectures)
  include("${CMAKE_CURRENT_LIST_DIR}/${policytune_detail_file}.cmake")
endforeach()

set(command "")
set(after_separator FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(index RANGE ${last})
  if(after_separator)
    list(APPEND command "${CMAKE_ARGV${index}}")
  elseif(CMAKE_ARGV${index} STREQUAL "--")
    set(after_separator TRUE)
  endif()
endforeach()
if(NOT command OR NOT DEFINED STAMP)
  message(FATAL_ERROR "search_at_build.cmake: usage: cmake -DNAME= -DDATABASE= -DARCHS= -DSTAMP= -P search_at_build.cmake -- <tool> <argument>...")
endif()

string(REPLACE "," ";" wanted "${ARCHS}")
if(wanted)
  policytune_detail_no_gpu_line(NAME "${NAME}" DATABASE "${DATABASE}" SM_NUMBERS ${wanted} LINE_VAR no_gpu)
  if(no_gpu)
    message(STATUS "${no_gpu}")
    return()
  endif()
endif()

execute_process(COMMAND ${command} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  # The tool has said what went wrong; the build stops here.
  message(FATAL_ERROR "tune_algorithm(${NAME}): the search failed (exit ${result})")
endif()
file(TOUCH "${STAMP}")
