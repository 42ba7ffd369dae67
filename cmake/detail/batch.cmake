include_guard(GLOBAL)

# WHEN CONFIGURE calls of a directory are checked and searched together at the end of the
# directory, by one `policytune batch` process: with everything stored, starting the tool costs
# more than what each command does, and a hundred calls would otherwise start it three hundred
# times. The results are reported call by call, in order, as if each had run on its own; what the
# searches measure is shown as they go (a line per variant), since a search may take minutes.

# policytune_detail_json_array(LIST <quoted list> JSON_VAR <out>): a JSON array of the strings of the
# list (whose elements hold no ';': CMake lists cannot). The list is escaped whole, which is several
# times faster than escaping element by element, and it shows.
function(policytune_detail_json_array)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "LIST;JSON_VAR" "")
  set(list "${arg_LIST}")
  string(REPLACE "\\" "\\\\" list "${list}")
  string(REPLACE "\"" "\\\"" list "${list}")
  string(REPLACE "\n" "\\n" list "${list}")
  string(REPLACE "\r" "\\r" list "${list}")
  string(REPLACE "\t" "\\t" list "${list}")
  string(REPLACE ";" "\",\"" list "${list}")
  set(${arg_JSON_VAR} "[\"${list}\"]" PARENT_SCOPE)
endfunction()

# policytune_detail_queue(KIND space|templates|search NAME <name> TOOL <policytune> [CALL <call>]
#                         [MESSAGE <status line>] [DATABASE <file> HEADER <header>] COMMAND <quoted list>)
# Queues one command of a call for this directory's batch, which runs when the directory ends.
# COMMAND is one value, the list quoted: it holds the user's search options.
function(policytune_detail_queue)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "KIND;NAME;TOOL;CALL;MESSAGE;DATABASE;HEADER;COMMAND" "")
  get_property(count DIRECTORY PROPERTY policytune_batch_count)
  if(NOT count)
    set(count 0)
    cmake_language(DEFER CALL policytune_detail_run_batch)
  endif()
  policytune_detail_json_array(LIST "${arg_COMMAND}" JSON_VAR command)
  set_property(DIRECTORY PROPERTY policytune_batch_tool "${arg_TOOL}")
  set_property(DIRECTORY PROPERTY policytune_batch_${count}_command "${command}")
  foreach(field IN ITEMS KIND NAME CALL MESSAGE DATABASE HEADER)
    set_property(DIRECTORY PROPERTY policytune_batch_${count}_${field} "${arg_${field}}")
  endforeach()
  if(arg_DATABASE AND NOT EXISTS "${arg_DATABASE}")
    set_property(DIRECTORY PROPERTY policytune_batch_${count}_NEW_DATABASE TRUE)
  endif()
  math(EXPR count "${count} + 1")
  set_property(DIRECTORY PROPERTY policytune_batch_count ${count})
endfunction()

# policytune_detail_run_batch(): runs this directory's queue in one process and reports each command
# as its call would have. Called deferred, when the directory ends.
function(policytune_detail_run_batch)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "" "")
  list(APPEND CMAKE_MESSAGE_CONTEXT "policytune.tune_algorithm")  # deferred: the calls' own messages
  get_property(count DIRECTORY PROPERTY policytune_batch_count)
  get_property(tool DIRECTORY PROPERTY policytune_batch_tool)
  set_property(DIRECTORY PROPERTY policytune_batch_count 0)
  set(commands "")
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    get_property(command DIRECTORY PROPERTY policytune_batch_${i}_command)
    list(APPEND commands "${command}")
    # What each search is about to do, said before its progress lines rather than after.
    get_property(kind DIRECTORY PROPERTY policytune_batch_${i}_KIND)
    if(kind STREQUAL "search")
      get_property(status DIRECTORY PROPERTY policytune_batch_${i}_MESSAGE)
      message(STATUS "${status}")
    endif()
  endforeach()
  list(JOIN commands ",\n" commands)
  set(batch_file "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/configure-batch.json")
  file(WRITE "${batch_file}" "[${commands}]\n")
  # The searches' progress reaches the terminal as it is written (ECHO_ERROR_VARIABLE); the checks'
  # errors stay in their results, which are reported below naming the call.
  execute_process(COMMAND "${tool}" batch --show-search-progress "${batch_file}" RESULT_VARIABLE result
                  OUTPUT_VARIABLE results ERROR_VARIABLE problem ECHO_ERROR_VARIABLE)
  if(NOT result EQUAL 0)
    string(STRIP "${problem}" problem)
    message(FATAL_ERROR "PolicyTune: the tune_algorithm() commands of ${CMAKE_CURRENT_SOURCE_DIR} did not run:\n  ${problem}")
  endif()
  # One JSON line per command, free of list separators (policytune batch escapes them), each
  # parsed alone: parsing the whole output once per field costs seconds for a hundred calls.
  string(STRIP "${results}" results)
  string(REPLACE "\n" ";" results "${results}")
  # Fewer lines than commands: the batch stopped at a failure, which is reported and ends the configure.
  set(i 0)
  foreach(line IN LISTS results)  # one pass: list(GET) would split the whole output every time
    string(JSON exit_code GET "${line}" exit_code)
    string(JSON out GET "${line}" stdout)
    string(JSON err GET "${line}" stderr)
    policytune_detail_report_batched(INDEX ${i} EXIT_CODE ${exit_code} STDOUT "${out}" STDERR "${err}")
    math(EXPR i "${i} + 1")
  endforeach()
endfunction()

# policytune_detail_report_batched(INDEX <i> EXIT_CODE <code> STDOUT <text> STDERR <text>): what the
# i-th queued command's call says about its outcome; a failure ends the configure.
function(policytune_detail_report_batched)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "INDEX;EXIT_CODE;STDOUT;STDERR" "")
  foreach(field IN ITEMS KIND NAME CALL MESSAGE DATABASE HEADER NEW_DATABASE)
    get_property(${field} DIRECTORY PROPERTY policytune_batch_${arg_INDEX}_${field})
  endforeach()
  set(exit_code "${arg_EXIT_CODE}")
  string(STRIP "${arg_STDOUT}" out)
  string(STRIP "${arg_STDERR}" err)
  if(KIND STREQUAL "space" AND NOT exit_code EQUAL 0)
    policytune_detail_fail_space(NAME "${NAME}" PROBLEM "${err}")
  elseif(KIND STREQUAL "templates" AND NOT exit_code EQUAL 0)
    policytune_detail_fail_templates(CALL "${CALL}" PROBLEM "${err}")
  elseif(KIND STREQUAL "search")
    if(NOT exit_code EQUAL 0)  # what it said was shown as it ran
      message(FATAL_ERROR "tune_algorithm(${NAME}): the search failed (exit ${exit_code}); its output is above")
    endif()
    message(STATUS "tune_algorithm(${NAME}): ${out}")
    # The header depends on the database once it exists: this search may have created it.
    if(NEW_DATABASE AND EXISTS "${DATABASE}")
      add_custom_command(OUTPUT "${HEADER}" APPEND DEPENDS "${DATABASE}")
    endif()
  endif()
endfunction()
