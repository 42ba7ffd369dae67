# The values tune_algorithm() accepts for FORMAT and PolicyTune_MODE, written once in
# cmake/detail/choices.cmake, are the ones `policytune generate --help` lists for --format and --mode
# (CLI11 prints "--format TEXT:{auto,chained_policy,...}"), in the same order. Invoked with -P:
#   -DPOLICYTUNE=<policytune> -DMODULE_DIR=<PolicyTune's cmake folder>
include("${MODULE_DIR}/detail/choices.cmake")
execute_process(COMMAND "${POLICYTUNE}" generate --help RESULT_VARIABLE result OUTPUT_VARIABLE help ERROR_VARIABLE help)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "policytune generate --help failed (${result}):\n${help}")
endif()
foreach(option IN ITEMS format mode)
  if(NOT help MATCHES "--${option} [A-Z]+:{([^}]*)}")
    message(FATAL_ERROR "policytune generate --help lists no choices for --${option}:\n${help}")
  endif()
  string(REPLACE "," ";" tool_values "${CMAKE_MATCH_1}")
  cmake_language(CALL policytune_detail_${option}s VALUES_VAR cmake_values)
  if(NOT cmake_values STREQUAL tool_values)
    message(FATAL_ERROR "--${option}: cmake/detail/choices.cmake says '${cmake_values}', policytune says '${tool_values}'")
  endif()
  message(STATUS "--${option}: ${cmake_values}")
endforeach()
