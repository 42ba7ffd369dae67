# Benchmark CI for one shipped benchmark: `policytune check` of the policies its committed database
# ships, against base on this machine's GPU, with the size dispatch the hubs are rendered with.
#   cmake -DPOLICYTUNE=<policytune> -DBENCHMARK=<bench/...cu> -DBUILD_DIR=<dir> -P policies/check.cmake
cmake_minimum_required(VERSION 3.25)
get_filename_component(source_dir "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
execute_process(COMMAND "${POLICYTUNE}" list --names "${source_dir}/${BENCHMARK}"
                RESULT_VARIABLE result OUTPUT_VARIABLE name ERROR_VARIABLE notes OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "policytune list --names failed for ${BENCHMARK}:\n${notes}")
endif()
# A benchmark never measured ships CUB's own hub: nothing of it to check against base.
if(NOT EXISTS "${source_dir}/policies/databases/${name}.db")
  message(STATUS "skipped: nothing measured (no policies/databases/${name}.db): its hub is CUB's own")
  return()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/shipped_hubs.cmake")
policytune_read_shipped_device(shipped_device)
execute_process(COMMAND "${POLICYTUNE}" check "${source_dir}/${BENCHMARK}" --db "${source_dir}/policies/databases/${name}.db"
                        --build-dir "${BUILD_DIR}" --dispatch "Elements{io}" --prefer "${shipped_device}"
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "policytune check of ${name}: exit ${result}")
endif()
