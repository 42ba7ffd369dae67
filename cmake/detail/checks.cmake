include_guard(GLOBAL)

# policytune_detail_check_inputs(CALL <call> NAME <name> WHEN <when> TOOL <tool> BENCHMARK <file>
#                                NAMESPACE <ns> [ARCHS <arch>...] [DISPATCH <axis>]
#                                TEMPLATE_ARGUMENTS <template arguments>)
# A %RANGE% line of the benchmark, or a template that does not fit it, fails the configure with the
# file and line at fault (errors.cmake). Rendering CUB's defaults once checks the templates without
# any database, and the call's NAMESPACE, ARCHS and DISPATCH as the header's rendering will take
# them: what the tool would refuse at build time is refused now. A WHEN CONFIGURE call's checks are
# queued to run with its search in this directory's batch (batch.cmake), which reports them the same
# way. TEMPLATE_ARGUMENTS is one value, the list quoted: it holds the user's file names.
function(policytune_detail_check_inputs)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;NAME;WHEN;TOOL;BENCHMARK;NAMESPACE;DISPATCH;TEMPLATE_ARGUMENTS"
                        "ARCHS")
  set(list_command list "${arg_BENCHMARK}")
  set(render_command generate --mode base --benchmark "${arg_BENCHMARK}" ${arg_TEMPLATE_ARGUMENTS}
                     --namespace "${arg_NAMESPACE}" -o "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${arg_NAME}/template-check")
  policytune_detail_sm_numbers(ARCHS ${arg_ARCHS} NUMBERS_VAR sm_numbers)
  if(sm_numbers)
    list(JOIN sm_numbers "," sm_numbers)
    list(APPEND render_command --archs "${sm_numbers}")
  endif()
  if(arg_DISPATCH)
    list(APPEND render_command --dispatch "${arg_DISPATCH}")
  endif()
  if(arg_WHEN STREQUAL "CONFIGURE")
    policytune_detail_queue(KIND space NAME "${arg_NAME}" TOOL "${arg_TOOL}" COMMAND "${list_command}")
    policytune_detail_queue(KIND templates NAME "${arg_NAME}" TOOL "${arg_TOOL}" CALL "${arg_CALL}"
                            COMMAND "${render_command}")
    return()
  endif()
  execute_process(COMMAND "${arg_TOOL}" ${list_command} RESULT_VARIABLE listed OUTPUT_QUIET ERROR_VARIABLE problem)
  if(NOT listed EQUAL 0)
    policytune_detail_fail_space(NAME "${arg_NAME}" PROBLEM "${problem}")
  endif()
  execute_process(COMMAND "${arg_TOOL}" ${render_command} RESULT_VARIABLE rendered ERROR_VARIABLE problem OUTPUT_QUIET)
  if(NOT rendered EQUAL 0)
    policytune_detail_fail_templates(CALL "${arg_CALL}" PROBLEM "${problem}")
  endif()
endfunction()
