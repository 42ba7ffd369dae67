include_guard(GLOBAL)

# tune_algorithm()'s arguments, checked and completed with their defaults. Each function fails the
# configure quoting the call (errors.cmake).

# policytune_detail_check_keywords(CALL <call> NAME <name> PARSED <prefix> KEYWORDS <keyword>...)
# The keywords are known and have values, the name is an identifier. <prefix> is the caller's
# cmake_parse_arguments prefix (tune_algorithm's `given`): its <prefix>_UNPARSED_ARGUMENTS,
# <prefix>_KEYWORDS_MISSING_VALUES and the values of the list keywords TEMPLATE and ARCHS are read
# from there, by name, because they are the user's words, any of which could be spelt like a keyword
# of this function. (Not `arg`: this function's own parse would hide the caller's arg_*.) A keyword misspelt
# after a list keyword (TEMPLATE t.mustache NAMSPACE x) is among the list's values, not among the
# unparsed (keywords.cmake).
function(policytune_detail_check_keywords)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;NAME;PARSED" "KEYWORDS")
  set(unparsed "${${arg_PARSED}_UNPARSED_ARGUMENTS}")
  set(missing "${${arg_PARSED}_KEYWORDS_MISSING_VALUES}")
  foreach(word IN LISTS unparsed ${arg_PARSED}_TEMPLATE ${arg_PARSED}_ARCHS)
    if(NOT word MATCHES "^[A-Z][A-Z_]+$")
      continue()
    endif()
    if(NOT word IN_LIST unparsed AND EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${word}")
      continue()  # a template file may be called README
    endif()
    string(TOLOWER "${word}" word)
    policytune_detail_misspelt_keyword(WORD "${word}" KEYWORDS ${arg_KEYWORDS} MESSAGE_VAR problem)
    policytune_detail_fail(CALL "${arg_CALL}" REASON "${problem}")
  endforeach()
  if(unparsed)
    list(JOIN unparsed " " unparsed)
    policytune_detail_fail(CALL "${arg_CALL}" REASON "unknown arguments: ${unparsed}")
  endif()
  # SEARCH_ARGS ${variable} may expand to nothing: no extra options. Other keywords need a value.
  list(REMOVE_ITEM missing SEARCH_ARGS)
  if(missing)
    list(JOIN missing ", " missing)
    policytune_detail_fail(CALL "${arg_CALL}" REASON "${missing} needs a value")
  endif()
  if(NOT arg_NAME MATCHES "^[A-Za-z_][A-Za-z0-9_.]*$")
    policytune_detail_fail(CALL "${arg_CALL}" REASON "the name '${arg_NAME}' must be an identifier (dots allowed)")
  endif()
endfunction()

# policytune_detail_default(VALUE <value> DEFAULT <default> RESULT_VAR <out>): <value>, or <default>
# where it is empty.
function(policytune_detail_default)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "VALUE;DEFAULT;RESULT_VAR" "")
  set(value "${arg_VALUE}")
  if(NOT value)
    set(value "${arg_DEFAULT}")
  endif()
  set(${arg_RESULT_VAR} "${value}" PARENT_SCOPE)
endfunction()
