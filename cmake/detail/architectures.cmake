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

# policytune_detail_no_gpu_line(<out> <name> <database> <sm number>...): empty when a GPU of one of
# the SM numbers is present; else the line a skipped CUDA search says (at configure and at build).
function(policytune_detail_no_gpu_line out name database)
  policytune_detail_present_architectures(present)
  foreach(arch IN LISTS present)
    if(arch IN_LIST ARGN)
      set(${out} "" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  list(JOIN ARGN ", sm_" wanted_text)
  set(${out} "tune_algorithm(${name}): no GPU of sm_${wanted_text} present; rendering what ${database} holds" PARENT_SCOPE)
endfunction()

# policytune_detail_check_archs(<call> <arch>...): each of ARCHS is an architecture as
# CMAKE_CUDA_ARCHITECTURES spells one (90, 90a, 100f, 90-real; native, all and all-major, which name
# no SM number, leave the choice to the database), so that a wrong one fails the configure naming it
# rather than the build with an empty --archs. The SM numbers are those the tool takes: 10 to 999.
function(policytune_detail_check_archs call)
  foreach(arch IN LISTS ARGN)
    if(NOT arch MATCHES "^([1-9][0-9][0-9]?[af]?(-real|-virtual)?|native|all|all-major)$")
      policytune_detail_fail("${call}" "ARCHS '${arch}' is not an architecture such as 80, 90, 90a or 100 (an SM number from 10 to 999, as CMAKE_CUDA_ARCHITECTURES spells it)")
    endif()
  endforeach()
endfunction()
