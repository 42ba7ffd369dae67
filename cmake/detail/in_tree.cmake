# PolicyTune added to another project (add_subdirectory, FetchContent, CPM): the same function and
# folders find_package(PolicyTune) gives. Cache entries, because FetchContent adds the directory
# from inside a function, where PARENT_SCOPE would not reach the caller.
set(PolicyTune_MODULE_DIR "${PROJECT_SOURCE_DIR}/cmake" CACHE INTERNAL "PolicyTune's CMake modules")
set(PolicyTune_TEMPLATE_DIR "${PROJECT_SOURCE_DIR}/templates" CACHE INTERNAL "PolicyTune's templates")
set(PolicyTune_BENCHMARK_DIR "${PROJECT_SOURCE_DIR}/bench" CACHE INTERNAL "PolicyTune's benchmarks")
set(PolicyTune_VERSION "${PROJECT_VERSION}" CACHE INTERNAL "PolicyTune's version")
include("${PolicyTune_MODULE_DIR}/tune_algorithm.cmake")
