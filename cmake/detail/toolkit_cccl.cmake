include_guard(GLOBAL)

# The CUDA toolkit's CCCL headers, for reading the release from cub/version.cuh when no CCCL
# package file was found. CUDA 13 keeps them under include/cccl, earlier toolkits under include.
function(policytune_detail_toolkit_cccl_include out)
  foreach(directory IN LISTS CMAKE_CUDA_TOOLKIT_INCLUDE_DIRECTORIES)
    foreach(candidate IN ITEMS "${directory}/cccl" "${directory}")
      if(EXISTS "${candidate}/cub/version.cuh")
        set(${out} "${candidate}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()
