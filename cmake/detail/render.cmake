include_guard(GLOBAL)

# policytune_detail_generate_command(TOOL <tool> DATABASE <file> BENCHMARK <file> HEADER <file>
#                                    NAMESPACE <ns> MODE <mode> [ARCHS <arch>...] [DISPATCH <axis>]
#                                    TEMPLATE_ARGUMENTS <quoted list> COMMAND_VAR <out>)
# The `policytune generate` command that renders the header.
function(policytune_detail_generate_command)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TOOL;DATABASE;BENCHMARK;HEADER;NAMESPACE;MODE;DISPATCH;TEMPLATE_ARGUMENTS;COMMAND_VAR"
                        "ARCHS")
  set(command "${arg_TOOL}" generate --db "${arg_DATABASE}" --benchmark "${arg_BENCHMARK}" ${arg_TEMPLATE_ARGUMENTS}
              --output "${arg_HEADER}" --namespace "${arg_NAMESPACE}" --mode "${arg_MODE}")
  if(arg_ARCHS)
    policytune_detail_sm_numbers(ARCHS ${arg_ARCHS} NUMBERS_VAR sm_numbers)
    string(REPLACE ";" "," sm_list "${sm_numbers}")
    list(APPEND command --archs "${sm_list}")
  endif()
  if(arg_DISPATCH)
    list(APPEND command --dispatch "${arg_DISPATCH}")
  endif()
  set(${arg_COMMAND_VAR} "${command}" PARENT_SCOPE)
endfunction()
