include_guard(GLOBAL)

# tune_algorithm(), the package's public function, and the cache variables it reads. Its steps are
# private functions (policytune_detail_*) of detail/, one concern per file.
foreach(policytune_detail_file IN ITEMS errors keywords choices arguments paths tool templates toolkit_cccl checks
                                        architectures searches batch render targets custom_algorithms)
  include("${CMAKE_CURRENT_LIST_DIR}/detail/${policytune_detail_file}.cmake")
endforeach()
unset(policytune_detail_file)

set(POLICYTUNE_MODE "tuned" CACHE STRING "What tune_algorithm() renders: tuned, base or test")
policytune_detail_modes(policytune_detail_mode_values)
set_property(CACHE POLICYTUNE_MODE PROPERTY STRINGS ${policytune_detail_mode_values})
unset(policytune_detail_mode_values)
option(POLICYTUNE_FORCE_TUNE "Measure again in this configure's tune_algorithm() searches (one-shot)" OFF)

#[=======================================================================[.rst:
tune_algorithm
--------------

Tunes one algorithm's compile-time policies with PolicyTune and renders the winners into a
header-only policy hub that consumers include.

.. code-block:: cmake

  tune_algorithm(<name>
                 BENCHMARK <file>          # %RANGE%-annotated benchmark (.cu or .cpp)
                 TEMPLATE <file>...        # how a winning variant becomes a policy; one per format
                 [FORMAT auto|chained_policy|policy_selector|host]  # default auto: the CCCL release picks
                 [ARCHS <sm>...]           # default: CMAKE_CUDA_ARCHITECTURES
                 [NAMESPACE <ns>]          # default: <name>
                 [OUTPUT <header>]         # default: <binary dir>/policytune/<name>.cuh or .hpp
                 [DATABASE <file>]         # default: <binary dir>/policytune.db
                 [WHEN CONFIGURE|BUILD|NEVER]  # when searches run; default NEVER
                 [TARGET <interface target>]   # created if missing; carries the include directory
                 [DISPATCH <runtime axis>]     # a policy per range of this axis where several win
                 [SEARCH_ARGS <arg>...])   # extra `policytune search` options (-a, --budget, ...)

  tune_algorithm(<name>
                 ALGORITHM <algorithm>     # reduce, exclusive_scan, reduce_by_key, radix_sort or select_if,
                                           # a stock algorithm, instead of BENCHMARK and TEMPLATE
                 HEADER <file>             # declares TYPE and OPERATOR, and policytune::verification<TYPE>
                 TYPE <C++ type>           # your value type (reduce_by_key: of the values, the keys are int32;
                                           # radix_sort: your key type)
                 OPERATOR <C++ type>       # your operator (a default-constructible functor): a binary operator
                                           # (reduce, exclusive_scan, reduce_by_key), radix_sort's decomposer,
                                           # select_if's predicate
                 [INIT <initializer>]      # reduce, exclusive_scan: the initial value, as TYPE{<initializer>};
                                           # default TYPE{}
                 ...)                      # the other options as above; DISPATCH defaults to Elements{io}

The search space is validated at configure time: a bad ``%RANGE%`` line fails the configure with its
file and line. The header is a build output of the database, the benchmark and the template, so a
target that links ``TARGET`` always compiles against current policies.

``WHEN CONFIGURE`` searches during configure what the database lacks, for host benchmarks always and
for CUDA benchmarks when a GPU of one of ``ARCHS`` is present (the results of a search are kept, so a
second configure is instant; base's answers are kept too, so a configure that finds everything
stored compiles nothing, in a fresh build folder too). The ``WHEN CONFIGURE`` calls of a directory
are checked and searched together when the directory ends, in one ``policytune`` process, and
reported call by call. ``WHEN BUILD`` adds a target ``policytune.tune.<name>`` that searches, again
only when the benchmark, the search options or the tool change; for CUDA benchmarks only when a GPU
of one of ``ARCHS`` is present as the build runs (without one, each build says so, compiles nothing
and renders what the database holds). ``WHEN NEVER`` renders what the
database holds. Every call adds ``policytune.retune.<name>``, which measures everything again. The
configure never creates the database (it may be in the source tree): the first search that stores
results does.

Targets, one dotted scheme (``detail/targets.cmake``):

``policytune.tune.<name>``
  ``WHEN BUILD`` only: searches what the database lacks. Old name: ``tune.<name>``.
``policytune.retune.<name>``
  Measures every variant again, whatever is stored. Old name: ``retune.<name>``.
``policytune.generate.<name>``
  Renders the header; ``TARGET`` depends on it.

The old names still work: each is a custom target that depends on the new one (custom targets
cannot have ``ALIAS`` names).

``FORMAT``'s values are those of ``policytune generate --format`` (``detail/choices.cmake`` holds
them once; a test compares them with the tool's). The call sets ``<name>_POLICY_HEADER`` in the
caller's scope to the header's path. Its messages carry the context ``policytune.tune_algorithm``
(shown with ``cmake --log-context``), and a wrong call fails the configure quoting the call.

Cache variables: ``POLICYTUNE_MODE`` (``tuned``, ``base``: the library defaults, ``test``: the
benchmark's ``%TEST%`` variant, for reproducible CI builds) pins what is rendered;
``POLICYTUNE_FORCE_TUNE`` makes this configure's ``WHEN CONFIGURE`` searches measure again, then
goes back to ``OFF``.

In-tree (``add_subdirectory`` or ``FetchContent``), the tool is built with the project, after the
configure: ``WHEN CONFIGURE`` is an error there, and the benchmark and templates are checked when
the header is rendered.

With several templates (one per format, e.g. ``templates/reduce.mustache`` for ``cub::ChainedPolicy``
hubs and ``templates/reduce_selector.mustache`` for CCCL 3.5's policy selectors), the CCCL release
picks the one to render: ``CCCL_VERSION`` from ``find_package(CCCL)`` (looked for when the benchmark is
CUDA and the caller has not). ``FORMAT`` overrides the choice. A template whose format or ``cccl:``
line the release cannot take fails the configure with the template's file and line.

With ``ALGORITHM``, PolicyTune writes the benchmark of that algorithm for the user's type and operator
(``bench/custom/<algorithm>.cu.in``: CUB's search space, base is CUB's public API with that type and
operator, every variant's result checked with ``policytune::verification<TYPE>::same``) and the
template that renders its hub (``templates/custom/<algorithm>.mustache.in``), in
``<binary dir>/policytune-custom``. The header's check is compiled at configure time: a header that
does not declare TYPE or OPERATOR, or no ``policytune::verification<TYPE>`` with ``input`` and
``same``, fails the configure in one line naming the header. The header consumers include
(``<name>.cuh``) includes the user's header and the rendered hub (``<name>_hub.cuh``), and registers
the hub for exactly that type and operator: ``policytune::device_<algorithm>`` then uses it
(``radix_sort``: ``policytune::device_radix_sort_keys(..., decomposer)``; ``select_if``:
``policytune::device_select_if``).
``TARGET`` carries the user's header's directory and ``PolicyTune::bench`` too.

``DISPATCH Elements{io}`` renders, where the measurements show several policies beating one, a
policy per contiguous range of that runtime axis and a constexpr selector that picks the range from
the runtime value (``policytune generate --dispatch``; docs/guide/size-dispatch.md).
#]=======================================================================]
function(tune_algorithm name)
  list(APPEND CMAKE_MESSAGE_CONTEXT "policytune.tune_algorithm")
  list(JOIN ARGN " " call_arguments)
  set(call "tune_algorithm(${name} ${call_arguments})")  # what every error about the call quotes
  set(single_value_keywords BENCHMARK NAMESPACE OUTPUT DATABASE WHEN TARGET DISPATCH FORMAT ALGORITHM HEADER TYPE
                            OPERATOR INIT)
  set(list_keywords TEMPLATE ARCHS SEARCH_ARGS)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "${single_value_keywords}" "${list_keywords}")

  # The call checked, and completed with its defaults (detail/arguments.cmake, keywords.cmake,
  # choices.cmake, architectures.cmake, paths.cmake): every value the tool would refuse later is
  # refused here, naming its keyword.
  policytune_detail_check_keywords("${call}" "${name}" "${arg_UNPARSED_ARGUMENTS}" "${arg_KEYWORDS_MISSING_VALUES}"
                                   "${single_value_keywords};${list_keywords}" "${arg_TEMPLATE};${arg_ARCHS}")
  policytune_detail_check_archs("${call}" ${arg_ARCHS})
  set(custom_search_arguments "")
  if(DEFINED arg_ALGORITHM)
    # A stock algorithm for the user's type: its benchmark and template instantiated (custom_algorithms.cmake).
    policytune_detail_custom_inputs(benchmark templates custom_search_arguments "${call}" "${name}" "${arg_ALGORITHM}" "${arg_HEADER}"
                                    "${arg_TYPE}" "${arg_OPERATOR}" "${arg_INIT}" "${arg_BENCHMARK}" "${arg_TEMPLATE}")
    policytune_detail_default(arg_DISPATCH "${arg_DISPATCH}" "Elements{io}")
  else()
    foreach(keyword IN ITEMS HEADER TYPE OPERATOR INIT)
      if(DEFINED arg_${keyword})
        policytune_detail_fail("${call}" "${keyword} goes with ALGORITHM")
      endif()
    endforeach()
    policytune_detail_input_files(benchmark templates "${call}" "${arg_BENCHMARK}" "${arg_TEMPLATE}")
  endif()
  policytune_detail_default(format "${arg_FORMAT}" auto)
  policytune_detail_default(when "${arg_WHEN}" NEVER)
  policytune_detail_check_choices("${call}" "${format}" "${when}" "${POLICYTUNE_MODE}")
  set(archs ${arg_ARCHS})
  if(NOT DEFINED arg_ARCHS)
    set(archs ${CMAKE_CUDA_ARCHITECTURES})
  endif()
  string(REPLACE "." "_" namespace "${name}")
  policytune_detail_default(namespace "${arg_NAMESPACE}" "${namespace}")
  policytune_detail_is_cuda(cuda "${benchmark}")
  policytune_detail_header_paths(header include_dir "${name}" "${cuda}" "${arg_OUTPUT}")
  set(consumer_header "${header}")  # what consumers include
  if(DEFINED arg_ALGORITHM)
    # The hub beside the header that registers it for the type and operator.
    get_filename_component(header_stem "${header}" NAME_WLE)
    set(header "${include_dir}/${header_stem}_hub.cuh")
    policytune_detail_custom_registration("${consumer_header}" "${header}" "${arg_ALGORITHM}" "${arg_HEADER}"
                                          "${arg_TYPE}" "${arg_OPERATOR}" "${namespace}")
  endif()
  policytune_detail_database_path(database "${arg_DATABASE}")
  policytune_detail_check_file_path("${call}" OUTPUT "${consumer_header}")
  policytune_detail_check_file_path("${call}" DATABASE "${database}")

  # The templates and the CCCL release that picks among them; the benchmark and the templates
  # checked now by the installed tool, or when the header is rendered in-tree (detail/templates.cmake,
  # tool.cmake, checks.cmake).
  policytune_detail_template_arguments(template_arguments "${cuda}" "${format}" ${templates})
  policytune_detail_configure_tool(tool_at_configure "${call}" "${name}" "${when}")
  if(tool_at_configure)
    policytune_detail_check_inputs("${call}" "${name}" "${when}" "${tool_at_configure}" "${benchmark}" "${namespace}"
                                   "${archs}" "${arg_DISPATCH}" ${template_arguments})
  endif()

  # The searches: at configure, at build, and again on demand (detail/searches.cmake, targets.cmake).
  set(tool "$<TARGET_FILE:PolicyTune::policytune>")
  set(work_dir "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${name}")
  policytune_detail_search_arguments(search_arguments "${cuda}" "${benchmark}" "${database}" "${work_dir}"
                                     "${archs}" ${custom_search_arguments} ${arg_SEARCH_ARGS})
  set(searched "")
  set(search_target "")
  if(when STREQUAL "CONFIGURE")
    policytune_detail_search_at_configure("${name}" "${POLICYTUNE_MODE}" "${cuda}" "${archs}" "${database}"
                                          "${header}" "${tool_at_configure}" ${search_arguments})
  elseif(when STREQUAL "BUILD")
    policytune_detail_search_at_build(searched "${name}" "${cuda}" "${archs}" "${benchmark}" "${database}" "${work_dir}"
                                      "${tool}" ${search_arguments})
    set(search_target policytune.tune.${name})
  endif()
  policytune_detail_add_retune_target(retuned "${name}" "${work_dir}" "${tool}" ${search_arguments})

  # The header, rendered again when the database changes (detail/render.cmake, targets.cmake). A
  # database that does not exist yet is not created here (it may be in the source tree): the search
  # that first fills it is a dependency for WHEN BUILD, and the next configure for the others.
  policytune_detail_generate_command(generate_command TOOL "${tool}" DATABASE "${database}" BENCHMARK "${benchmark}"
                                     HEADER "${header}" NAMESPACE "${namespace}" MODE "${POLICYTUNE_MODE}"
                                     ARCHS ${archs} DISPATCH "${arg_DISPATCH}" TEMPLATE_ARGUMENTS ${template_arguments})
  set(header_inputs "${benchmark}" ${templates} PolicyTune::policytune ${searched})
  if(EXISTS "${database}")
    list(APPEND header_inputs "${database}")
  endif()
  policytune_detail_add_generate_target(NAME "${name}" HEADER "${header}" SEARCH_TARGET "${search_target}"
                                        COMMAND ${generate_command} DEPENDS ${header_inputs} "${retuned}")
  if(DEFINED arg_ALGORITHM)
    policytune_detail_custom_render_selector(NAME "${name}" ALGORITHM "${arg_ALGORITHM}" HUB "${header}" TOOL "${tool}"
                                             DATABASE "${database}" BENCHMARK "${benchmark}" NAMESPACE "${namespace}"
                                             MODE "${POLICYTUNE_MODE}" ARCHS ${archs} DISPATCH "${arg_DISPATCH}"
                                             SEARCH_TARGET "${search_target}" DEPENDS ${header_inputs} "${retuned}")
  endif()
  if(arg_TARGET)
    policytune_detail_link_target("${arg_TARGET}" "${name}" "${include_dir}")
    if(DEFINED arg_ALGORITHM)
      policytune_detail_custom_link_target("${arg_TARGET}" "${name}" "${arg_ALGORITHM}" "${arg_HEADER}")
    endif()
  endif()
  set(${name}_POLICY_HEADER "${consumer_header}" PARENT_SCOPE)
endfunction()
