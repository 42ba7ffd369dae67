include_guard(GLOBAL)

# policytune_detail_check_custom_header(CALL <call> HEADER <header> SOURCE <check source>): compiles
# the check (bench/custom/check.cu.in, instantiated for the call) with the project's CUDA compiler,
# else nvcc (PolicyTune_NVCC, found on the PATH unless set); what fails it fails the configure in one
# line naming the header. Without a CUDA compiler the benchmark's build checks the same.
function(policytune_detail_check_custom_header)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;HEADER;SOURCE" "")
  set(compiler "${CMAKE_CUDA_COMPILER}")
  if(NOT compiler)
    find_program(PolicyTune_NVCC nvcc DOC "nvcc, which checks tune_algorithm(ALGORITHM) headers at configure time")
    policytune_detail_setting(NAME NVCC VALUE_VAR compiler)
  endif()
  if(NOT compiler)
    message(STATUS "tune_algorithm(): no CUDA compiler: ${arg_HEADER} is checked when the benchmark builds")
    return()
  endif()
  # The harness's include directory (policytune/custom_types.cuh), in the build tree or installed.
  get_target_property(harness_dirs PolicyTune::bench INTERFACE_INCLUDE_DIRECTORIES)
  string(REGEX REPLACE "\\$<BUILD_INTERFACE:([^>]*)>" "\\1" harness_dirs "${harness_dirs}")
  string(GENEX_STRIP "${harness_dirs}" harness_dirs)
  list(TRANSFORM harness_dirs PREPEND "-I")
  execute_process(COMMAND "${compiler}" -std=c++17 -x cu -c "${arg_SOURCE}" -o "${arg_SOURCE}.o" ${harness_dirs}
                  RESULT_VARIABLE compiled OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(compiled EQUAL 0)
    return()
  endif()
  # The first error says it: one of the check's own assertions, or what the compiler found first.
  if(output MATCHES "error: ([^\n]*)")
    set(problem "${CMAKE_MATCH_1}")
    if(problem MATCHES "policytune-check: ([^\"]*)")
      set(problem "${CMAKE_MATCH_1}")
    else()
      set(problem "does not compile with the call's TYPE, OPERATOR and INIT: ${problem}")
    endif()
  else()
    string(STRIP "${output}" problem)
    set(problem "does not compile with the call's TYPE, OPERATOR and INIT (${compiler} exit ${compiled}): ${problem}")
  endif()
  policytune_detail_fail(CALL "${arg_CALL}" REASON "HEADER ${arg_HEADER}: ${problem}")
endfunction()
