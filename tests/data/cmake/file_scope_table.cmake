include_guard(GLOBAL)

# What cmake/detail/custom_algorithms.cmake was: a table at file scope, read by a function, seen from
# the first directory that includes the file only (package.guarded_file_scope.finds_fault).
set(known_algorithms reduce exclusive_scan)
set(used_here_only TRUE)
unset(used_here_only)

function(check_algorithm algorithm)
  set(inside_a_function TRUE)
  if(NOT algorithm IN_LIST known_algorithms)
    message(FATAL_ERROR "ALGORITHM must be one of ${known_algorithms}, not '${algorithm}'")
  endif()
endfunction()
