include_guard(GLOBAL)

# tune_algorithm(<name> ALGORITHM <algorithm> HEADER <file> TYPE <type> OPERATOR <operator> [INIT <value>]):
# a stock algorithm tuned for the user's own type and operator, with no benchmark written by hand.
# PolicyTune's benchmark and template of the algorithm (bench/custom/<algorithm>.cu.in,
# templates/custom/<algorithm>.mustache.in) are instantiated for the call in the binary directory
# (policytune-custom/bench/<algorithm>/<name>.*), and the header the call renders registers the hub for that type and operator
# (policytune/custom_hubs.cuh), so that policytune::device_<algorithm> finds it.

# The algorithms there is a benchmark of (bench/custom/<algorithm>.cu.in), and per algorithm: what
# its OPERATOR must be (policytune::custom::is_<kind> of policytune/custom_types.cuh, and in words),
# the rendered hub's template parameters, which the registering header passes through, and whether
# it takes INIT (an algorithm without an initial value refuses one rather than ignore it).
set(POLICYTUNE_CUSTOM_ALGORITHMS reduce exclusive_scan reduce_by_key)
set(policytune_custom_reduce_operator_kind binary_operator)
set(policytune_custom_reduce_operator_text "callable with two of the type, giving one")
set(policytune_custom_reduce_hub_parameters "class AccumT, class OffsetT, class OpT, int Range")
set(policytune_custom_reduce_hub_arguments "AccumT, OffsetT, OpT, Range")
set(policytune_custom_reduce_takes_init YES)
# cub::detail::scan::policy_hub's parameters; TYPE is the items' type and the accumulator's.
set(policytune_custom_exclusive_scan_operator_kind binary_operator)
set(policytune_custom_exclusive_scan_operator_text "callable with two of the type, giving one")
set(policytune_custom_exclusive_scan_hub_parameters
    "class InputValueT, class OutputValueT, class AccumT, class OffsetT, class ScanOpT, int Range")
set(policytune_custom_exclusive_scan_hub_arguments "InputValueT, OutputValueT, AccumT, OffsetT, ScanOpT, Range")
set(policytune_custom_exclusive_scan_takes_init YES)
# cub::detail::reduce_by_key::policy_hub's parameters; TYPE is the values' type (the keys are the caller's).
set(policytune_custom_reduce_by_key_operator_kind binary_operator)
set(policytune_custom_reduce_by_key_operator_text "callable with two of the type, giving one")
set(policytune_custom_reduce_by_key_hub_parameters "class ReductionOpT, class AccumT, class KeyT, int Range")
set(policytune_custom_reduce_by_key_hub_arguments "ReductionOpT, AccumT, KeyT, Range")
set(policytune_custom_reduce_by_key_takes_init NO)

# policytune_detail_custom_label(<out> <type>): the type's name on the benchmark's T{ct} axis.
function(policytune_detail_custom_label out type)
  string(REGEX REPLACE "^::" "" label "${type}")
  string(REGEX REPLACE "[^A-Za-z0-9]+" "_" label "${label}")
  string(REGEX REPLACE "_$" "" label "${label}")
  set(${out} "${label}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_inputs(<benchmark out> <templates out> <search arguments out> <call> <name> <algorithm> <header> <type>
#                                 <operator> <init> <given benchmark> <given templates>)
# Checks the call, instantiates the benchmark and the template, and compiles the header's check;
# the search's extra arguments come back too.
function(policytune_detail_custom_inputs benchmark_out templates_out search_arguments_out call name algorithm header type operator init
         given_benchmark given_templates)
  if(NOT algorithm IN_LIST POLICYTUNE_CUSTOM_ALGORITHMS)
    list(JOIN POLICYTUNE_CUSTOM_ALGORITHMS ", " known)
    policytune_detail_fail("${call}" "ALGORITHM must be one of ${known}, not '${algorithm}'")
  endif()
  if(given_benchmark OR given_templates)
    policytune_detail_fail("${call}" "ALGORITHM ${algorithm} brings its own benchmark and template: drop BENCHMARK and TEMPLATE")
  endif()
  foreach(keyword IN ITEMS HEADER TYPE OPERATOR)
    if(keyword STREQUAL "HEADER")
      set(value "${header}")
    elseif(keyword STREQUAL "TYPE")
      set(value "${type}")
    else()
      set(value "${operator}")
    endif()
    if(value STREQUAL "")
      policytune_detail_fail("${call}" "ALGORITHM ${algorithm} needs ${keyword}")
    endif()
  endforeach()
  if(NOT init STREQUAL "" AND NOT policytune_custom_${algorithm}_takes_init)
    policytune_detail_fail("${call}" "ALGORITHM ${algorithm} takes no INIT: drop it")
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

# policytune_detail_custom_registration(<wrapper> <hub header> <algorithm> <header> <type> <operator> <namespace>):
# the header consumers include: the user's header, the rendered hub, and custom_hub's
# specialisation that hands the hub to policytune::device_<algorithm> for this type and operator.
function(policytune_detail_custom_registration wrapper hub_header algorithm header type operator namespace)
  set(hub_parameters "${policytune_custom_${algorithm}_hub_parameters}")
  set(hub_arguments "${policytune_custom_${algorithm}_hub_arguments}")
  get_filename_component(header_name "${header}" NAME)
  get_filename_component(hub_name "${hub_header}" NAME)
  string(REGEX REPLACE "^::" "" type "${type}")
  string(REGEX REPLACE "^::" "" operator "${operator}")
  file(CONFIGURE OUTPUT "${wrapper}" @ONLY CONTENT [=[// Generated by PolicyTune's tune_algorithm(ALGORITHM @algorithm@): the policies measured for
// @type@ and @operator@, which policytune::device_@algorithm@ uses for them.
#pragma once

#include "@header_name@"

#include <policytune/custom_hubs.cuh>

#include "@hub_name@"

template <>
struct policytune::custom_hub<::policytune::algorithms::@algorithm@, ::@type@, ::@operator@>
{
  static constexpr bool registered = true;
  template <@hub_parameters@>
  using hub = ::@namespace@::policy_hub<@hub_arguments@>;
};
]=])
endfunction()
