include_guard(GLOBAL)

# policytune_detail_search_at_build(NAME <name> CUDA <bool> [ARCHS <arch>...] BENCHMARK <file>
#                                   DATABASE <file> WORK_DIR <dir> TOOL <tool> COMMAND <quoted list>
#                                   STAMP_VAR <out>)
# WHEN BUILD: target policytune.tune.<name> (old name tune.<name>) searches what the database lacks,
# once per change of the benchmark, of the search's options or of the tool; for CUDA only when a GPU
# of one of the architectures is present when the build runs (search_at_build.cmake). A stamp (not
# the database, which may live in the source tree, where a `clean` must never delete it) records that
# the search ran; it is returned for the header to depend on.
function(policytune_detail_search_at_build)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;CUDA;BENCHMARK;DATABASE;WORK_DIR;TOOL;COMMAND;STAMP_VAR" "ARCHS")
  set(searched "${arg_WORK_DIR}/searched.stamp")
  # The options as a file that changes only when they do, so that every generator (not only
  # Ninja, which tracks command lines) searches again after a change of SEARCH_ARGS.
  string(REPLACE ";" "\n" options "${arg_COMMAND}")
  file(CONFIGURE OUTPUT "${arg_WORK_DIR}/search.options" CONTENT "${options}\n" @ONLY)
  if(arg_CUDA AND arg_ARCHS)
    policytune_detail_sm_numbers(ARCHS ${arg_ARCHS} NUMBERS_VAR sm_numbers)
    list(JOIN sm_numbers "," sm_numbers)
    set(commands COMMAND "${CMAKE_COMMAND}" "-DNAME=${arg_NAME}" "-DDATABASE=${arg_DATABASE}" "-DARCHS=${sm_numbers}"
                         "-DSTAMP=${searched}" -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/search_at_build.cmake"
                         -- ${arg_TOOL} ${arg_COMMAND})
  else()
    set(commands COMMAND ${arg_TOOL} ${arg_COMMAND} COMMAND "${CMAKE_COMMAND}" -E touch "${searched}")
  endif()
  add_custom_command(OUTPUT "${searched}" ${commands}
                     DEPENDS "${arg_BENCHMARK}" "${arg_WORK_DIR}/search.options" PolicyTune::policytune
                     USES_TERMINAL COMMENT "PolicyTune: searching ${arg_NAME}" VERBATIM)
  add_custom_target(policytune.tune.${arg_NAME} DEPENDS "${searched}")
  policytune_detail_old_target_name(OLD tune.${arg_NAME} NEW policytune.tune.${arg_NAME})
  set(${arg_STAMP_VAR} "${searched}" PARENT_SCOPE)
endfunction()
