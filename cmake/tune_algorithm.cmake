include_guard(GLOBAL)

# tune_algorithm(), the package's public function. Its steps are private functions (policytune_detail_*)
# of detail/, one concept per file, each taking keywords; the package's cache variables are in
# detail/settings.cmake.
foreach(policytune_detail_file IN ITEMS errors keywords choices settings arguments input_files paths tool
                                        toolkit_cccl templates checks architectures searches batch
                                        configure_search build_search render targets custom_algorithm_table
                                        custom_names custom_inputs custom_header_check custom_selector custom_outputs
                                        custom_registration)
  include("${CMAKE_CURRENT_LIST_DIR}/detail/${policytune_detail_file}.cmake")
endforeach()
unset(policytune_detail_file)

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

Cache variables (``detail/settings.cmake``): ``PolicyTune_MODE`` (``tuned``, ``base``: the library
defaults, ``test``: the benchmark's ``%TEST%`` variant, for reproducible CI builds) pins what is
rendered; ``PolicyTune_FORCE_TUNE`` makes this configure's ``WHEN CONFIGURE`` searches measure
again, then goes back to ``OFF``; ``PolicyTune_NVCC`` and ``PolicyTune_NVIDIA_SMI`` name the
programs found on the ``PATH`` otherwise. Their ``POLICYTUNE_*`` names of PolicyTune 0.1 still work
until the next release, and say they are deprecated where a project sets or reads them.

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
  cmake_parse_arguments(PARSE_ARGV 1 given "" "${single_value_keywords}" "${list_keywords}")

  # The call checked, and completed with its defaults: every value the tool would refuse later is
  # refused here, naming its keyword. The benchmark and templates are the call's own, or those of a
  # stock algorithm instantiated for the user's type (detail/custom_inputs.cmake).
  policytune_detail_check_keywords(CALL "${call}" NAME "${name}" PARSED given
                                   KEYWORDS ${single_value_keywords} ${list_keywords})
  policytune_detail_check_archs(CALL "${call}" ARCHS "${given_ARCHS}")
  set(search_options "")
  if(DEFINED given_ALGORITHM)
    policytune_detail_custom_inputs(CALL "${call}" NAME "${name}" PARSED given BENCHMARK_VAR benchmark
                                    TEMPLATES_VAR templates SEARCH_ARGS_VAR search_options)
    policytune_detail_default(VALUE "${given_DISPATCH}" DEFAULT "Elements{io}" RESULT_VAR given_DISPATCH)
  else()
    policytune_detail_input_files(CALL "${call}" PARSED given BENCHMARK_VAR benchmark TEMPLATES_VAR templates)
  endif()
  list(APPEND search_options ${given_SEARCH_ARGS})
  policytune_detail_setting(NAME MODE VALUE_VAR mode)
  policytune_detail_default(VALUE "${given_FORMAT}" DEFAULT auto RESULT_VAR format)
  policytune_detail_default(VALUE "${given_WHEN}" DEFAULT NEVER RESULT_VAR when)
  policytune_detail_check_choices(CALL "${call}" FORMAT "${format}" WHEN "${when}" MODE "${mode}")
  set(archs ${given_ARCHS})
  if(NOT DEFINED given_ARCHS)
    set(archs ${CMAKE_CUDA_ARCHITECTURES})
  endif()
  string(REPLACE "." "_" namespace "${name}")
  policytune_detail_default(VALUE "${given_NAMESPACE}" DEFAULT "${namespace}" RESULT_VAR namespace)
  policytune_detail_is_cuda(BENCHMARK "${benchmark}" CUDA_VAR cuda)
  policytune_detail_header_paths(NAME "${name}" CUDA "${cuda}" OUTPUT "${given_OUTPUT}" HEADER_VAR consumer_header
                                 INCLUDE_DIR_VAR include_dir)
  set(header "${consumer_header}")  # what is rendered: with ALGORITHM, the hub the consumer's header registers
  if(DEFINED given_ALGORITHM)
    get_filename_component(header_stem "${consumer_header}" NAME_WLE)
    set(header "${include_dir}/${header_stem}_hub.cuh")
  endif()
  policytune_detail_database_path(DATABASE "${given_DATABASE}" DATABASE_VAR database)
  policytune_detail_check_file_path(CALL "${call}" KEYWORD OUTPUT PATH "${consumer_header}")
  policytune_detail_check_file_path(CALL "${call}" KEYWORD DATABASE PATH "${database}")

  # The benchmark and the templates checked now by the installed tool, or when the header is
  # rendered in-tree; the CCCL release picks among the templates.
  policytune_detail_template_arguments(CUDA "${cuda}" FORMAT "${format}" TEMPLATES ${templates}
                                       ARGUMENTS_VAR template_arguments)
  policytune_detail_configure_tool(CALL "${call}" NAME "${name}" WHEN "${when}" TOOL_VAR tool_at_configure)
  if(tool_at_configure)
    policytune_detail_check_inputs(CALL "${call}" NAME "${name}" WHEN "${when}" TOOL "${tool_at_configure}"
                                   BENCHMARK "${benchmark}" NAMESPACE "${namespace}" ARCHS ${archs}
                                   DISPATCH "${given_DISPATCH}" TEMPLATE_ARGUMENTS "${template_arguments}")
  endif()

  # The searches: at configure, at build, and again on demand (detail/searches.cmake).
  set(tool "$<TARGET_FILE:PolicyTune::policytune>")
  policytune_detail_add_searches(NAME "${name}" WHEN "${when}" MODE "${mode}" CUDA "${cuda}" ARCHS ${archs}
                                 BENCHMARK "${benchmark}" DATABASE "${database}" HEADER "${header}" TOOL "${tool}"
                                 TOOL_AT_CONFIGURE "${tool_at_configure}" SEARCH_ARGS "${search_options}"
                                 STAMPS_VAR searched SEARCH_TARGET_VAR search_target)

  # The header, rendered again when the database changes. A database that does not exist yet is not
  # created here (it may be in the source tree): the search that first fills it is a dependency for
  # WHEN BUILD, and the next configure for the others.
  set(render TOOL "${tool}" DATABASE "${database}" BENCHMARK "${benchmark}" NAMESPACE "${namespace}" MODE "${mode}")
  policytune_detail_generate_command(${render} HEADER "${header}" ARCHS ${archs} DISPATCH "${given_DISPATCH}"
                                     TEMPLATE_ARGUMENTS "${template_arguments}" COMMAND_VAR generate_command)
  set(header_inputs "${benchmark}" ${templates} PolicyTune::policytune ${searched})
  if(EXISTS "${database}")
    list(APPEND header_inputs "${database}")
  endif()
  policytune_detail_add_generate_target(NAME "${name}" HEADER "${header}" SEARCH_TARGET "${search_target}"
                                        COMMAND "${generate_command}" DEPENDS "${header_inputs}")
  if(given_TARGET)
    policytune_detail_link_target(TARGET "${given_TARGET}" NAME "${name}" INCLUDE_DIR "${include_dir}")
  endif()
  if(DEFINED given_ALGORITHM)
    policytune_detail_custom_outputs(NAME "${name}" PARSED given WRAPPER "${consumer_header}" HUB "${header}"
                                     NAMESPACE "${namespace}" RENDER "${render}" ARCHS ${archs}
                                     SEARCH_TARGET "${search_target}" DEPENDS "${header_inputs}")
  endif()
  set(${name}_POLICY_HEADER "${consumer_header}" PARENT_SCOPE)
endfunction()
