include_guard(GLOBAL)

# The values of tune_algorithm()'s keywords that are the tool's own choices, written here once.
# The test cmake.choices_match_tool compares them with what `policytune generate --help` lists for
# --format and --mode. Functions, not variables: a variable set by a file of include_guard(GLOBAL)
# would be seen only in the directory that first included it.

# policytune_detail_formats(<out>): FORMAT's values (`policytune generate --format`).
function(policytune_detail_formats out)
  set(${out} auto chained_policy policy_selector host PARENT_SCOPE)
endfunction()

# policytune_detail_modes(<out>): POLICYTUNE_MODE's values (`policytune generate --mode`).
function(policytune_detail_modes out)
  set(${out} tuned base test PARENT_SCOPE)
endfunction()

# policytune_detail_check_choice(<call> <what> <value> <choice>...): fails the call unless <value>
# is one of the choices: "<what> must be a, b or c, not '<value>'".
function(policytune_detail_check_choice call what value)
  if(value IN_LIST ARGN)
    return()
  endif()
  set(choices "${ARGN}")
  list(POP_BACK choices last)
  list(JOIN choices ", " choices)
  policytune_detail_fail("${call}" "${what} must be ${choices} or ${last}, not '${value}'")
endfunction()

# policytune_detail_check_choices(<call> <format> <when> <mode>): FORMAT, WHEN and POLICYTUNE_MODE.
function(policytune_detail_check_choices call format when mode)
  policytune_detail_formats(formats)
  policytune_detail_check_choice("${call}" FORMAT "${format}" ${formats})
  policytune_detail_check_choice("${call}" WHEN "${when}" CONFIGURE BUILD NEVER)
  policytune_detail_modes(modes)
  policytune_detail_check_choice("${call}" POLICYTUNE_MODE "${mode}" ${modes})
endfunction()
