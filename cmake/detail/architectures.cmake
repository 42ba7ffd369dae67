include_guard(GLOBAL)

# policytune_detail_sm_numbers(<out> <arch>...): CMake spells architectures 90, 90a, 90-real,
# native: the SM numbers are what PolicyTune keys on.
function(policytune_detail_sm_numbers out)
  set(numbers)
  foreach(arch IN LISTS ARGN)
    string(REGEX MATCH "^[0-9]+" number "${arch}")
    if(number)
      list(APPEND numbers ${number})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES numbers)
  set(${out} ${numbers} PARENT_SCOPE)
endfunction()

# policytune_detail_present_architectures(<out>): the SM numbers of the GPUs present, from
# nvidia-smi; empty without one.
function(policytune_detail_present_architectures out)
  set(present)
  find_program(POLICYTUNE_NVIDIA_SMI nvidia-smi)
  if(POLICYTUNE_NVIDIA_SMI)
    execute_process(COMMAND "${POLICYTUNE_NVIDIA_SMI}" --query-gpu=compute_cap --format=csv,noheader
                    RESULT_VARIABLE result OUTPUT_VARIABLE capabilities ERROR_QUIET)
    if(result EQUAL 0)
      string(REPLACE "." "" capabilities "${capabilities}")
      string(REGEX MATCHALL "[0-9]+" present "${capabilities}")
    endif()
  endif()
  set(${out} ${present} PARENT_SCOPE)
endfunction()
