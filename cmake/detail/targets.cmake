include_guard(GLOBAL)

# The targets of a tune_algorithm(<name>) call, named with dots in one scheme:
#   policytune.tune.<name>      WHEN BUILD: searches what the database lacks (searches.cmake)
#   policytune.retune.<name>    measures everything again
#   policytune.generate.<name>  renders the header
# tune.<name> and retune.<name>, the names of PolicyTune 0.1, still work (old_target_name below).

# policytune_detail_old_target_name(<old> <new>): <old> builds <new>. Custom targets cannot be
# ALIASed (add_custom_target has no ALIAS form), so the old name is a custom target of its own that
# depends on the new one and does nothing else.
function(policytune_detail_old_target_name old new)
  add_custom_target(${old})
  add_dependencies(${old} ${new})
endfunction()

# policytune_detail_add_retune_target(<stamp out> <name> <work dir> <tool> <search argument>...)
# Measuring again, whatever is stored, is a target of its own: building it is the one-shot. It
# touches a stamp of the binary dir, returned for the header to depend on, so that the next build
# renders its results even when the database did not exist at configure time.
function(policytune_detail_add_retune_target stamp_out name work_dir tool)
  set(retuned "${work_dir}/retuned.stamp")
  if(NOT EXISTS "${retuned}")
    file(MAKE_DIRECTORY "${work_dir}")
    file(TOUCH "${retuned}")
  endif()
  add_custom_target(policytune.retune.${name}
                    COMMAND "${tool}" ${ARGN} --force
                    COMMAND "${CMAKE_COMMAND}" -E touch "${retuned}"
                    USES_TERMINAL COMMENT "PolicyTune: measuring ${name} again" VERBATIM)
  policytune_detail_old_target_name(retune.${name} policytune.retune.${name})
  set(${stamp_out} "${retuned}" PARENT_SCOPE)
endfunction()

# policytune_detail_add_generate_target(NAME <name> HEADER <header> [SEARCH_TARGET <target>]
#                                       COMMAND <command>... DEPENDS <input>...)
# policytune.generate.<name> renders the header with COMMAND whenever one of its inputs changes,
# after SEARCH_TARGET where there is one.
function(policytune_detail_add_generate_target)
  cmake_parse_arguments(PARSE_ARGV 0 rule "" "NAME;HEADER;SEARCH_TARGET" "COMMAND;DEPENDS")
  add_custom_command(OUTPUT "${rule_HEADER}" COMMAND ${rule_COMMAND} DEPENDS ${rule_DEPENDS}
                     COMMENT "PolicyTune: rendering ${rule_NAME} policies" VERBATIM)
  add_custom_target(policytune.generate.${rule_NAME} DEPENDS "${rule_HEADER}")
  if(rule_SEARCH_TARGET)
    # One target owns the search's rule, so that no generator runs it twice at once.
    add_dependencies(policytune.generate.${rule_NAME} ${rule_SEARCH_TARGET})
  endif()
endfunction()

# policytune_detail_link_target(<target> <name> <include dir>): the INTERFACE library consumers
# link (created if missing) carries the header's directory and builds it first.
function(policytune_detail_link_target target name include_dir)
  if(NOT TARGET ${target})
    add_library(${target} INTERFACE)
  endif()
  target_include_directories(${target} INTERFACE "$<BUILD_INTERFACE:${include_dir}>")
  # Generated hubs include PolicyTune's shared helpers (policytune/detail/*.cuh).
  target_link_libraries(${target} INTERFACE PolicyTune::policies)
  add_dependencies(${target} policytune.generate.${name})
endfunction()
