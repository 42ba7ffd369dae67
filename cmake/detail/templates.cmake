include_guard(GLOBAL)

# policytune_detail_template_arguments(<out> <cuda> <format> <template>...): the `policytune
# generate` options that pick the template to render: the format, the templates, and the CCCL
# release that picks among them. The release is the caller's find_package(CCCL) result
# (CCCL_VERSION, read from the caller's scope as documented), or the toolkit's: nvcc may be reached
# through a link outside the toolkit (/usr/local/bin/nvcc), so the toolkit's root is a hint, and its
# headers are read when it ships no package file (toolkit_cccl.cmake).
function(policytune_detail_template_arguments out cuda format)
  if(cuda AND NOT DEFINED CCCL_VERSION)
    policytune_detail_toolkit_cccl_version(CCCL_VERSION)
  endif()
  set(arguments --format "${format}")
  foreach(template IN LISTS ARGN)
    list(APPEND arguments --template "${template}")
  endforeach()
  if(CCCL_VERSION)
    list(APPEND arguments --cccl "${CCCL_VERSION}")
  elseif(cuda)
    policytune_detail_toolkit_cccl_include(cccl_include)
    if(cccl_include)
      list(APPEND arguments --cccl-include "${cccl_include}")
    endif()
  endif()
  set(${out} "${arguments}" PARENT_SCOPE)
endfunction()

# policytune_detail_toolkit_cccl_version(<out>): the release of the toolkit's CCCL package, or empty
# without one, looked for once per configure and toolkit: CCCL's package file prints "Finding CCCL
# components" even when asked QUIET, which a project of many calls would otherwise print per call.
function(policytune_detail_toolkit_cccl_version out)
  set(property "policytune_cccl_version_of_${CMAKE_CUDA_COMPILER_TOOLKIT_ROOT}")
  get_property(looked GLOBAL PROPERTY "${property}" SET)
  if(NOT looked)
    find_package(CCCL CONFIG QUIET HINTS "${CMAKE_CUDA_COMPILER_TOOLKIT_ROOT}")
    set_property(GLOBAL PROPERTY "${property}" "${CCCL_VERSION}")
  endif()
  get_property(version GLOBAL PROPERTY "${property}")
  set(${out} "${version}" PARENT_SCOPE)
endfunction()
