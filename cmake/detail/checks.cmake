include_guard(GLOBAL)

# policytune_detail_check_inputs(<call> <name> <when> <tool> <benchmark> <namespace> <archs> <dispatch>
#                                <template argument>...)
# A %RANGE% line of the benchmark, or a template that does not fit it, fails the configure with the
# file and line at fault (errors.cmake). Rendering CUB's defaults once checks the templates without
# any database, and the call's NAMESPACE, ARCHS and DISPATCH as the header's rendering will take
# them: what the tool would refuse at build time is refused now. A WHEN CONFIGURE call's checks are
# queued to run with its search in this directory's batch (batch.cmake), which reports them the same way.
function(policytune_detail_check_inputs call name when tool benchmark namespace archs dispatch)
  set(list_command list "${benchmark}")
  set(render_command generate --mode base --benchmark "${benchmark}" ${ARGN} --namespace "${namespace}"
                     -o "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${name}/template-check")
  policytune_detail_sm_numbers(sm_numbers ${archs})
  if(sm_numbers)
    list(JOIN sm_numbers "," sm_numbers)
    list(APPEND render_command --archs "${sm_numbers}")
  endif()
  if(dispatch)
    list(APPEND render_command --dispatch "${dispatch}")
  endif()
  if(when STREQUAL "CONFIGURE")
    policytune_detail_queue(KIND space NAME "${name}" TOOL "${tool}" COMMAND ${list_command})
    policytune_detail_queue(KIND templates NAME "${name}" TOOL "${tool}" CALL "${call}" COMMAND ${render_command})
    return()
  endif()
  execute_process(COMMAND "${tool}" ${list_command} RESULT_VARIABLE listed OUTPUT_QUIET ERROR_VARIABLE problem)
  if(NOT listed EQUAL 0)
    policytune_detail_fail_space("${name}" "${problem}")
  endif()
  execute_process(COMMAND "${tool}" ${render_command} RESULT_VARIABLE rendered ERROR_VARIABLE problem OUTPUT_QUIET)
  if(NOT rendered EQUAL 0)
    policytune_detail_fail_templates("${call}" "${problem}")
  endif()
endfunction()
