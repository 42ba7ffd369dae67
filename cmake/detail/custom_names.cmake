include_guard(GLOBAL)

# How the user's C++ names of a tune_algorithm(ALGORITHM) call are spelt in what PolicyTune writes.

# policytune_detail_custom_label(TYPE <type> LABEL_VAR <out>): the type's name on the benchmark's
# T{ct} axis (geometry::vec3 -> geometry_vec3).
function(policytune_detail_custom_label)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TYPE;LABEL_VAR" "")
  string(REGEX REPLACE "^::" "" label "${arg_TYPE}")
  string(REGEX REPLACE "[^A-Za-z0-9]+" "_" label "${label}")
  string(REGEX REPLACE "_$" "" label "${label}")
  set(${arg_LABEL_VAR} "${label}" PARENT_SCOPE)
endfunction()

# policytune_detail_custom_spelling(NAME <name> SPELLING_VAR <out>): a C++ type named from the
# global namespace, as the hub (inside the call's NAMESPACE) and the registration spell it: a
# qualified name gets a leading '::' (geometry::vec3 -> ::geometry::vec3), a fundamental type stays
# as it is (float, unsigned int).
function(policytune_detail_custom_spelling)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;SPELLING_VAR" "")
  string(STRIP "${arg_NAME}" name)
  if(name MATCHES "^[A-Za-z_][A-Za-z0-9_]*::")
    set(name "::${name}")
  endif()
  set(${arg_SPELLING_VAR} "${name}" PARENT_SCOPE)
endfunction()
