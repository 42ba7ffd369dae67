include_guard(GLOBAL)

# policytune_detail_search_at_configure(NAME <name> MODE <mode> FORCE <bool> CUDA <bool> [ARCHS <arch>...]
#                                       DATABASE <file> HEADER <header> TOOL <tool> COMMAND <quoted list>)
# WHEN CONFIGURE: searches what the database lacks (policytune search measures only what is
# missing), in PolicyTune_MODE tuned only, and for CUDA only when a GPU of one of the architectures
# is present. Queued for this directory's batch (batch.cmake), which reports it; `header` gains the
# database as a dependency if the search creates it. FORCE (PolicyTune_FORCE_TUNE) measures again.
function(policytune_detail_search_at_configure)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;MODE;FORCE;CUDA;DATABASE;HEADER;TOOL;COMMAND" "ARCHS")
  set(command "${arg_COMMAND}")  # the tool's arguments
  if(NOT arg_MODE STREQUAL "tuned")
    message(STATUS "tune_algorithm(${arg_NAME}): PolicyTune_MODE=${arg_MODE}, no search")
    return()
  endif()
  if(arg_CUDA)
    policytune_detail_sm_numbers(ARCHS ${arg_ARCHS} NUMBERS_VAR wanted)
    policytune_detail_no_gpu_line(NAME "${arg_NAME}" DATABASE "${arg_DATABASE}" SM_NUMBERS ${wanted} LINE_VAR no_gpu)
    if(no_gpu)
      message(STATUS "${no_gpu}")
      return()
    endif()
  endif()
  if(arg_FORCE)
    set(status "tune_algorithm(${arg_NAME}): PolicyTune_FORCE_TUNE: measuring every variant again into ${arg_DATABASE}")
    list(APPEND command --force)
    policytune_detail_reset_force_tune_after_configure()
  else()
    set(status "tune_algorithm(${arg_NAME}): searching what ${arg_DATABASE} lacks")
  endif()
  policytune_detail_queue(KIND search NAME "${arg_NAME}" TOOL "${arg_TOOL}" MESSAGE "${status}" DATABASE "${arg_DATABASE}"
                          HEADER "${arg_HEADER}" COMMAND "${command}")
endfunction()

# policytune_detail_reset_force_tune_after_configure(): PolicyTune_FORCE_TUNE is one-shot: it serves
# every tune_algorithm() of this configure, then goes back to OFF so that the next configure does not
# measure everything again.
function(policytune_detail_reset_force_tune_after_configure)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "" "")
  get_property(scheduled GLOBAL PROPERTY policytune_force_tune_reset)
  if(NOT scheduled)
    set_property(GLOBAL PROPERTY policytune_force_tune_reset TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL
                   set_property CACHE PolicyTune_FORCE_TUNE PROPERTY VALUE OFF)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL
                   message STATUS "PolicyTune: PolicyTune_FORCE_TUNE measured again; it is OFF from the next configure on")
  endif()
endfunction()
