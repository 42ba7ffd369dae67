include_guard(GLOBAL)

# policytune_detail_generate_command(<out> TOOL <tool> DATABASE <file> BENCHMARK <file> HEADER <file>
#                                    NAMESPACE <ns> MODE <mode> [ARCHS <arch>...] [DISPATCH <axis>]
#                                    TEMPLATE_ARGUMENTS <argument>...)
# The `policytune generate` command that renders the header.
function(policytune_detail_generate_command out)
  cmake_parse_arguments(PARSE_ARGV 1 render "" "TOOL;DATABASE;BENCHMARK;HEADER;NAMESPACE;MODE;DISPATCH"
                        "ARCHS;TEMPLATE_ARGUMENTS")
  set(command "${render_TOOL}" generate --db "${render_DATABASE}" --benchmark "${render_BENCHMARK}"
              ${render_TEMPLATE_ARGUMENTS} --output "${render_HEADER}" --namespace "${render_NAMESPACE}"
              --mode "${render_MODE}")
  if(render_ARCHS)
    policytune_detail_sm_numbers(sm_numbers ${render_ARCHS})
    string(REPLACE ";" "," sm_list "${sm_numbers}")
    list(APPEND command --archs "${sm_list}")
  endif()
  if(render_DISPATCH)
    list(APPEND command --dispatch "${render_DISPATCH}")
  endif()
  set(${out} "${command}" PARENT_SCOPE)
endfunction()
