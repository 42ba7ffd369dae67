include_guard(GLOBAL)

# policytune_detail_template_arguments(CUDA <bool> FORMAT <format> TEMPLATES <template>...
#                                      ARGUMENTS_VAR <out>)
# The `policytune generate` options that pick the template to render: the format, the templates, and
# the CCCL release that picks among them. The release is the caller's find_package(CCCL) result
# (CCCL_VERSION, read from the caller's scope as documented), or the toolkit's: nvcc may be reached
# through a link outside the toolkit (/usr/local/bin/nvcc), so the toolkit's root is a hint, and its
# headers are read when it ships no package file (toolkit_cccl.cmake).
function(policytune_detail_template_arguments)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CUDA;FORMAT;ARGUMENTS_VAR" "TEMPLATES")
  set(release "${CCCL_VERSION}")
  if(arg_CUDA AND NOT DEFINED CCCL_VERSION)
    policytune_detail_toolkit_cccl_version(VERSION_VAR release)
  endif()
  set(arguments --format "${arg_FORMAT}")
  foreach(template IN LISTS arg_TEMPLATES)
    list(APPEND arguments --template "${template}")
  endforeach()
  if(release)
    list(APPEND arguments --cccl "${release}")
  elseif(arg_CUDA)
    policytune_detail_toolkit_cccl_include(INCLUDE_VAR cccl_include)
    if(cccl_include)
      list(APPEND arguments --cccl-include "${cccl_include}")
    endif()
  endif()
  set(${arg_ARGUMENTS_VAR} "${arguments}" PARENT_SCOPE)
endfunction()
