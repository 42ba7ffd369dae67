include_guard(GLOBAL)

# The policytune executable as the configure can run it.

# policytune_detail_configure_tool(CALL <call> NAME <name> WHEN <when> TOOL_VAR <out>): the imported
# tool's path; empty in-tree (add_subdirectory, FetchContent), where the tool is built with the
# project, after the configure, which a WHEN CONFIGURE call cannot wait for.
function(policytune_detail_configure_tool)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;NAME;WHEN;TOOL_VAR" "")
  get_target_property(imported PolicyTune::policytune IMPORTED)
  if(imported)
    policytune_detail_tool_location(LOCATION_VAR location)
    if(NOT location OR NOT EXISTS "${location}")
      policytune_detail_fail(CALL "${arg_CALL}" REASON "the policytune executable was not found (${location}); build PolicyTune first")
    endif()
  elseif(arg_WHEN STREQUAL "CONFIGURE")
    policytune_detail_fail(CALL "${arg_CALL}" REASON "WHEN CONFIGURE needs a built policytune, and PolicyTune is part of this project: it is built after the configure. Use WHEN BUILD (target policytune.tune.${arg_NAME}), or install PolicyTune and find_package() it")
  else()
    set(location "")
  endif()
  set(${arg_TOOL_VAR} "${location}" PARENT_SCOPE)
endfunction()

# policytune_detail_tool_location(LOCATION_VAR <out>): where the imported policytune executable is.
function(policytune_detail_tool_location)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "LOCATION_VAR" "")
  get_target_property(location PolicyTune::policytune IMPORTED_LOCATION)
  if(NOT location)
    get_target_property(configurations PolicyTune::policytune IMPORTED_CONFIGURATIONS)
    foreach(configuration IN LISTS configurations)
      get_target_property(location PolicyTune::policytune IMPORTED_LOCATION_${configuration})
      if(location)
        break()
      endif()
    endforeach()
  endif()
  set(${arg_LOCATION_VAR} "${location}" PARENT_SCOPE)
endfunction()
