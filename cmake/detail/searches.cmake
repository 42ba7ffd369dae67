include_guard(GLOBAL)

# The searches of a tune_algorithm() call: the `policytune search` command they share, and which of
# them the call adds: at configure (configure_search.cmake), at build (build_search.cmake), and
# again on demand (targets.cmake).

# policytune_detail_add_searches(NAME <name> WHEN <when> MODE <mode> CUDA <bool> [ARCHS <arch>...]
#     BENCHMARK <file> DATABASE <file> HEADER <header> TOOL <tool> [TOOL_AT_CONFIGURE <path>]
#     SEARCH_ARGS <quoted list> STAMPS_VAR <out> SEARCH_TARGET_VAR <out>)
# Returns the stamps the header depends on (the build's search, the retune) and the target of the
# build's search, empty for the other WHENs.
function(policytune_detail_add_searches)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;WHEN;MODE;CUDA;BENCHMARK;DATABASE;HEADER;TOOL;TOOL_AT_CONFIGURE;SEARCH_ARGS;STAMPS_VAR;SEARCH_TARGET_VAR"
                        "ARCHS")
  set(work_dir "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${arg_NAME}")
  policytune_detail_search_command(CUDA "${arg_CUDA}" BENCHMARK "${arg_BENCHMARK}" DATABASE "${arg_DATABASE}"
                                   WORK_DIR "${work_dir}" ARCHS ${arg_ARCHS} SEARCH_ARGS "${arg_SEARCH_ARGS}"
                                   COMMAND_VAR command)
  set(searched "")
  set(search_target "")
  if(arg_WHEN STREQUAL "CONFIGURE")
    policytune_detail_setting(NAME FORCE_TUNE VALUE_VAR force)
    policytune_detail_search_at_configure(NAME "${arg_NAME}" MODE "${arg_MODE}" FORCE "${force}" CUDA "${arg_CUDA}"
                                          ARCHS ${arg_ARCHS} DATABASE "${arg_DATABASE}" HEADER "${arg_HEADER}"
                                          TOOL "${arg_TOOL_AT_CONFIGURE}" COMMAND "${command}")
  elseif(arg_WHEN STREQUAL "BUILD")
    policytune_detail_search_at_build(NAME "${arg_NAME}" CUDA "${arg_CUDA}" ARCHS ${arg_ARCHS} BENCHMARK "${arg_BENCHMARK}"
                                      DATABASE "${arg_DATABASE}" WORK_DIR "${work_dir}" TOOL "${arg_TOOL}"
                                      COMMAND "${command}" STAMP_VAR searched)
    set(search_target policytune.tune.${arg_NAME})
  endif()
  policytune_detail_add_retune_target(NAME "${arg_NAME}" WORK_DIR "${work_dir}" TOOL "${arg_TOOL}" COMMAND "${command}"
                                      STAMP_VAR retuned)
  set(${arg_STAMPS_VAR} ${searched} "${retuned}" PARENT_SCOPE)
  set(${arg_SEARCH_TARGET_VAR} "${search_target}" PARENT_SCOPE)
endfunction()

# policytune_detail_search_command(CUDA <bool> BENCHMARK <file> DATABASE <file> WORK_DIR <dir>
#                                  [ARCHS <arch>...] [SEARCH_ARGS <quoted list>] COMMAND_VAR <out>)
# The `policytune search` arguments every search of a call runs with. SEARCH_ARGS is one value, the
# list quoted: the user's options could hold a word spelt like a keyword here.
function(policytune_detail_search_command)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CUDA;BENCHMARK;DATABASE;WORK_DIR;SEARCH_ARGS;COMMAND_VAR" "ARCHS")
  set(arguments search "${arg_BENCHMARK}" --db "${arg_DATABASE}" --build-dir "${arg_WORK_DIR}" ${arg_SEARCH_ARGS})
  if(arg_CUDA AND arg_ARCHS)
    policytune_detail_sm_numbers(ARCHS ${arg_ARCHS} NUMBERS_VAR sm_numbers)
    list(APPEND arguments --cuda-arch ${sm_numbers})
  endif()
  # The project's compiler launcher (ccache, sccache, distcc) serves the variant builds too.
  if(arg_CUDA)
    set(launcher "${CMAKE_CUDA_COMPILER_LAUNCHER}")
  else()
    set(launcher "${CMAKE_CXX_COMPILER_LAUNCHER}")
  endif()
  if(launcher)
    list(GET launcher 0 launcher)
    list(APPEND arguments --compiler-launcher "${launcher}")
  endif()
  set(${arg_COMMAND_VAR} "${arguments}" PARENT_SCOPE)
endfunction()
