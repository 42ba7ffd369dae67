include_guard(GLOBAL)

# The values of tune_algorithm()'s keywords that are the tool's own choices, written here once.
# The test package.choices_match_tool compares them with what `policytune generate --help` lists for
# --format and --mode. Functions, not variables: a variable set by a file of include_guard(GLOBAL)
# would be seen only in the directory that first included it.

# policytune_detail_formats(VALUES_VAR <out>): FORMAT's values (`policytune generate --format`).
function(policytune_detail_formats)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "VALUES_VAR" "")
  set(${arg_VALUES_VAR} auto chained_policy policy_selector host PARENT_SCOPE)
endfunction()

# policytune_detail_modes(VALUES_VAR <out>): PolicyTune_MODE's values (`policytune generate --mode`).
function(policytune_detail_modes)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "VALUES_VAR" "")
  set(${arg_VALUES_VAR} tuned base test PARENT_SCOPE)
endfunction()

# policytune_detail_check_choice(CALL <call> WHAT <what> VALUE <value> CHOICES <choice>...): fails the
# call unless <value> is one of the choices: "<what> must be a, b or c, not '<value>'".
function(policytune_detail_check_choice)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;WHAT;VALUE" "CHOICES")
  if(arg_VALUE IN_LIST arg_CHOICES)
    return()
  endif()
  set(choices "${arg_CHOICES}")
  list(POP_BACK choices last)
  list(JOIN choices ", " choices)
  policytune_detail_fail(CALL "${arg_CALL}" REASON "${arg_WHAT} must be ${choices} or ${last}, not '${arg_VALUE}'")
endfunction()

# policytune_detail_check_choices(CALL <call> FORMAT <format> WHEN <when> MODE <mode>): FORMAT, WHEN
# and PolicyTune_MODE.
function(policytune_detail_check_choices)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;FORMAT;WHEN;MODE" "")
  policytune_detail_formats(VALUES_VAR formats)
  policytune_detail_check_choice(CALL "${arg_CALL}" WHAT FORMAT VALUE "${arg_FORMAT}" CHOICES ${formats})
  policytune_detail_check_choice(CALL "${arg_CALL}" WHAT WHEN VALUE "${arg_WHEN}" CHOICES CONFIGURE BUILD NEVER)
  policytune_detail_modes(VALUES_VAR modes)
  policytune_detail_check_choice(CALL "${arg_CALL}" WHAT PolicyTune_MODE VALUE "${arg_MODE}" CHOICES ${modes})
endfunction()
