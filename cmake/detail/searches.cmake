include_guard(GLOBAL)

# CMake spells architectures 90, 90a, 90-real, native: the SM numbers are what PolicyTune keys on.
function(policytune_detail_sm_numbers out)
  set(numbers)
  foreach(arch IN LISTS ARGN)
    string(REGEX MATCH "^[0-9]+" number "${arch}")
    if(number)
      list(APPEND numbers ${number})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES numbers)
  set(${out} ${numbers} PARENT_SCOPE)
endfunction()

# The SM numbers of the GPUs present, from nvidia-smi; empty without one.
function(policytune_detail_present_architectures out)
  set(present)
  find_program(POLICYTUNE_NVIDIA_SMI nvidia-smi)
  if(POLICYTUNE_NVIDIA_SMI)
    execute_process(COMMAND "${POLICYTUNE_NVIDIA_SMI}" --query-gpu=compute_cap --format=csv,noheader
                    RESULT_VARIABLE result OUTPUT_VARIABLE capabilities ERROR_QUIET)
    if(result EQUAL 0)
      string(REPLACE "." "" capabilities "${capabilities}")
      string(REGEX MATCHALL "[0-9]+" present "${capabilities}")
    endif()
  endif()
  set(${out} ${present} PARENT_SCOPE)
endfunction()

# WHEN CONFIGURE: searches what the database lacks (policytune search measures only what is
# missing), for CUDA only when a GPU of one of the architectures is present. Queued for this
# directory's batch (batch.cmake), which reports it; `header` gains the database as a dependency
# if the search creates it.
function(policytune_detail_search_at_configure name cuda archs database header tool)
  set(command ${ARGN})  # the tool's arguments
  if(cuda)
    policytune_detail_present_architectures(present)
    policytune_detail_sm_numbers(wanted ${archs})
    set(matching)
    foreach(arch IN LISTS present)
      if(arch IN_LIST wanted)
        list(APPEND matching ${arch})
      endif()
    endforeach()
    if(NOT matching)
      list(JOIN wanted ", sm_" wanted_text)
      message(STATUS "tune_algorithm(${name}): no GPU of sm_${wanted_text} present; rendering what ${database} holds")
      return()
    endif()
  endif()
  if(POLICYTUNE_FORCE_TUNE)
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

# WHEN BUILD: target tune.<name> searches what the database lacks, once per change of the benchmark,
# of the search's options or of the tool. A stamp (not the database, which may live in the source
# tree, where a `clean` must never delete it) records that the search ran.
function(policytune_detail_search_at_build name benchmark work_dir tool)
  set(searched "${work_dir}/searched.stamp")
  # The options as a file that changes only when they do, so that every generator (not only
  # Ninja, which tracks command lines) searches again after a change of SEARCH_ARGS.
  string(REPLACE ";" "\n" options "${ARGN}")
  file(CONFIGURE OUTPUT "${work_dir}/search.options" CONTENT "${options}\n" @ONLY)
  add_custom_command(OUTPUT "${searched}"
                     COMMAND ${tool} ${ARGN}
                     COMMAND "${CMAKE_COMMAND}" -E touch "${searched}"
                     DEPENDS "${benchmark}" "${work_dir}/search.options" PolicyTune::policytune
                     USES_TERMINAL COMMENT "PolicyTune: searching ${name}" VERBATIM)
  add_custom_target(tune.${name} DEPENDS "${searched}")
endfunction()

# Where the imported policytune executable is, for running it during configure.
function(policytune_detail_tool_location out)
  get_target_property(location PolicyTune::policytune IMPORTED_LOCATION)
  if(NOT location)
    get_target_property(configurations PolicyTune::policytune IMPORTED_CONFIGURATIONS)
    foreach(configuration IN LISTS configurations)
      get_target_property(location PolicyTune::policytune IMPORTED_LOCATION_${configuration})
      if(location)
        break()
      endif()
    endforeach()
  endif()
  set(${out} "${location}" PARENT_SCOPE)
endfunction()
