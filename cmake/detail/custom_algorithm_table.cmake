include_guard(GLOBAL)

# tune_algorithm(<name> ALGORITHM <algorithm> HEADER <file> TYPE <type> OPERATOR <operator> [INIT <value>]):
# a stock algorithm tuned for the user's own type and operator, with no benchmark written by hand.
# The algorithms there is a benchmark of (bench/custom/<algorithm>.cu.in), and what each needs, are
# written here once. Functions, not variables: a variable set by a file of include_guard(GLOBAL)
# would be seen only from the directory that first included it, and a sibling directory's
# find_package(PolicyTune) would find an empty table.

# policytune_detail_custom_algorithms(NAMES_VAR <out>): the stock algorithms.
function(policytune_detail_custom_algorithms)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAMES_VAR" "")
  set(${arg_NAMES_VAR} reduce exclusive_scan reduce_by_key radix_sort select_if PARENT_SCOPE)
endfunction()

# policytune_detail_custom_algorithm(ALGORITHM <algorithm> PREFIX <prefix>): one algorithm's entry,
# as <prefix>_<FIELD> in the caller's scope:
#   OPERATOR_KIND, OPERATOR_TEXT  what OPERATOR must be (policytune::custom::is_<kind> of
#                                 policytune/custom_types.cuh), and in words
#   HUB_PARAMETERS, HUB_ARGUMENTS the rendered hub's template parameters, which the registering
#                                 header passes through
#   SELECTOR_PARAMETERS, SELECTOR_ARGUMENTS  the same for the policy selector rendered beside the
#                                 hub, for CCCL 3.5's public API (templates/custom/<algorithm>_selector.mustache.in)
#   TAKES_INIT                    whether it takes INIT (one without an initial value refuses one
#                                 rather than ignore it)
function(policytune_detail_custom_algorithm)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "ALGORITHM;PREFIX" "")
  set(binary_operator "callable with two of the type, giving one")
  if(arg_ALGORITHM STREQUAL "reduce")
    # The items of the type combined by OPERATOR from INIT (cub::DeviceReduce::Reduce).
    set(kind binary_operator)
    set(text "${binary_operator}")
    set(hub_parameters "class AccumT, class OffsetT, class OpT, int Range")
    set(hub_arguments "AccumT, OffsetT, OpT, Range")
    set(selector_parameters "${hub_parameters}")
    set(selector_arguments "${hub_arguments}")
    set(takes_init YES)
  elseif(arg_ALGORITHM STREQUAL "exclusive_scan")
    # cub::detail::scan::policy_hub's parameters; TYPE is the items' type and the accumulator's.
    set(kind binary_operator)
    set(text "${binary_operator}")
    set(hub_parameters "class InputValueT, class OutputValueT, class AccumT, class OffsetT, class ScanOpT, int Range")
    set(hub_arguments "InputValueT, OutputValueT, AccumT, OffsetT, ScanOpT, Range")
    set(selector_parameters
        "class InputIteratorT, class OutputIteratorT, class AccumT, class OffsetT, class ScanOpT, int Range")
    set(selector_arguments "InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, Range")
    set(takes_init YES)
  elseif(arg_ALGORITHM STREQUAL "reduce_by_key")
    # cub::detail::reduce_by_key::policy_hub's parameters; TYPE is the values' type (the keys are the caller's).
    set(kind binary_operator)
    set(text "${binary_operator}")
    set(hub_parameters "class ReductionOpT, class AccumT, class KeyT, int Range")
    set(hub_arguments "ReductionOpT, AccumT, KeyT, Range")
    set(selector_parameters "${hub_parameters}")
    set(selector_arguments "${hub_arguments}")
    set(takes_init NO)
  elseif(arg_ALGORITHM STREQUAL "radix_sort")
    # Keys of the type sorted through OPERATOR, a decomposer (CUB's SortKeys(..., decomposer)).
    set(kind decomposer)
    set(text "a decomposer (callable with a reference to the type, giving a cuda::std::tuple of references to its arithmetic members)")
    set(hub_parameters "class KeyT, class ValueT, class OffsetT, int Range")
    set(hub_arguments "KeyT, ValueT, OffsetT, Range")
    set(selector_parameters "${hub_parameters}")
    set(selector_arguments "${hub_arguments}")
    set(takes_init NO)
  elseif(arg_ALGORITHM STREQUAL "select_if")
    # The items of the type for which OPERATOR, a predicate, is true (cub::DeviceSelect::If).
    set(kind predicate)
    set(text "a predicate (callable with a const reference to the type, giving a bool)")
    set(hub_parameters "class InputT, class FlagT, class OffsetT, bool DistinctPartitions, ::cub::SelectImpl Impl, int Range")
    set(hub_arguments "InputT, FlagT, OffsetT, DistinctPartitions, Impl, Range")
    set(selector_parameters
        "class InputT, class InputIteratorT, class FlagsIteratorT, class OutputIteratorT, class OffsetT, ::cub::SelectImpl Impl, int Range")
    set(selector_arguments "InputT, InputIteratorT, FlagsIteratorT, OutputIteratorT, OffsetT, Impl, Range")
    set(takes_init NO)
  else()
    message(FATAL_ERROR "policytune_detail_custom_algorithm: no stock algorithm '${arg_ALGORITHM}'")
  endif()
  foreach(field IN ITEMS kind text hub_parameters hub_arguments selector_parameters selector_arguments takes_init)
    set(name "${field}")
    if(field STREQUAL "kind" OR field STREQUAL "text")
      set(name "operator_${field}")
    endif()
    string(TOUPPER "${name}" name)
    set(${arg_PREFIX}_${name} "${${field}}" PARENT_SCOPE)
  endforeach()
endfunction()
