include_guard(GLOBAL)

# policytune_detail_toolkit_cccl_include(INCLUDE_VAR <out>): the CUDA toolkit's CCCL headers, for
# reading the release from cub/version.cuh when no CCCL package file was found; empty without them.
# CUDA 13 keeps them under include/cccl, earlier toolkits under include.
function(policytune_detail_toolkit_cccl_include)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "INCLUDE_VAR" "")
  foreach(directory IN LISTS CMAKE_CUDA_TOOLKIT_INCLUDE_DIRECTORIES)
    foreach(candidate IN ITEMS "${directory}/cccl" "${directory}")
      if(EXISTS "${candidate}/cub/version.cuh")
        set(${arg_INCLUDE_VAR} "${candidate}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endforeach()
  set(${arg_INCLUDE_VAR} "" PARENT_SCOPE)
endfunction()

# policytune_detail_toolkit_cccl_version(VERSION_VAR <out>): the release of the toolkit's CCCL
# package, or empty without one, looked for once per configure and toolkit: CCCL's package file
# prints "Finding CCCL components" even when asked QUIET, which a project of many calls would
# otherwise print per call.
function(policytune_detail_toolkit_cccl_version)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "VERSION_VAR" "")
  set(property "policytune_cccl_version_of_${CMAKE_CUDA_COMPILER_TOOLKIT_ROOT}")
  get_property(looked GLOBAL PROPERTY "${property}" SET)
  if(NOT looked)
    find_package(CCCL CONFIG QUIET HINTS "${CMAKE_CUDA_COMPILER_TOOLKIT_ROOT}")
    set_property(GLOBAL PROPERTY "${property}" "${CCCL_VERSION}")
  endif()
  get_property(version GLOBAL PROPERTY "${property}")
  set(${arg_VERSION_VAR} "${version}" PARENT_SCOPE)
endfunction()
