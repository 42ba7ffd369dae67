include_guard(GLOBAL)

# The targets of a tune_algorithm(<name>) call, named with dots in one scheme:
#   policytune.tune.<name>      WHEN BUILD: searches what the database lacks (build_search.cmake)
#   policytune.retune.<name>    measures everything again
#   policytune.generate.<name>  renders the header
# tune.<name> and retune.<name>, the names of PolicyTune 0.1, still work (old_target_name below).

# policytune_detail_old_target_name(OLD <old> NEW <new>): <old> builds <new>. Custom targets cannot
# be ALIASed (add_custom_target has no ALIAS form), so the old name is a custom target of its own
# that depends on the new one and does nothing else.
function(policytune_detail_old_target_name)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "OLD;NEW" "")
  add_custom_target(${arg_OLD})
  add_dependencies(${arg_OLD} ${arg_NEW})
endfunction()

# policytune_detail_add_retune_target(NAME <name> WORK_DIR <dir> TOOL <tool> COMMAND <quoted list>
#                                     STAMP_VAR <out>)
# Measuring again, whatever is stored, is a target of its own: building it is the one-shot. It
# touches a stamp of the binary dir, returned for the header to depend on, so that the next build
# renders its results even when the database did not exist at configure time.
function(policytune_detail_add_retune_target)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;WORK_DIR;TOOL;COMMAND;STAMP_VAR" "")
  set(retuned "${arg_WORK_DIR}/retuned.stamp")
  if(NOT EXISTS "${retuned}")
    file(MAKE_DIRECTORY "${arg_WORK_DIR}")
    file(TOUCH "${retuned}")
  endif()
  add_custom_target(policytune.retune.${arg_NAME}
                    COMMAND "${arg_TOOL}" ${arg_COMMAND} --force
                    COMMAND "${CMAKE_COMMAND}" -E touch "${retuned}"
                    USES_TERMINAL COMMENT "PolicyTune: measuring ${arg_NAME} again" VERBATIM)
  policytune_detail_old_target_name(OLD retune.${arg_NAME} NEW policytune.retune.${arg_NAME})
  set(${arg_STAMP_VAR} "${retuned}" PARENT_SCOPE)
endfunction()

# policytune_detail_add_generate_target(NAME <name> HEADER <header> [SEARCH_TARGET <target>]
#                                       COMMAND <quoted list> DEPENDS <quoted list>)
# policytune.generate.<name> renders the header with COMMAND whenever one of its inputs changes,
# after SEARCH_TARGET where there is one. The lists are quoted, one value each: they hold the
# user's file names and options.
function(policytune_detail_add_generate_target)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;HEADER;SEARCH_TARGET;COMMAND;DEPENDS" "")
  add_custom_command(OUTPUT "${arg_HEADER}" COMMAND ${arg_COMMAND} DEPENDS ${arg_DEPENDS}
                     COMMENT "PolicyTune: rendering ${arg_NAME} policies" VERBATIM)
  add_custom_target(policytune.generate.${arg_NAME} DEPENDS "${arg_HEADER}")
  if(arg_SEARCH_TARGET)
    # One target owns the search's rule, so that no generator runs it twice at once.
    add_dependencies(policytune.generate.${arg_NAME} ${arg_SEARCH_TARGET})
  endif()
endfunction()

# policytune_detail_link_target(TARGET <target> NAME <name> INCLUDE_DIR <dir>): the INTERFACE
# library consumers link (created if missing) carries the header's directory and builds it first.
function(policytune_detail_link_target)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;NAME;INCLUDE_DIR" "")
  if(NOT TARGET ${arg_TARGET})
    add_library(${arg_TARGET} INTERFACE)
  endif()
  target_include_directories(${arg_TARGET} INTERFACE "$<BUILD_INTERFACE:${arg_INCLUDE_DIR}>")
  # Generated hubs include PolicyTune's shared helpers (policytune/detail/*.cuh).
  target_link_libraries(${arg_TARGET} INTERFACE PolicyTune::policies)
  add_dependencies(${arg_TARGET} policytune.generate.${arg_NAME})
endfunction()
