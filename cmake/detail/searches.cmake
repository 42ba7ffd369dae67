include_guard(GLOBAL)

# policytune_detail_search_arguments(<out> <cuda> <benchmark> <database> <work dir> <archs>
#                                    [<search arg>...]): the `policytune search` command line.
function(policytune_detail_search_arguments out cuda benchmark database work_dir archs)
  set(arguments search "${benchmark}" --db "${database}" --build-dir "${work_dir}" ${ARGN})
  if(cuda AND archs)
    policytune_detail_sm_numbers(sm_numbers ${archs})
    list(APPEND arguments --cuda-arch ${sm_numbers})
  endif()
  # The project's compiler launcher (ccache, sccache, distcc) serves the variant builds too.
  if(cuda)
    set(launcher "${CMAKE_CUDA_COMPILER_LAUNCHER}")
  else()
    set(launcher "${CMAKE_CXX_COMPILER_LAUNCHER}")
  endif()
  if(launcher)
    list(GET launcher 0 launcher)
    list(APPEND arguments --compiler-launcher "${launcher}")
  endif()
  set(${out} "${arguments}" PARENT_SCOPE)
endfunction()

# policytune_detail_search_at_configure(<name> <mode> <cuda> <archs> <database> <header> <tool>
#                                       <search argument>...)
# WHEN CONFIGURE: searches what the database lacks (policytune search measures only what is
# missing), in POLICYTUNE_MODE tuned only, and for CUDA only when a GPU of one of the architectures
# is present. Queued for this directory's batch (batch.cmake), which reports it; `header` gains the
# database as a dependency if the search creates it.
function(policytune_detail_search_at_configure name mode cuda archs database header tool)
  set(command ${ARGN})  # the tool's arguments
  if(NOT mode STREQUAL "tuned")
    message(STATUS "tune_algorithm(${name}): POLICYTUNE_MODE=${mode}, no search")
    return()
  endif()
  if(cuda)
    policytune_detail_sm_numbers(wanted ${archs})
    policytune_detail_no_gpu_line(no_gpu "${name}" "${database}" ${wanted})
    if(no_gpu)
      message(STATUS "${no_gpu}")
      return()
    endif()
  endif()
  if(POLICYTUNE_FORCE_TUNE)  # the package's one-shot cache option
    set(status "tune_algorithm(${name}): POLICYTUNE_FORCE_TUNE: measuring every variant again into ${database}")
    list(APPEND command --force)
    policytune_detail_reset_force_tune_after_configure()
  else()
    set(status "tune_algorithm(${name}): searching what ${database} lacks")
  endif()
  policytune_detail_queue(KIND search NAME "${name}" TOOL "${tool}" MESSAGE "${status}" DATABASE "${database}"
                          HEADER "${header}" COMMAND ${command})
endfunction()

# POLICYTUNE_FORCE_TUNE is one-shot: it serves every tune_algorithm() of this configure, then goes
# back to OFF so that the next configure does not measure everything again.
function(policytune_detail_reset_force_tune_after_configure)
  get_property(scheduled GLOBAL PROPERTY policytune_force_tune_reset)
  if(NOT scheduled)
    set_property(GLOBAL PROPERTY policytune_force_tune_reset TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL
                   set_property CACHE POLICYTUNE_FORCE_TUNE PROPERTY VALUE OFF)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL
                   message STATUS "PolicyTune: POLICYTUNE_FORCE_TUNE measured again; it is OFF from the next configure on")
  endif()
endfunction()

# policytune_detail_search_at_build(<stamp out> <name> <cuda> <archs> <benchmark> <database> <work dir> <tool>
#                                   <search argument>...)
# WHEN BUILD: target policytune.tune.<name> (old name tune.<name>) searches what the database lacks,
# once per change of the benchmark, of the search's options or of the tool; for CUDA only when a GPU
# of one of the architectures is present when the build runs (search_at_build.cmake). A stamp (not
# the database, which may live in the source tree, where a `clean` must never delete it) records that
# the search ran; it is returned for the header to depend on.
function(policytune_detail_search_at_build stamp_out name cuda archs benchmark database work_dir tool)
  set(searched "${work_dir}/searched.stamp")
  # The options as a file that changes only when they do, so that every generator (not only
  # Ninja, which tracks command lines) searches again after a change of SEARCH_ARGS.
  string(REPLACE ";" "\n" options "${ARGN}")
  file(CONFIGURE OUTPUT "${work_dir}/search.options" CONTENT "${options}\n" @ONLY)
  if(cuda AND archs)
    policytune_detail_sm_numbers(sm_numbers ${archs})
    list(JOIN sm_numbers "," sm_numbers)
    set(commands COMMAND "${CMAKE_COMMAND}" "-DNAME=${name}" "-DDATABASE=${database}" "-DARCHS=${sm_numbers}"
                         "-DSTAMP=${searched}" -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/search_at_build.cmake"
                         -- ${tool} ${ARGN})
  else()
    set(commands COMMAND ${tool} ${ARGN} COMMAND "${CMAKE_COMMAND}" -E touch "${searched}")
  endif()
  add_custom_command(OUTPUT "${searched}" ${commands}
                     DEPENDS "${benchmark}" "${work_dir}/search.options" PolicyTune::policytune
                     USES_TERMINAL COMMENT "PolicyTune: searching ${name}" VERBATIM)
  add_custom_target(policytune.tune.${name} DEPENDS "${searched}")
  policytune_detail_old_target_name(tune.${name} policytune.tune.${name})
  set(${stamp_out} "${searched}" PARENT_SCOPE)
endfunction()
