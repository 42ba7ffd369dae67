include_guard(GLOBAL)

# policytune_detail_sm_numbers([ARCHS <arch>...] NUMBERS_VAR <out>): CMake spells architectures 90,
# 90a, 90-real, native: the SM numbers are what PolicyTune keys on.
function(policytune_detail_sm_numbers)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NUMBERS_VAR" "ARCHS")
  set(numbers)
  foreach(arch IN LISTS arg_ARCHS)
    string(REGEX MATCH "^[0-9]+" number "${arch}")
    if(number)
      list(APPEND numbers ${number})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES numbers)
  set(${arg_NUMBERS_VAR} ${numbers} PARENT_SCOPE)
endfunction()

# policytune_detail_present_architectures(NUMBERS_VAR <out>): the SM numbers of the GPUs present,
# from nvidia-smi (PolicyTune_NVIDIA_SMI, found on the PATH unless set); empty without one.
function(policytune_detail_present_architectures)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NUMBERS_VAR" "")
  set(present)
  find_program(PolicyTune_NVIDIA_SMI nvidia-smi DOC "nvidia-smi, which tells tune_algorithm() the GPUs present")
  policytune_detail_setting(NAME NVIDIA_SMI VALUE_VAR nvidia_smi)
  if(nvidia_smi)
    execute_process(COMMAND "${nvidia_smi}" --query-gpu=compute_cap --format=csv,noheader
                    RESULT_VARIABLE result OUTPUT_VARIABLE capabilities ERROR_QUIET)
    if(result EQUAL 0)
      string(REPLACE "." "" capabilities "${capabilities}")
      string(REGEX MATCHALL "[0-9]+" present "${capabilities}")
    endif()
  endif()
  set(${arg_NUMBERS_VAR} ${present} PARENT_SCOPE)
endfunction()

# policytune_detail_no_gpu_line(NAME <name> DATABASE <file> SM_NUMBERS <sm>... LINE_VAR <out>): empty
# when a GPU of one of the SM numbers is present; else the line a skipped CUDA search says (at
# configure and at build).
function(policytune_detail_no_gpu_line)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;DATABASE;LINE_VAR" "SM_NUMBERS")
  policytune_detail_present_architectures(NUMBERS_VAR present)
  foreach(arch IN LISTS present)
    if(arch IN_LIST arg_SM_NUMBERS)
      set(${arg_LINE_VAR} "" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  list(JOIN arg_SM_NUMBERS ", sm_" wanted_text)
  set(${arg_LINE_VAR} "tune_algorithm(${arg_NAME}): no GPU of sm_${wanted_text} present; rendering what ${arg_DATABASE} holds"
      PARENT_SCOPE)
endfunction()

# policytune_detail_check_archs(CALL <call> [ARCHS <arch>...]): each of ARCHS is an architecture as
# CMAKE_CUDA_ARCHITECTURES spells one (90, 90a, 100f, 90-real; native, all and all-major, which name
# no SM number, leave the choice to the database), so that a wrong one fails the configure naming it
# rather than the build with an empty --archs. The SM numbers are those the tool takes: 10 to 999.
# ARCHS is one value, the list quoted: a wrong architecture may be any word.
function(policytune_detail_check_archs)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;ARCHS" "")
  foreach(arch IN LISTS arg_ARCHS)
    if(NOT arch MATCHES "^([1-9][0-9][0-9]?[af]?(-real|-virtual)?|native|all|all-major)$")
      policytune_detail_fail(CALL "${arg_CALL}" REASON "ARCHS '${arch}' is not an architecture such as 80, 90, 90a or 100 (an SM number from 10 to 999, as CMAKE_CUDA_ARCHITECTURES spells it)")
    endif()
  endforeach()
endfunction()
