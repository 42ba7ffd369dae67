include_guard(GLOBAL)

# For CCCL 3.5, whose public API of a stock algorithm takes a tuning environment: the same winners
# as a policy selector, <hub stem minus _hub>_selector.cuh beside the hub, where the algorithm has a
# selector template (templates/custom/<algorithm>_selector.mustache.in).

# policytune_detail_custom_selector_template(ALGORITHM <algorithm> SOURCE_VAR <out>): the algorithm's
# selector template source, or empty where its API takes no tuning environment.
function(policytune_detail_custom_selector_template)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "ALGORITHM;SOURCE_VAR" "")
  set(source "${PolicyTune_TEMPLATE_DIR}/custom/${arg_ALGORITHM}_selector.mustache.in")
  if(NOT EXISTS "${source}")
    set(source "")
  endif()
  set(${arg_SOURCE_VAR} "${source}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_selector_header(HUB <hub header> HEADER_VAR <out>): vec3_sum_hub.cuh ->
# vec3_sum_selector.cuh.
function(policytune_detail_custom_selector_header)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "HUB;HEADER_VAR" "")
  string(REGEX REPLACE "_hub\\.cuh$" "_selector.cuh" selector_header "${arg_HUB}")
  set(${arg_HEADER_VAR} "${selector_header}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_render_selector(NAME <name> ALGORITHM <a> HUB <hub header> TOOL <tool>
#     DATABASE <db> BENCHMARK <file> NAMESPACE <ns> MODE <mode> [ARCHS <sm>...] [DISPATCH <axis>]
#     [SEARCH_TARGET <target>] DEPENDS <quoted list>)
# Renders the selector in target policytune.generate.<name>.selector, from what the hub is rendered
# from. Nothing where the algorithm has no selector template.
function(policytune_detail_custom_render_selector)
  cmake_parse_arguments(PARSE_ARGV 0 arg ""
                        "NAME;ALGORITHM;HUB;TOOL;DATABASE;BENCHMARK;NAMESPACE;MODE;DISPATCH;SEARCH_TARGET;DEPENDS" "ARCHS")
  policytune_detail_custom_selector_template(ALGORITHM "${arg_ALGORITHM}" SOURCE_VAR source)
  if(NOT source)
    return()
  endif()
  policytune_detail_custom_selector_header(HUB "${arg_HUB}" HEADER_VAR selector_header)
  # Instantiated beside the benchmark by policytune_detail_custom_instantiate.
  get_filename_component(benchmark_dir "${arg_BENCHMARK}" DIRECTORY)
  set(selector_template "${benchmark_dir}/${arg_NAME}_selector.mustache")
  policytune_detail_generate_command(TOOL "${arg_TOOL}" DATABASE "${arg_DATABASE}" BENCHMARK "${arg_BENCHMARK}"
                                     HEADER "${selector_header}" NAMESPACE "${arg_NAMESPACE}" MODE "${arg_MODE}"
                                     ARCHS ${arg_ARCHS} DISPATCH "${arg_DISPATCH}" COMMAND_VAR command
                                     TEMPLATE_ARGUMENTS "--format;policy_selector;--template;${selector_template};--cccl;3.5")
  policytune_detail_add_generate_target(NAME "${arg_NAME}.selector" HEADER "${selector_header}"
                                        SEARCH_TARGET "${arg_SEARCH_TARGET}" COMMAND "${command}"
                                        DEPENDS "${arg_DEPENDS};${selector_template}")
endfunction()
