include_guard(GLOBAL)

# The package's variables, one spelling: PolicyTune_* (PolicyTune_MODE, PolicyTune_FORCE_TUNE,
# PolicyTune_NVCC, PolicyTune_NVIDIA_SMI, and the folders PolicyTune_MODULE_DIR, _TEMPLATE_DIR,
# _BENCHMARK_DIR that find_package(PolicyTune) sets). PolicyTune 0.1 spelt some POLICYTUNE_*: those
# names still work until the next release, and each says it is deprecated, naming the new one,
# wherever a project sets or reads it:
#   - a cache entry of the old name (-DPOLICYTUNE_MODE=test) moves to the new name when the package
#     is found, saying so;
#   - a variable_watch sees the project set or read the old name after that, and says so at that
#     line; a read gets the new name's value;
#   - an old name set before the package was found is taken, and said, when tune_algorithm() reads it.
# Environment variables (POLICYTUNE_BUILD_CACHE, ...) are no CMake variables and keep their names.

# policytune_detail_renamed_variables(NAMES_VAR <out>): the <X> of each POLICYTUNE_<X> renamed
# PolicyTune_<X>.
function(policytune_detail_renamed_variables)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAMES_VAR" "")
  set(${arg_NAMES_VAR} MODE FORCE_TUNE NVCC NVIDIA_SMI MODULE_DIR TEMPLATE_DIR BENCHMARK_DIR PARENT_SCOPE)
endfunction()

# policytune_detail_warn_old_name(NAME <X> ACCESS set|read): the deprecation, said
# once per configure for each name and kind of access.
function(policytune_detail_warn_old_name)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;ACCESS" "")
  get_property(warned GLOBAL PROPERTY policytune_warned_old_${arg_NAME}_${arg_ACCESS})
  if(NOT warned)
    set_property(GLOBAL PROPERTY policytune_warned_old_${arg_NAME}_${arg_ACCESS} TRUE)
    message(DEPRECATION "POLICYTUNE_${arg_NAME} is deprecated: its name is PolicyTune_${arg_NAME} (the old "
                        "name was ${arg_ACCESS} here; it still works, until the next release)")
  endif()
endfunction()

# policytune_detail_is_own_entry(NAME <X> VALUE <value> OWN_VAR <out>): TRUE where POLICYTUNE_<X>'s
# cached value is what PolicyTune 0.1 wrote there itself: MODE tuned, FORCE_TUNE off, the program
# found on the PATH (or none found).
function(policytune_detail_is_own_entry)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;VALUE;OWN_VAR" "")
  set(own FALSE)
  if(arg_NAME STREQUAL "MODE" AND arg_VALUE STREQUAL "tuned")
    set(own TRUE)
  elseif(arg_NAME STREQUAL "FORCE_TUNE" AND NOT arg_VALUE)
    set(own TRUE)
  elseif(arg_NAME MATCHES "^(NVCC|NVIDIA_SMI)$")
    string(TOLOWER "${arg_NAME}" program)
    string(REPLACE "_" "-" program "${program}")
    find_program(found ${program} NO_CACHE)
    if(arg_VALUE STREQUAL found OR arg_VALUE MATCHES "-NOTFOUND$")
      set(own TRUE)
    endif()
  endif()
  set(${arg_OWN_VAR} ${own} PARENT_SCOPE)
endfunction()

# policytune_detail_move_old_cache_entry(NAME <X>): a cache entry POLICYTUNE_<X> (-DPOLICYTUNE_MODE=test)
# becomes PolicyTune_<X>'s, unless the project gave PolicyTune_<X> too, and the old entry goes. Every
# build folder of PolicyTune 0.1 holds such entries that the package wrote itself (POLICYTUNE_MODE=tuned,
# the nvcc found on the PATH): those move without a word; what the project chose is said deprecated.
# Called before the new entries are declared, so that a value given for the new name is told apart.
function(policytune_detail_move_old_cache_entry)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME" "")
  set(old POLICYTUNE_${arg_NAME})
  set(new PolicyTune_${arg_NAME})
  if(NOT DEFINED CACHE{${old}})
    return()
  endif()
  set(value "$CACHE{${old}}")
  get_property(type CACHE ${old} PROPERTY TYPE)
  get_property(help CACHE ${old} PROPERTY HELPSTRING)
  unset(${old} CACHE)
  set(own FALSE)
  if(NOT type STREQUAL "UNINITIALIZED")  # not given on the command line
    policytune_detail_is_own_entry(NAME ${arg_NAME} VALUE "${value}" OWN_VAR own)
  else()
    set(type STRING)
  endif()
  if(own)
    if(NOT DEFINED CACHE{${new}} AND NOT value MATCHES "-NOTFOUND$")
      set(${new} "${value}" CACHE ${type} "${help}")
    endif()
    return()
  endif()
  if(DEFINED CACHE{${new}})
    message(DEPRECATION "POLICYTUNE_${arg_NAME} is deprecated: its name is PolicyTune_${arg_NAME}, which is "
                        "set too and wins; the cache entry ${old}=${value} was dropped")
    return()
  endif()
  set(${new} "${value}" CACHE ${type} "${help}")
  message(DEPRECATION "POLICYTUNE_${arg_NAME} is deprecated: its name is PolicyTune_${arg_NAME}, where the cache "
                      "entry ${old}=${value} moved (the old name still works, until the next release)")
endfunction()

# policytune_detail_old_name_accessed(<variable> <access> <value> <file> <stack>): variable_watch's
# callback for the old names. A macro, so that the value a read of an old name gets is set in the
# reader's scope; it is marked as supplied (policytune_detail_supplied_<old>), so that
# policytune_detail_setting does not take it for the project's own.
macro(policytune_detail_old_name_accessed variable access value file stack)
  if(NOT policytune_detail_reading_old_names)
    string(REGEX REPLACE "^POLICYTUNE_" "" policytune_detail_old_name "${variable}")
    if("${access}" STREQUAL "MODIFIED_ACCESS")
      policytune_detail_warn_old_name(NAME ${policytune_detail_old_name} ACCESS set)
      unset(policytune_detail_supplied_${variable})
    elseif("${access}" MATCHES "^(UNKNOWN_)?READ_ACCESS$")
      policytune_detail_warn_old_name(NAME ${policytune_detail_old_name} ACCESS read)
      if("${access}" STREQUAL "UNKNOWN_READ_ACCESS")
        set(${variable} "${PolicyTune_${policytune_detail_old_name}}")
        set(policytune_detail_supplied_${variable} TRUE)
      endif()
    endif()
    unset(policytune_detail_old_name)
  endif()
endmacro()

# policytune_detail_setting(NAME <X> VALUE_VAR <out>): PolicyTune_<X>'s value, or POLICYTUNE_<X>'s
# where the project set the old name (said deprecated).
function(policytune_detail_setting)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;VALUE_VAR" "")
  set(policytune_detail_reading_old_names TRUE)  # this function's own reads are not the project's
  set(old POLICYTUNE_${arg_NAME})
  if(DEFINED ${old} AND NOT DEFINED policytune_detail_supplied_${old})
    policytune_detail_warn_old_name(NAME ${arg_NAME} ACCESS set)
    set(value "${${old}}")
  else()
    set(value "${PolicyTune_${arg_NAME}}")
  endif()
  set(${arg_VALUE_VAR} "${value}" PARENT_SCOPE)
endfunction()

policytune_detail_renamed_variables(NAMES_VAR policytune_detail_names)
foreach(policytune_detail_name IN LISTS policytune_detail_names)
  policytune_detail_move_old_cache_entry(NAME ${policytune_detail_name})
  variable_watch(POLICYTUNE_${policytune_detail_name} policytune_detail_old_name_accessed)
endforeach()
unset(policytune_detail_name)
unset(policytune_detail_names)

set(PolicyTune_MODE "tuned" CACHE STRING "What tune_algorithm() renders: tuned, base or test")
policytune_detail_modes(VALUES_VAR policytune_detail_mode_values)  # choices.cmake
set_property(CACHE PolicyTune_MODE PROPERTY STRINGS ${policytune_detail_mode_values})
unset(policytune_detail_mode_values)
option(PolicyTune_FORCE_TUNE "Measure again in this configure's tune_algorithm() searches (one-shot)" OFF)
