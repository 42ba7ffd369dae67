include_guard(GLOBAL)

# policytune_detail_custom_outputs(NAME <name> PARSED <prefix> WRAPPER <consumer header> HUB <hub header>
#                                  NAMESPACE <ns> RENDER <quoted list> [ARCHS <arch>...]
#                                  [SEARCH_TARGET <target>] DEPENDS <quoted list>)
# What a tune_algorithm(ALGORITHM) call adds to the hub every call renders: the consumer's header
# that registers the hub for the type and operator (custom_registration.cmake), the selector for
# CCCL 3.5 (custom_selector.cmake), and what the call's TARGET needs besides the hub's folder.
# RENDER holds the keywords the hub's generate command was given (TOOL, DATABASE, BENCHMARK,
# NAMESPACE, MODE); the call's ALGORITHM, HEADER, TYPE, OPERATOR, DISPATCH and TARGET are read from
# the caller's cmake_parse_arguments variables (<prefix>_ALGORITHM, ...), by name.
function(policytune_detail_custom_outputs)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;PARSED;WRAPPER;HUB;NAMESPACE;RENDER;SEARCH_TARGET;DEPENDS" "ARCHS")
  set(call ${arg_PARSED})
  policytune_detail_custom_registration(WRAPPER "${arg_WRAPPER}" HUB "${arg_HUB}" ALGORITHM "${${call}_ALGORITHM}"
                                        HEADER "${${call}_HEADER}" TYPE "${${call}_TYPE}"
                                        OPERATOR "${${call}_OPERATOR}" NAMESPACE "${arg_NAMESPACE}")
  policytune_detail_custom_render_selector(NAME "${arg_NAME}" ALGORITHM "${${call}_ALGORITHM}" HUB "${arg_HUB}"
                                           ${arg_RENDER} ARCHS ${arg_ARCHS} DISPATCH "${${call}_DISPATCH}"
                                           SEARCH_TARGET "${arg_SEARCH_TARGET}" DEPENDS "${arg_DEPENDS}")
  if(${call}_TARGET)
    policytune_detail_custom_link_target(TARGET "${${call}_TARGET}" NAME "${arg_NAME}" ALGORITHM "${${call}_ALGORITHM}"
                                         HEADER "${${call}_HEADER}")
  endif()
endfunction()
