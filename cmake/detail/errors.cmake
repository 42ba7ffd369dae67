include_guard(GLOBAL)

# How tune_algorithm() fails the configure: quoting the call when the call is at fault, naming the
# benchmark's file and line when its search space is. The indented lines keep CMake from re-wrapping
# them, so that the call and the reason each stay on one line.

# policytune_detail_fail(<call> <reason>)
function(policytune_detail_fail call reason)
  message(FATAL_ERROR "tune_algorithm() call is wrong:\n  ${call}\n  ${reason}")
endfunction()

# policytune_detail_fail_space(<name> <problem>): `policytune list` refused the benchmark.
function(policytune_detail_fail_space name problem)
  string(STRIP "${problem}" problem)
  message(FATAL_ERROR "tune_algorithm(${name}): the benchmark's search space is wrong:\n  ${problem}")
endfunction()

# policytune_detail_fail_templates(<call> <problem>): rendering CUB's defaults with the call's
# templates, NAMESPACE, ARCHS and DISPATCH failed (checks.cmake): a template does not fit the
# benchmark or the CCCL release, or the tool refused a keyword's value, which is named by its keyword.
function(policytune_detail_fail_templates call problem)
  string(STRIP "${problem}" problem)
  foreach(keyword IN ITEMS NAMESPACE ARCHS DISPATCH)
    string(TOLOWER "${keyword}" option)
    string(REGEX REPLACE "(^|: )--${option}([ :])" "\\1${keyword}\\2" problem "${problem}")
  endforeach()
  if(problem MATCHES "several templates fit")
    string(APPEND problem " (no CCCL release was found: call find_package(CCCL) first, or say FORMAT)")
  endif()
  policytune_detail_fail("${call}" "${problem}")
endfunction()
