include_guard(GLOBAL)

# tune_algorithm(<name> ALGORITHM <algorithm> HEADER <file> TYPE <type> OPERATOR <operator> [INIT <value>]):
# a stock algorithm tuned for the user's own type and operator, with no benchmark written by hand.
# PolicyTune's benchmark and template of the algorithm (bench/custom/<algorithm>.cu.in,
# templates/custom/<algorithm>.mustache.in) are instantiated for the call in the binary directory
# (policytune-custom/bench/<algorithm>/<name>.*), and the header the call renders registers the hub
# for that type and operator (policytune/custom_hubs.cuh), so that the API's call finds it.

# The algorithms there is a benchmark of (bench/custom/<algorithm>.cu.in), and per algorithm: what
# its OPERATOR must be (policytune::custom::is_<kind> of policytune/custom_types.cuh, and in words),
# the rendered hub's template parameters, which the registering header passes through, and whether
# it takes INIT (an algorithm without an initial value refuses one rather than ignore it). A macro, so
# that it sets them in the scope of the function that calls it: variables set at this file's scope
# would be seen only from the directory that first included it (include_guard(GLOBAL)), and a sibling
# directory's find_package(PolicyTune) would find an empty table.
macro(policytune_detail_custom_algorithm_table)
  set(POLICYTUNE_CUSTOM_ALGORITHMS reduce exclusive_scan reduce_by_key radix_sort select_if)
  # reduce: the items of the type combined by OPERATOR from INIT (cub::DeviceReduce::Reduce).
  set(policytune_custom_reduce_operator_kind binary_operator)
  set(policytune_custom_reduce_operator_text "callable with two of the type, giving one")
  set(policytune_custom_reduce_hub_parameters "class AccumT, class OffsetT, class OpT, int Range")
  set(policytune_custom_reduce_hub_arguments "AccumT, OffsetT, OpT, Range")
  set(policytune_custom_reduce_takes_init YES)
  # Algorithms whose public API takes a tuning environment from CCCL 3.5 have a selector template too
  # (templates/custom/<algorithm>_selector.mustache.in), rendered beside the hub with these parameters.
  set(policytune_custom_reduce_selector_parameters "class AccumT, class OffsetT, class OpT, int Range")
  set(policytune_custom_reduce_selector_arguments "AccumT, OffsetT, OpT, Range")
  # exclusive_scan: cub::detail::scan::policy_hub's parameters; TYPE is the items' type and the accumulator's.
  set(policytune_custom_exclusive_scan_operator_kind binary_operator)
  set(policytune_custom_exclusive_scan_operator_text "callable with two of the type, giving one")
  set(policytune_custom_exclusive_scan_hub_parameters
      "class InputValueT, class OutputValueT, class AccumT, class OffsetT, class ScanOpT, int Range")
  set(policytune_custom_exclusive_scan_hub_arguments "InputValueT, OutputValueT, AccumT, OffsetT, ScanOpT, Range")
  set(policytune_custom_exclusive_scan_takes_init YES)
  set(policytune_custom_exclusive_scan_selector_parameters
      "class InputIteratorT, class OutputIteratorT, class AccumT, class OffsetT, class ScanOpT, int Range")
  set(policytune_custom_exclusive_scan_selector_arguments "InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, Range")
  # reduce_by_key: cub::detail::reduce_by_key::policy_hub's parameters; TYPE is the values' type (the
  # keys are the caller's).
  set(policytune_custom_reduce_by_key_operator_kind binary_operator)
  set(policytune_custom_reduce_by_key_operator_text "callable with two of the type, giving one")
  set(policytune_custom_reduce_by_key_hub_parameters "class ReductionOpT, class AccumT, class KeyT, int Range")
  set(policytune_custom_reduce_by_key_hub_arguments "ReductionOpT, AccumT, KeyT, Range")
  set(policytune_custom_reduce_by_key_takes_init NO)
  set(policytune_custom_reduce_by_key_selector_parameters "class ReductionOpT, class AccumT, class KeyT, int Range")
  set(policytune_custom_reduce_by_key_selector_arguments "ReductionOpT, AccumT, KeyT, Range")
  # radix_sort: keys of the type sorted through OPERATOR, a decomposer (CUB's SortKeys(..., decomposer)).
  set(policytune_custom_radix_sort_operator_kind decomposer)
  set(policytune_custom_radix_sort_operator_text
      "a decomposer (callable with a reference to the type, giving a cuda::std::tuple of references to its arithmetic members)")
  set(policytune_custom_radix_sort_hub_parameters "class KeyT, class ValueT, class OffsetT, int Range")
  set(policytune_custom_radix_sort_hub_arguments "KeyT, ValueT, OffsetT, Range")
  set(policytune_custom_radix_sort_takes_init NO)
  set(policytune_custom_radix_sort_selector_parameters "class KeyT, class ValueT, class OffsetT, int Range")
  set(policytune_custom_radix_sort_selector_arguments "KeyT, ValueT, OffsetT, Range")
  # select_if: the items of the type for which OPERATOR, a predicate, is true (cub::DeviceSelect::If).
  set(policytune_custom_select_if_operator_kind predicate)
  set(policytune_custom_select_if_operator_text "a predicate (callable with a const reference to the type, giving a bool)")
  set(policytune_custom_select_if_hub_parameters
      "class InputT, class FlagT, class OffsetT, bool DistinctPartitions, ::cub::SelectImpl Impl, int Range")
  set(policytune_custom_select_if_hub_arguments "InputT, FlagT, OffsetT, DistinctPartitions, Impl, Range")
  set(policytune_custom_select_if_takes_init NO)
  set(policytune_custom_select_if_selector_parameters
      "class InputT, class InputIteratorT, class FlagsIteratorT, class OutputIteratorT, class OffsetT, ::cub::SelectImpl Impl, int Range")
  set(policytune_custom_select_if_selector_arguments
      "InputT, InputIteratorT, FlagsIteratorT, OutputIteratorT, OffsetT, Impl, Range")
endmacro()

# policytune_detail_custom_label(<out> <type>): the type's name on the benchmark's T{ct} axis.
function(policytune_detail_custom_label out type)
  string(REGEX REPLACE "^::" "" label "${type}")
  string(REGEX REPLACE "[^A-Za-z0-9]+" "_" label "${label}")
  string(REGEX REPLACE "_$" "" label "${label}")
  set(${out} "${label}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_spelling(<out> <name>): a C++ type named from the global namespace, as the
# hub (inside the call's NAMESPACE) and the registration spell it: a qualified name gets a leading
# '::' (geometry::vec3 -> ::geometry::vec3), a fundamental type stays as it is (float, unsigned int).
function(policytune_detail_custom_spelling out name)
  string(STRIP "${name}" name)
  if(name MATCHES "^[A-Za-z_][A-Za-z0-9_]*::")
    set(name "::${name}")
  endif()
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_inputs(<benchmark out> <templates out> <search arguments out> <call> <name>
#                                 <algorithm> <header> <type> <operator> <init> <given benchmark>
#                                 <given templates>)
# Checks the call, instantiates the benchmark and the template, and compiles the header's check;
# the search's extra arguments come back too.
function(policytune_detail_custom_inputs benchmark_out templates_out search_arguments_out call name algorithm header
         type operator init given_benchmark given_templates)
  policytune_detail_custom_algorithm_table()
  if(NOT algorithm IN_LIST POLICYTUNE_CUSTOM_ALGORITHMS)
    list(JOIN POLICYTUNE_CUSTOM_ALGORITHMS ", " known)
    policytune_detail_fail("${call}" "ALGORITHM must be one of ${known}, not '${algorithm}'")
  endif()
  if(given_benchmark OR given_templates)
    policytune_detail_fail("${call}" "ALGORITHM ${algorithm} brings its own benchmark and template: drop BENCHMARK and TEMPLATE")
  endif()
  foreach(required IN ITEMS header type operator)  # the arguments of the keywords of those names
    if("${${required}}" STREQUAL "")
      string(TOUPPER "${required}" keyword)
      policytune_detail_fail("${call}" "ALGORITHM ${algorithm} needs ${keyword}")
    endif()
  endforeach()
  if(NOT init STREQUAL "" AND NOT policytune_custom_${algorithm}_takes_init)
    policytune_detail_fail("${call}" "ALGORITHM ${algorithm} has no initial value: drop INIT")
  endif()
  get_filename_component(header "${header}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${header}" OR IS_DIRECTORY "${header}")
    policytune_detail_fail("${call}" "HEADER file ${header} does not exist")
  endif()
  # A new header (another operator, another verification) configures again.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${header}")

  # The names the instantiated files spell (@POLICYTUNE_CUSTOM_*@).
  set(POLICYTUNE_CUSTOM_NAME "${name}")
  set(POLICYTUNE_CUSTOM_ALGORITHM "${algorithm}")
  set(POLICYTUNE_CUSTOM_HEADER "${header}")
  get_filename_component(POLICYTUNE_CUSTOM_HEADER_NAME "${header}" NAME)
  file(SHA256 "${header}" POLICYTUNE_CUSTOM_HEADER_HASH)  # a changed header is a changed benchmark
  string(REGEX REPLACE "^::" "" POLICYTUNE_CUSTOM_TYPE "${type}")
  string(REGEX REPLACE "^::" "" POLICYTUNE_CUSTOM_OPERATOR "${operator}")
  policytune_detail_custom_spelling(POLICYTUNE_CUSTOM_TYPE_SPELLING "${POLICYTUNE_CUSTOM_TYPE}")
  set(POLICYTUNE_CUSTOM_INIT "${init}")
  policytune_detail_custom_label(POLICYTUNE_CUSTOM_LABEL "${type}")
  set(POLICYTUNE_CUSTOM_OPERATOR_KIND "${policytune_custom_${algorithm}_operator_kind}")
  set(POLICYTUNE_CUSTOM_OPERATOR_TEXT "${policytune_custom_${algorithm}_operator_text}")
  # Under a folder of its own named bench/<algorithm>, the benchmark is named <algorithm>.<name>, as
  # PolicyTune's own (bench/reduce/sum.cu is reduce.sum), wherever the binary directory is.
  set(directory "${CMAKE_CURRENT_BINARY_DIR}/policytune-custom/bench/${algorithm}")
  set(benchmark "${directory}/${name}.cu")
  set(POLICYTUNE_CUSTOM_BENCHMARK "${algorithm}.${name}")
  configure_file("${PolicyTune_BENCHMARK_DIR}/custom/${algorithm}.cu.in" "${benchmark}" @ONLY)
  configure_file("${PolicyTune_TEMPLATE_DIR}/custom/${algorithm}.mustache.in" "${directory}/${name}.mustache" @ONLY)
  policytune_detail_custom_selector_template(selector_source "${algorithm}")
  if(selector_source)
    configure_file("${selector_source}" "${directory}/${name}_selector.mustache" @ONLY)
  endif()
  configure_file("${PolicyTune_BENCHMARK_DIR}/custom/check.cu.in" "${directory}/${name}.check.cu" @ONLY)
  policytune_detail_check_custom_header("${call}" "${header}" "${directory}/${name}.check.cu")

  set(${benchmark_out} "${benchmark}" PARENT_SCOPE)
  # The benchmark includes the header by its name, so that its text, and the results stored under
  # its hash, do not depend on where the project is checked out.
  get_filename_component(header_dir "${header}" DIRECTORY)
  set(${search_arguments_out} --include "${header_dir}" PARENT_SCOPE)
  set(${templates_out} "${directory}/${name}.mustache" PARENT_SCOPE)
endfunction()

# policytune_detail_check_custom_header(<call> <header> <check source>): compiles the check with
# the project's CUDA compiler (nvcc on the PATH without one); what fails it fails the configure in
# one line naming the header. Without a CUDA compiler the benchmark's build checks the same.
function(policytune_detail_check_custom_header call header source)
  set(compiler "${CMAKE_CUDA_COMPILER}")
  if(NOT compiler)
    find_program(POLICYTUNE_NVCC nvcc DOC "nvcc, which checks tune_algorithm(ALGORITHM) headers at configure time")
    set(compiler "${POLICYTUNE_NVCC}")
  endif()
  if(NOT compiler)
    message(STATUS "tune_algorithm(): no CUDA compiler: ${header} is checked when the benchmark builds")
    return()
  endif()
  # The harness's include directory (policytune/custom_types.cuh), in the build tree or installed.
  get_target_property(harness_dirs PolicyTune::bench INTERFACE_INCLUDE_DIRECTORIES)
  string(REGEX REPLACE "\\$<BUILD_INTERFACE:([^>]*)>" "\\1" harness_dirs "${harness_dirs}")
  string(GENEX_STRIP "${harness_dirs}" harness_dirs)
  list(TRANSFORM harness_dirs PREPEND "-I")
  execute_process(COMMAND "${compiler}" -std=c++17 -x cu -c "${source}" -o "${source}.o" ${harness_dirs}
                  RESULT_VARIABLE compiled OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(compiled EQUAL 0)
    return()
  endif()
  # The first error says it: one of the check's own assertions, or what the compiler found first.
  if(output MATCHES "error: ([^\n]*)")
    set(problem "${CMAKE_MATCH_1}")
    if(problem MATCHES "policytune-check: ([^\"]*)")
      set(problem "${CMAKE_MATCH_1}")
    else()
      set(problem "does not compile with the call's TYPE, OPERATOR and INIT: ${problem}")
    endif()
  else()
    string(STRIP "${output}" problem)
    set(problem "does not compile with the call's TYPE, OPERATOR and INIT (${compiler} exit ${compiled}): ${problem}")
  endif()
  policytune_detail_fail("${call}" "HEADER ${header}: ${problem}")
endfunction()

# policytune_detail_custom_selector_template(<out> <algorithm>): the algorithm's selector template
# source, or empty where its API takes no tuning environment.
function(policytune_detail_custom_selector_template out algorithm)
  set(source "${PolicyTune_TEMPLATE_DIR}/custom/${algorithm}_selector.mustache.in")
  if(NOT EXISTS "${source}")
    set(source "")
  endif()
  set(${out} "${source}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_render_selector(NAME <name> ALGORITHM <a> HUB <hub header> TOOL <tool>
#     DATABASE <db> BENCHMARK <file> NAMESPACE <ns> MODE <mode> ARCHS <sm>... DISPATCH <axis>
#     SEARCH_TARGET <target> DEPENDS <input>...)
# For CCCL 3.5, whose public API of the algorithm takes a tuning environment: the same winners as a
# policy selector, <hub stem minus _hub>_selector.cuh beside the hub, in target
# policytune.generate.<name>.selector. Nothing where the algorithm has no selector template.
function(policytune_detail_custom_render_selector)
  cmake_parse_arguments(PARSE_ARGV 0 rule "" "NAME;ALGORITHM;HUB;TOOL;DATABASE;BENCHMARK;NAMESPACE;MODE;DISPATCH;SEARCH_TARGET"
                        "ARCHS;DEPENDS")
  policytune_detail_custom_selector_template(source "${rule_ALGORITHM}")
  if(NOT source)
    return()
  endif()
  policytune_detail_custom_selector_header(selector_header "${rule_HUB}")
  # Instantiated beside the benchmark by policytune_detail_custom_inputs.
  get_filename_component(benchmark_dir "${rule_BENCHMARK}" DIRECTORY)
  set(selector_template "${benchmark_dir}/${rule_NAME}_selector.mustache")
  policytune_detail_generate_command(command TOOL "${rule_TOOL}" DATABASE "${rule_DATABASE}" BENCHMARK "${rule_BENCHMARK}"
                                     HEADER "${selector_header}" NAMESPACE "${rule_NAMESPACE}" MODE "${rule_MODE}"
                                     ARCHS ${rule_ARCHS} DISPATCH "${rule_DISPATCH}"
                                     TEMPLATE_ARGUMENTS --format policy_selector --template "${selector_template}" --cccl 3.5)
  policytune_detail_add_generate_target(NAME "${rule_NAME}.selector" HEADER "${selector_header}"
                                        SEARCH_TARGET "${rule_SEARCH_TARGET}" COMMAND ${command}
                                        DEPENDS ${rule_DEPENDS} "${selector_template}")
endfunction()

# policytune_detail_custom_selector_header(<out> <hub header>): vec3_sum_hub.cuh -> vec3_sum_selector.cuh.
function(policytune_detail_custom_selector_header out hub_header)
  string(REGEX REPLACE "_hub\\.cuh$" "_selector.cuh" selector_header "${hub_header}")
  set(${out} "${selector_header}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_registration(<wrapper> <hub header> <algorithm> <header> <type> <operator> <namespace>):
# the header consumers include: the user's header, the rendered hub, and custom_hub's
# specialisation that hands the hub to policytune::device_<algorithm> for this type and operator.
# Where the algorithm has a selector template, from CCCL 3.5 the registration names the selector
# only: the chained hub names cub::ChainedPolicy, which 3.5 deprecates, and a consumer built with
# -Werror must compile.
function(policytune_detail_custom_registration wrapper hub_header algorithm header type operator namespace)
  policytune_detail_custom_algorithm_table()
  get_filename_component(header_name "${header}" NAME)
  get_filename_component(hub_name "${hub_header}" NAME)
  set(hub_include "#include \"${hub_name}\"")
  set(hub_member "  template <${policytune_custom_${algorithm}_hub_parameters}>
  using hub = ::${namespace}::policy_hub<${policytune_custom_${algorithm}_hub_arguments}>;")
  policytune_detail_custom_selector_template(selector_source "${algorithm}")
  if(selector_source)
    policytune_detail_custom_selector_header(selector_header "${hub_header}")
    get_filename_component(selector_name "${selector_header}" NAME)
    set(hub_include "#if CUB_VERSION >= 300500
#  include \"${selector_name}\"
#else
#  include \"${hub_name}\"
#endif")
    set(hub_member "#if CUB_VERSION >= 300500
  static constexpr bool has_selector = true;
  template <${policytune_custom_${algorithm}_selector_parameters}>
  using selector = ::${namespace}::policy_selector<${policytune_custom_${algorithm}_selector_arguments}>;
#else
${hub_member}
#endif")
  endif()
  string(REGEX REPLACE "^::" "" type "${type}")
  string(REGEX REPLACE "^::" "" operator "${operator}")
  policytune_detail_custom_spelling(type_spelling "${type}")
  policytune_detail_custom_spelling(operator_spelling "${operator}")
  file(CONFIGURE OUTPUT "${wrapper}" @ONLY CONTENT [=[// Generated by PolicyTune's tune_algorithm(ALGORITHM @algorithm@): the policies measured for
// @type@ and @operator@, which policytune::device_@algorithm@ uses for them.
#pragma once

#include "@header_name@"

#include <cub/version.cuh>

#include <policytune/custom_hubs.cuh>

@hub_include@

template <>
struct policytune::custom_hub<::policytune::algorithms::@algorithm@, @type_spelling@, @operator_spelling@>
{
  static constexpr bool registered = true;
@hub_member@
};
]=])
endfunction()

# policytune_detail_custom_link_target(<target> <name> <algorithm> <header>): what consumers of a
# registering header need besides the hub's folder: the user's header's folder, the harness's
# policytune/custom_types.cuh (PolicyTune::bench), and the selector rendered first.
function(policytune_detail_custom_link_target target name algorithm header)
  get_filename_component(header "${header}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(header_dir "${header}" DIRECTORY)
  target_include_directories(${target} INTERFACE "$<BUILD_INTERFACE:${header_dir}>")
  target_link_libraries(${target} INTERFACE PolicyTune::bench)
  policytune_detail_custom_selector_template(selector_source "${algorithm}")
  if(selector_source)
    add_dependencies(${target} policytune.generate.${name}.selector)
  endif()
endfunction()
