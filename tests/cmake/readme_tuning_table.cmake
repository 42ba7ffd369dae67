# The table of measured tunings in docs/results/h100-tunings.md is what scripts/tuning-table prints
# from the committed databases and hubs: every row the script prints is on that page. Invoked with -P:
#   -DPYTHON=<python3> -DPOLICYTUNE=<tool> -DSOURCE_DIR=<repository>
execute_process(COMMAND "${PYTHON}" "${SOURCE_DIR}/scripts/tuning-table" "${POLICYTUNE}"
                RESULT_VARIABLE result OUTPUT_VARIABLE table ERROR_VARIABLE problem)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "scripts/tuning-table failed (${result}):\n${problem}")
endif()
set(page "docs/results/h100-tunings.md")
file(READ "${SOURCE_DIR}/${page}" readme)
string(REPLACE "\n" ";" lines "${table}")
set(rows 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^\\| ")  # the header and the rows
    math(EXPR rows "${rows} + 1")
    string(FIND "${readme}" "${line}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${page} lacks this row of scripts/tuning-table:\n${line}")
    endif()
  endif()
endforeach()
if(rows LESS 10)
  message(FATAL_ERROR "scripts/tuning-table printed ${rows} rows:\n${table}")
endif()
message(STATUS "${rows} rows of scripts/tuning-table are in ${page}")
