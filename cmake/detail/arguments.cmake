include_guard(GLOBAL)

# tune_algorithm()'s arguments, checked and completed with their defaults. Each function fails the
# configure quoting the call (errors.cmake).

# policytune_detail_check_keywords(<call> <name> <unparsed> <keywords missing values> <keywords>
#                                  <list values>): the keywords are known and have values, the name is
# an identifier. <list values> are what TEMPLATE and ARCHS took: a keyword misspelt after them
# (TEMPLATE t.mustache NAMSPACE x) is among them, not among the unparsed (keywords.cmake).
function(policytune_detail_check_keywords call name unparsed missing keywords list_values)
  foreach(word IN LISTS unparsed)
    policytune_detail_misspelt_keyword(problem "${word}" ${keywords})
    if(problem)
      policytune_detail_fail("${call}" "${problem}")
    endif()
  endforeach()
  if(unparsed)
    list(JOIN unparsed " " unparsed)
    policytune_detail_fail("${call}" "unknown arguments: ${unparsed}")
  endif()
  foreach(value IN LISTS list_values)
    policytune_detail_misspelt_keyword(problem "${value}" ${keywords})
    if(problem AND NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${value}")  # a template file may be called README
      policytune_detail_fail("${call}" "${problem}")
    endif()
  endforeach()
  # SEARCH_ARGS ${variable} may expand to nothing: no extra options. Other keywords need a value.
  list(REMOVE_ITEM missing SEARCH_ARGS)
  if(missing)
    list(JOIN missing ", " missing)
    policytune_detail_fail("${call}" "${missing} needs a value")
  endif()
  if(NOT name MATCHES "^[A-Za-z_][A-Za-z0-9_.]*$")
    policytune_detail_fail("${call}" "the name '${name}' must be an identifier (dots allowed)")
  endif()
endfunction()

# policytune_detail_input_files(<benchmark out> <templates out> <call> <benchmark> <templates>):
# BENCHMARK (one file) and TEMPLATE (one or more) are given and exist; returned as absolute paths,
# relative ones taken from the current source directory.
function(policytune_detail_input_files benchmark_out templates_out call benchmark templates)
  foreach(keyword IN ITEMS BENCHMARK TEMPLATE)
    if(keyword STREQUAL "BENCHMARK")
      set(given "${benchmark}")
    else()
      set(given "${templates}")
    endif()
    if(NOT given)
      policytune_detail_fail("${call}" "${keyword} <file> is required")
    endif()
    set(files "")
    foreach(file IN LISTS given)
      get_filename_component(file "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${file}" OR IS_DIRECTORY "${file}")
        policytune_detail_fail("${call}" "${keyword} file ${file} does not exist")
      endif()
      list(APPEND files "${file}")
    endforeach()
    set(absolute_${keyword} "${files}")
  endforeach()
  list(LENGTH absolute_BENCHMARK benchmarks)
  if(NOT benchmarks EQUAL 1)
    policytune_detail_fail("${call}" "BENCHMARK takes one file")
  endif()
  set(${benchmark_out} "${absolute_BENCHMARK}" PARENT_SCOPE)
  set(${templates_out} "${absolute_TEMPLATE}" PARENT_SCOPE)
endfunction()

# policytune_detail_default(<out> <value> <default>): <value>, or <default> where it is empty.
function(policytune_detail_default out value default)
  if(NOT value)
    set(value "${default}")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()
