include_guard(GLOBAL)

# Where tune_algorithm() reads and writes: relative OUTPUT and DATABASE are taken from the current
# binary directory.

# policytune_detail_is_cuda(BENCHMARK <file> CUDA_VAR <out>): TRUE for a CUDA benchmark (.cu).
function(policytune_detail_is_cuda)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "BENCHMARK;CUDA_VAR" "")
  set(cuda FALSE)
  if(arg_BENCHMARK MATCHES "\\.cu$")
    set(cuda TRUE)
  endif()
  set(${arg_CUDA_VAR} ${cuda} PARENT_SCOPE)
endfunction()

# policytune_detail_header_paths(NAME <name> CUDA <bool> [OUTPUT <header>] HEADER_VAR <out>
#                                INCLUDE_DIR_VAR <out>): the rendered header (OUTPUT, or
# policytune/<name>.cuh or .hpp) and the directory consumers include.
function(policytune_detail_header_paths)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;CUDA;OUTPUT;HEADER_VAR;INCLUDE_DIR_VAR" "")
  set(include_dir "${CMAKE_CURRENT_BINARY_DIR}/policytune")
  set(extension hpp)
  if(arg_CUDA)
    set(extension cuh)
  endif()
  if(NOT arg_OUTPUT)
    set(output "${include_dir}/${arg_NAME}.${extension}")
  else()
    get_filename_component(output "${arg_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    get_filename_component(include_dir "${output}" DIRECTORY)
  endif()
  set(${arg_HEADER_VAR} "${output}" PARENT_SCOPE)
  set(${arg_INCLUDE_DIR_VAR} "${include_dir}" PARENT_SCOPE)
endfunction()

# policytune_detail_database_path([DATABASE <file>] DATABASE_VAR <out>): DATABASE, or policytune.db,
# made absolute.
function(policytune_detail_database_path)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "DATABASE;DATABASE_VAR" "")
  set(database "${arg_DATABASE}")
  if(NOT database)
    set(database "${CMAKE_CURRENT_BINARY_DIR}/policytune.db")
  endif()
  get_filename_component(database "${database}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(${arg_DATABASE_VAR} "${database}" PARENT_SCOPE)
endfunction()

# policytune_detail_check_file_path(CALL <call> KEYWORD <keyword> PATH <path>): OUTPUT and DATABASE
# name files: an existing folder there fails the configure naming the keyword, not the build.
function(policytune_detail_check_file_path)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "CALL;KEYWORD;PATH" "")
  if(IS_DIRECTORY "${arg_PATH}")
    policytune_detail_fail(CALL "${arg_CALL}" REASON "${arg_KEYWORD} ${arg_PATH} is a folder, not a file")
  endif()
endfunction()
