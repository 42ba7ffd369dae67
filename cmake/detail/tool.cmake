include_guard(GLOBAL)

# The policytune executable as the configure can run it.

# policytune_detail_configure_tool(<out> <call> <name> <when>): the imported tool's path; empty
# in-tree (add_subdirectory, FetchContent), where the tool is built with the project, after the
# configure, which a WHEN CONFIGURE call cannot wait for.
function(policytune_detail_configure_tool out call name when)
  get_target_property(imported PolicyTune::policytune IMPORTED)
  if(imported)
    policytune_detail_tool_location(location)
    if(NOT location OR NOT EXISTS "${location}")
      policytune_detail_fail("${call}" "the policytune executable was not found (${location}); build PolicyTune first")
    endif()
  elseif(when STREQUAL "CONFIGURE")
    policytune_detail_fail("${call}" "WHEN CONFIGURE needs a built policytune, and PolicyTune is part of this project: it is built after the configure. Use WHEN BUILD (target policytune.tune.${name}), or install PolicyTune and find_package() it")
  else()
    set(location "")
  endif()
  set(${out} "${location}" PARENT_SCOPE)
endfunction()

# policytune_detail_tool_location(<out>): where the imported policytune executable is.
function(policytune_detail_tool_location out)
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
  set(${out} "${location}" PARENT_SCOPE)
endfunction()
