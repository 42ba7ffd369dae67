include_guard(GLOBAL)

# Where tune_algorithm() reads and writes: relative OUTPUT and DATABASE are taken from the current
# binary directory.

# policytune_detail_is_cuda(<out> <benchmark>): TRUE for a CUDA benchmark (.cu).
function(policytune_detail_is_cuda out benchmark)
  set(cuda FALSE)
  if(benchmark MATCHES "\\.cu$")
    set(cuda TRUE)
  endif()
  set(${out} ${cuda} PARENT_SCOPE)
endfunction()

# policytune_detail_header_paths(<header out> <include dir out> <name> <cuda> <output>): the
# rendered header (OUTPUT, or policytune/<name>.cuh or .hpp) and the directory consumers include.
function(policytune_detail_header_paths header_out include_dir_out name cuda output)
  set(include_dir "${CMAKE_CURRENT_BINARY_DIR}/policytune")
  set(extension hpp)
  if(cuda)
    set(extension cuh)
  endif()
  if(NOT output)
    set(output "${include_dir}/${name}.${extension}")
  else()
    get_filename_component(output "${output}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    get_filename_component(include_dir "${output}" DIRECTORY)
  endif()
  set(${header_out} "${output}" PARENT_SCOPE)
  set(${include_dir_out} "${include_dir}" PARENT_SCOPE)
endfunction()

# policytune_detail_database_path(<out> <database>): DATABASE, or policytune.db, made absolute.
function(policytune_detail_database_path out database)
  if(NOT database)
    set(database "${CMAKE_CURRENT_BINARY_DIR}/policytune.db")
  endif()
  get_filename_component(database "${database}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(${out} "${database}" PARENT_SCOPE)
endfunction()

# policytune_detail_check_file_path(<call> <keyword> <path>): OUTPUT and DATABASE name files: an
# existing folder there fails the configure naming the keyword, not the build.
function(policytune_detail_check_file_path call keyword path)
  if(IS_DIRECTORY "${path}")
    policytune_detail_fail("${call}" "${keyword} ${path} is a folder, not a file")
  endif()
endfunction()
