include_guard(GLOBAL)

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

The search space is validated at configure time: a bad ``%RANGE%`` line fails the configure with its
file and line. The header is a build output of the database, the benchmark and the template, so a
target that links ``TARGET`` always compiles against current policies.

``WHEN CONFIGURE`` searches during configure what the database lacks, for host benchmarks always and
for CUDA benchmarks when a GPU of one of ``ARCHS`` is present (the results of a search are kept, so a
second configure is instant; base's answers are kept too, so a configure that finds everything
stored compiles nothing, in a fresh build folder too). The ``WHEN CONFIGURE`` calls of a directory
are checked and searched together when the directory ends, in one ``policytune`` process, and
reported call by call. ``WHEN BUILD`` adds a target ``tune.<name>`` that searches, again only
when the benchmark, the search options or the tool change. ``WHEN NEVER`` renders what the database
holds. Every call adds ``retune.<name>``, which measures everything again. The configure never
creates the database (it may be in the source tree): the first search that stores results does.

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

``DISPATCH Elements{io}`` renders, where the measurements show several policies beating one, a
policy per contiguous range of that runtime axis and a constexpr selector that picks the range from
the runtime value (``policytune generate --dispatch``; docs/guide/size-dispatch.md).
#]=======================================================================]
set(POLICYTUNE_MODE "tuned" CACHE STRING "What tune_algorithm() renders: tuned, base or test")
set_property(CACHE POLICYTUNE_MODE PROPERTY STRINGS tuned base test)
option(POLICYTUNE_FORCE_TUNE "Measure again in this configure's tune_algorithm() searches (one-shot)" OFF)

# Fails the configure quoting the call. The indented lines keep CMake from re-wrapping them, so the
# call and the reason each stay on one line.
macro(policytune_detail_fail what)
  message(FATAL_ERROR "tune_algorithm() call is wrong:\n  ${call}\n  ${what}")
endmacro()

# A %RANGE% line of the benchmark, or a template that does not fit it, fails the configure with the
# file and line at fault. Rendering CUB's defaults once checks the templates without any database.
macro(policytune_detail_check_inputs)
  execute_process(COMMAND "${tool_at_configure}" list "${arg_BENCHMARK}"
                  RESULT_VARIABLE listed OUTPUT_QUIET ERROR_VARIABLE problem)
  if(NOT listed EQUAL 0)
    string(STRIP "${problem}" problem)
    message(FATAL_ERROR "tune_algorithm(${name}): the benchmark's search space is wrong:\n  ${problem}")
  endif()
  execute_process(COMMAND "${tool_at_configure}" generate --mode base --benchmark "${arg_BENCHMARK}"
                          ${template_arguments} -o "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${name}/template-check"
                  RESULT_VARIABLE rendered ERROR_VARIABLE problem OUTPUT_QUIET)
  if(NOT rendered EQUAL 0)
    string(STRIP "${problem}" problem)
    if(problem MATCHES "several templates fit")
      string(APPEND problem " (no CCCL release was found: call find_package(CCCL) first, or say FORMAT)")
    endif()
    policytune_detail_fail("${problem}")
  endif()
endmacro()

# The same checks for a WHEN CONFIGURE call, queued to run with its search in this directory's batch
# (detail/batch.cmake), and reported as above.
macro(policytune_detail_queue_checks)
  policytune_detail_queue(KIND space NAME "${name}" TOOL "${tool_at_configure}" COMMAND list "${arg_BENCHMARK}")
  policytune_detail_queue(KIND templates NAME "${name}" TOOL "${tool_at_configure}" CALL "${call}"
                          COMMAND generate --mode base --benchmark "${arg_BENCHMARK}" ${template_arguments}
                                  -o "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${name}/template-check")
endmacro()

function(tune_algorithm name)
  list(JOIN ARGN " " call_arguments)
  set(call "tune_algorithm(${name} ${call_arguments})")
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "BENCHMARK;NAMESPACE;OUTPUT;DATABASE;WHEN;TARGET;DISPATCH;FORMAT"
                        "TEMPLATE;ARCHS;SEARCH_ARGS")
  if(arg_UNPARSED_ARGUMENTS)
    policytune_detail_fail("unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  # SEARCH_ARGS ${variable} may expand to nothing: no extra options. Other keywords need a value.
  list(REMOVE_ITEM arg_KEYWORDS_MISSING_VALUES SEARCH_ARGS)
  if(arg_KEYWORDS_MISSING_VALUES)
    list(JOIN arg_KEYWORDS_MISSING_VALUES ", " missing)
    policytune_detail_fail("${missing} needs a value")
  endif()
  if(NOT name MATCHES "^[A-Za-z_][A-Za-z0-9_.]*$")
    policytune_detail_fail("the name '${name}' must be an identifier (dots allowed)")
  endif()
  foreach(required IN ITEMS BENCHMARK TEMPLATE)
    if(NOT arg_${required})
      policytune_detail_fail("${required} <file> is required")
    endif()
    set(files "")
    foreach(file IN LISTS arg_${required})
      get_filename_component(file "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${file}" OR IS_DIRECTORY "${file}")
        policytune_detail_fail("${required} file ${file} does not exist")
      endif()
      list(APPEND files "${file}")
    endforeach()
    set(arg_${required} "${files}")
  endforeach()
  list(LENGTH arg_BENCHMARK benchmarks)
  if(NOT benchmarks EQUAL 1)
    policytune_detail_fail("BENCHMARK takes one file")
  endif()
  if(NOT arg_FORMAT)
    set(arg_FORMAT auto)
  endif()
  if(NOT arg_FORMAT MATCHES "^(auto|chained_policy|policy_selector|host)$")
    policytune_detail_fail("FORMAT must be auto, chained_policy, policy_selector or host, not '${arg_FORMAT}'")
  endif()
  if(NOT arg_WHEN)
    set(arg_WHEN NEVER)
  endif()
  if(NOT arg_WHEN MATCHES "^(CONFIGURE|BUILD|NEVER)$")
    policytune_detail_fail("WHEN must be CONFIGURE, BUILD or NEVER, not '${arg_WHEN}'")
  endif()
  if(NOT POLICYTUNE_MODE MATCHES "^(tuned|base|test)$")
    policytune_detail_fail("POLICYTUNE_MODE must be tuned, base or test, not '${POLICYTUNE_MODE}'")
  endif()
  if(NOT DEFINED arg_ARCHS AND DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(arg_ARCHS ${CMAKE_CUDA_ARCHITECTURES})
  endif()
  if(NOT arg_NAMESPACE)
    string(REPLACE "." "_" arg_NAMESPACE "${name}")
  endif()
  set(cuda FALSE)
  set(extension hpp)
  if(arg_BENCHMARK MATCHES "\\.cu$")
    set(cuda TRUE)
    set(extension cuh)
  endif()
  set(include_dir "${CMAKE_CURRENT_BINARY_DIR}/policytune")
  if(NOT arg_OUTPUT)
    set(arg_OUTPUT "${include_dir}/${name}.${extension}")
  else()
    get_filename_component(arg_OUTPUT "${arg_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    get_filename_component(include_dir "${arg_OUTPUT}" DIRECTORY)
  endif()
  if(NOT arg_DATABASE)
    set(arg_DATABASE "${CMAKE_CURRENT_BINARY_DIR}/policytune.db")
  endif()
  get_filename_component(arg_DATABASE "${arg_DATABASE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")

  # The CCCL release picks the template's format: the caller's find_package(CCCL), or the toolkit's.
  # nvcc may be reached through a link outside the toolkit (/usr/local/bin/nvcc), so the toolkit's
  # root is a hint, and its headers are read when it ships no package file.
  if(cuda AND NOT DEFINED CCCL_VERSION)
    find_package(CCCL CONFIG QUIET HINTS "${CMAKE_CUDA_COMPILER_TOOLKIT_ROOT}")
  endif()
  set(template_arguments --format "${arg_FORMAT}")
  foreach(template IN LISTS arg_TEMPLATE)
    list(APPEND template_arguments --template "${template}")
  endforeach()
  if(CCCL_VERSION)
    list(APPEND template_arguments --cccl "${CCCL_VERSION}")
  elseif(cuda)
    policytune_detail_toolkit_cccl_include(cccl_include)
    if(cccl_include)
      list(APPEND template_arguments --cccl-include "${cccl_include}")
    endif()
  endif()

  set(tool "$<TARGET_FILE:PolicyTune::policytune>")
  get_target_property(tool_is_imported PolicyTune::policytune IMPORTED)
  if(tool_is_imported)
    policytune_detail_tool_location(tool_at_configure)
    if(NOT tool_at_configure OR NOT EXISTS "${tool_at_configure}")
      policytune_detail_fail("the policytune executable was not found (${tool_at_configure}); build PolicyTune first")
    endif()
    if(arg_WHEN STREQUAL "CONFIGURE")
      policytune_detail_queue_checks()  # with the search, when this directory ends
    else()
      policytune_detail_check_inputs()
    endif()
  elseif(arg_WHEN STREQUAL "CONFIGURE")
    # In-tree (add_subdirectory, FetchContent) the tool is built with the project, after configure.
    policytune_detail_fail("WHEN CONFIGURE needs a built policytune, and PolicyTune is part of this project: it is built after the configure. Use WHEN BUILD (target tune.${name}), or install PolicyTune and find_package() it")
  else()
    # The benchmark and templates are checked when the header is rendered, at build time.
    set(tool_at_configure "${tool}")
  endif()

  set(work_dir "${CMAKE_CURRENT_BINARY_DIR}/policytune-build/${name}")
  set(search_arguments search "${arg_BENCHMARK}" --db "${arg_DATABASE}" --build-dir "${work_dir}" ${arg_SEARCH_ARGS})
  if(cuda AND arg_ARCHS)
    policytune_detail_sm_numbers(sm_numbers ${arg_ARCHS})
    list(APPEND search_arguments --cuda-arch ${sm_numbers})
  endif()
  # The project's compiler launcher (ccache, sccache, distcc) serves the variant builds too.
  if(cuda)
    set(launcher "${CMAKE_CUDA_COMPILER_LAUNCHER}")
  else()
    set(launcher "${CMAKE_CXX_COMPILER_LAUNCHER}")
  endif()
  if(launcher)
    list(GET launcher 0 launcher)
    list(APPEND search_arguments --compiler-launcher "${launcher}")
  endif()

  # The header is rendered again when the database changes; a database that does not exist yet is
  # not created here (it may be in the source tree): the search that first fills it is a dependency
  # for WHEN BUILD, and the next configure for the others.
  set(header_inputs "${arg_BENCHMARK}" ${arg_TEMPLATE} PolicyTune::policytune)
  if(arg_WHEN STREQUAL "CONFIGURE" AND NOT POLICYTUNE_MODE STREQUAL "tuned")
    message(STATUS "tune_algorithm(${name}): POLICYTUNE_MODE=${POLICYTUNE_MODE}, no search")
  elseif(arg_WHEN STREQUAL "CONFIGURE")
    policytune_detail_search_at_configure("${name}" "${cuda}" "${arg_ARCHS}" "${arg_DATABASE}" "${arg_OUTPUT}"
                                          "${tool_at_configure}" ${search_arguments})
  elseif(arg_WHEN STREQUAL "BUILD")
    policytune_detail_search_at_build("${name}" "${arg_BENCHMARK}" "${work_dir}" "${tool}" ${search_arguments})
    list(APPEND header_inputs "${work_dir}/searched.stamp")
  endif()
  if(EXISTS "${arg_DATABASE}")
    list(APPEND header_inputs "${arg_DATABASE}")
  endif()
  # Measuring again, whatever is stored, is a target of its own: building it is the one-shot. It
  # touches a stamp of the binary dir that the header depends on, so that the next build renders
  # its results even when the database did not exist at configure time.
  set(retuned "${work_dir}/retuned.stamp")
  if(NOT EXISTS "${retuned}")
    file(MAKE_DIRECTORY "${work_dir}")
    file(TOUCH "${retuned}")
  endif()
  list(APPEND header_inputs "${retuned}")
  add_custom_target(retune.${name}
                    COMMAND "${tool}" ${search_arguments} --force
                    COMMAND "${CMAKE_COMMAND}" -E touch "${retuned}"
                    USES_TERMINAL COMMENT "PolicyTune: measuring ${name} again" VERBATIM)

  set(generate_command "${tool}" generate --db "${arg_DATABASE}" --benchmark "${arg_BENCHMARK}"
                       ${template_arguments} --output "${arg_OUTPUT}" --namespace "${arg_NAMESPACE}"
                       --mode "${POLICYTUNE_MODE}")
  if(arg_ARCHS)
    policytune_detail_sm_numbers(sm_numbers ${arg_ARCHS})
    string(REPLACE ";" "," sm_list "${sm_numbers}")
    list(APPEND generate_command --archs "${sm_list}")
  endif()
  if(arg_DISPATCH)
    list(APPEND generate_command --dispatch "${arg_DISPATCH}")
  endif()
  add_custom_command(OUTPUT "${arg_OUTPUT}" COMMAND ${generate_command} DEPENDS ${header_inputs}
                     COMMENT "PolicyTune: rendering ${name} policies" VERBATIM)
  add_custom_target(policytune.generate.${name} DEPENDS "${arg_OUTPUT}")
  if(arg_WHEN STREQUAL "BUILD")
    # One target owns the search's rule, so that no generator runs it twice at once.
    add_dependencies(policytune.generate.${name} tune.${name})
  endif()

  if(arg_TARGET)
    if(NOT TARGET ${arg_TARGET})
      add_library(${arg_TARGET} INTERFACE)
    endif()
    target_include_directories(${arg_TARGET} INTERFACE "$<BUILD_INTERFACE:${include_dir}>")
    # Generated hubs include PolicyTune's shared helpers (policytune/detail/*.cuh).
    target_link_libraries(${arg_TARGET} INTERFACE PolicyTune::policies)
    add_dependencies(${arg_TARGET} policytune.generate.${name})
  endif()
  set(${name}_POLICY_HEADER "${arg_OUTPUT}" PARENT_SCOPE)
endfunction()

include("${CMAKE_CURRENT_LIST_DIR}/detail/batch.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/detail/searches.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/detail/toolkit_cccl.cmake")
