include_guard(GLOBAL)

# The inputs of a tune_algorithm(ALGORITHM) call: PolicyTune's benchmark and template of the
# algorithm (bench/custom/<algorithm>.cu.in, templates/custom/<algorithm>.mustache.in) instantiated
# for the user's type and operator in the binary directory (policytune-custom/bench/<algorithm>/<name>.*),
# where the rest of tune_algorithm() takes them as it takes a BENCHMARK and a TEMPLATE.

# policytune_detail_custom_inputs(CALL <call> NAME <name> PARSED <prefix> BENCHMARK_VAR <out>
#                                 TEMPLATES_VAR <out> SEARCH_ARGS_VAR <out>)
# Checks the call, instantiates the benchmark and the template, and compiles the header's check
# (custom_header_check.cmake); the search's extra arguments come back too. The call's ALGORITHM,
# HEADER, TYPE, OPERATOR and INIT are read from the caller's cmake_parse_arguments variables
# (<prefix>_ALGORITHM, ...), by name: they are the user's words.
function(policytune_detail_custom_inputs)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;NAME;PARSED;BENCHMARK_VAR;TEMPLATES_VAR;SEARCH_ARGS_VAR" "")
  policytune_detail_custom_check_call(CALL "${arg_CALL}" PARSED "${arg_PARSED}")
  get_filename_component(header "${${arg_PARSED}_HEADER}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${header}" OR IS_DIRECTORY "${header}")
    policytune_detail_fail(CALL "${arg_CALL}" REASON "HEADER file ${header} does not exist")
  endif()
  # A new header (another operator, another verification) configures again.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${header}")

  set(directory "${CMAKE_CURRENT_BINARY_DIR}/policytune-custom/bench/${${arg_PARSED}_ALGORITHM}")
  policytune_detail_custom_instantiate(NAME "${arg_NAME}" PARSED "${arg_PARSED}" HEADER "${header}"
                                       DIRECTORY "${directory}")
  policytune_detail_check_custom_header(CALL "${arg_CALL}" HEADER "${header}" SOURCE "${directory}/${arg_NAME}.check.cu")

  set(${arg_BENCHMARK_VAR} "${directory}/${arg_NAME}.cu" PARENT_SCOPE)
  set(${arg_TEMPLATES_VAR} "${directory}/${arg_NAME}.mustache" PARENT_SCOPE)
  # The benchmark includes the header by its name, so that its text, and the results stored under
  # its hash, do not depend on where the project is checked out.
  get_filename_component(header_dir "${header}" DIRECTORY)
  set(${arg_SEARCH_ARGS_VAR} --include "${header_dir}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_check_call(CALL <call> PARSED <prefix>): ALGORITHM is a stock algorithm,
# with HEADER, TYPE and OPERATOR, INIT only where it takes one, and no BENCHMARK or TEMPLATE.
function(policytune_detail_custom_check_call)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;PARSED" "")
  set(algorithm "${${arg_PARSED}_ALGORITHM}")
  policytune_detail_custom_algorithms(NAMES_VAR algorithms)
  if(NOT algorithm IN_LIST algorithms)
    list(JOIN algorithms ", " known)
    policytune_detail_fail(CALL "${arg_CALL}" REASON "ALGORITHM must be one of ${known}, not '${algorithm}'")
  endif()
  if(${arg_PARSED}_BENCHMARK OR ${arg_PARSED}_TEMPLATE)
    policytune_detail_fail(CALL "${arg_CALL}" REASON "ALGORITHM ${algorithm} brings its own benchmark and template: drop BENCHMARK and TEMPLATE")
  endif()
  foreach(keyword IN ITEMS HEADER TYPE OPERATOR)
    if("${${arg_PARSED}_${keyword}}" STREQUAL "")
      policytune_detail_fail(CALL "${arg_CALL}" REASON "ALGORITHM ${algorithm} needs ${keyword}")
    endif()
  endforeach()
  policytune_detail_custom_algorithm(ALGORITHM "${algorithm}" PREFIX entry)
  if(NOT "${${arg_PARSED}_INIT}" STREQUAL "" AND NOT entry_TAKES_INIT)
    policytune_detail_fail(CALL "${arg_CALL}" REASON "ALGORITHM ${algorithm} has no initial value: drop INIT")
  endif()
endfunction()

# policytune_detail_custom_instantiate(NAME <name> PARSED <prefix> HEADER <absolute header>
#                                      DIRECTORY <dir>)
# Writes <name>.cu (the benchmark), <name>.mustache (the hub's template), <name>_selector.mustache
# where the algorithm has a selector, and <name>.check.cu (the header's check) into DIRECTORY, a
# folder of its own named bench/<algorithm>: the benchmark is named <algorithm>.<name>, as
# PolicyTune's own (bench/reduce/sum.cu is reduce.sum), wherever the binary directory is.
function(policytune_detail_custom_instantiate)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;PARSED;HEADER;DIRECTORY" "")
  set(algorithm "${${arg_PARSED}_ALGORITHM}")
  policytune_detail_custom_algorithm(ALGORITHM "${algorithm}" PREFIX entry)
  # The names the instantiated files spell (@POLICYTUNE_CUSTOM_*@).
  set(POLICYTUNE_CUSTOM_NAME "${arg_NAME}")
  set(POLICYTUNE_CUSTOM_ALGORITHM "${algorithm}")
  set(POLICYTUNE_CUSTOM_HEADER "${arg_HEADER}")
  get_filename_component(POLICYTUNE_CUSTOM_HEADER_NAME "${arg_HEADER}" NAME)
  file(SHA256 "${arg_HEADER}" POLICYTUNE_CUSTOM_HEADER_HASH)  # a changed header is a changed benchmark
  string(REGEX REPLACE "^::" "" POLICYTUNE_CUSTOM_TYPE "${${arg_PARSED}_TYPE}")
  string(REGEX REPLACE "^::" "" POLICYTUNE_CUSTOM_OPERATOR "${${arg_PARSED}_OPERATOR}")
  policytune_detail_custom_spelling(NAME "${POLICYTUNE_CUSTOM_TYPE}" SPELLING_VAR POLICYTUNE_CUSTOM_TYPE_SPELLING)
  set(POLICYTUNE_CUSTOM_INIT "${${arg_PARSED}_INIT}")
  policytune_detail_custom_label(TYPE "${${arg_PARSED}_TYPE}" LABEL_VAR POLICYTUNE_CUSTOM_LABEL)
  set(POLICYTUNE_CUSTOM_OPERATOR_KIND "${entry_OPERATOR_KIND}")
  set(POLICYTUNE_CUSTOM_OPERATOR_TEXT "${entry_OPERATOR_TEXT}")
  set(POLICYTUNE_CUSTOM_BENCHMARK "${algorithm}.${arg_NAME}")
  set(stem "${arg_DIRECTORY}/${arg_NAME}")
  configure_file("${PolicyTune_BENCHMARK_DIR}/custom/${algorithm}.cu.in" "${stem}.cu" @ONLY)
  configure_file("${PolicyTune_TEMPLATE_DIR}/custom/${algorithm}.mustache.in" "${stem}.mustache" @ONLY)
  policytune_detail_custom_selector_template(ALGORITHM "${algorithm}" SOURCE_VAR selector_source)
  if(selector_source)
    configure_file("${selector_source}" "${stem}_selector.mustache" @ONLY)
  endif()
  configure_file("${PolicyTune_BENCHMARK_DIR}/custom/check.cu.in" "${stem}.check.cu" @ONLY)
endfunction()
