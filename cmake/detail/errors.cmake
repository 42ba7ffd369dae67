include_guard(GLOBAL)

# How tune_algorithm() fails the configure: quoting the call when the call is at fault, naming the
# benchmark's file and line when its search space is. The indented lines keep CMake from re-wrapping
# them, so that the call and the reason each stay on one line.

# policytune_detail_fail(CALL <call> REASON <reason>)
function(policytune_detail_fail)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;REASON" "")
  message(FATAL_ERROR "tune_algorithm() call is wrong:\n  ${arg_CALL}\n  ${arg_REASON}")
endfunction()

# policytune_detail_fail_space(NAME <name> PROBLEM <problem>): `policytune list` refused the benchmark.
function(policytune_detail_fail_space)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;PROBLEM" "")
  string(STRIP "${arg_PROBLEM}" problem)
  message(FATAL_ERROR "tune_algorithm(${arg_NAME}): the benchmark's search space is wrong:\n  ${problem}")
endfunction()

# policytune_detail_fail_templates(CALL <call> PROBLEM <problem>): rendering CUB's defaults with the
# call's templates, NAMESPACE, ARCHS and DISPATCH failed (checks.cmake): a template does not fit the
# benchmark or the CCCL release, or the tool refused a keyword's value, which is named by its keyword.
function(policytune_detail_fail_templates)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;PROBLEM" "")
  string(STRIP "${arg_PROBLEM}" problem)
  foreach(keyword IN ITEMS NAMESPACE ARCHS DISPATCH)
    string(TOLOWER "${keyword}" option)
    string(REGEX REPLACE "(^|: )--${option}([ :])" "\\1${keyword}\\2" problem "${problem}")
  endforeach()
  if(problem MATCHES "several templates fit")
    string(APPEND problem " (no CCCL release was found: call find_package(CCCL) first, or say FORMAT)")
  endif()
  policytune_detail_fail(CALL "${arg_CALL}" REASON "${problem}")
endfunction()
