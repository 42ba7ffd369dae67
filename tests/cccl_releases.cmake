# The release matrix: the shipped library, the golden hubs and the selection tests compiled against
# the headers of every CCCL release that scripts/fetch-cccl-releases put in its cache (the toolkit's
# own release is the default build above). Included from tests/CMakeLists.txt with `test_hubs` and
# `test_hub_headers` set.
execute_process(COMMAND "${PROJECT_SOURCE_DIR}/scripts/fetch-cccl-releases" --where
                OUTPUT_VARIABLE policytune_cccl_cache OUTPUT_STRIP_TRAILING_WHITESPACE)
set(PolicyTune_CCCL_RELEASES_DIR "${policytune_cccl_cache}" CACHE PATH
    "CCCL releases to test against, one <release>/include each (scripts/fetch-cccl-releases)")

file(GLOB release_dirs LIST_DIRECTORIES true "${PolicyTune_CCCL_RELEASES_DIR}/*")
set(newest_release "")
foreach(release_dir IN LISTS release_dirs)
  get_filename_component(release "${release_dir}" NAME)
  if(EXISTS "${release_dir}/include/cub/version.cuh" AND NOT release MATCHES "partial$"
     AND (newest_release STREQUAL "" OR release VERSION_GREATER newest_release))
    set(newest_release "${release}")
  endif()
endforeach()
# Where the host selection tests (policies_selection, hub_selection) are built besides the toolkit's
# release: the releases whose selection differs (3.4 brought policy selectors, 3.5 cuda::execution::tune).
# The others run the same cub::ChainedPolicy code, and their API is what the consumers below compile
# (about three minutes of CI per release saved); "all" builds them for every release.
set(PolicyTune_SELECTION_RELEASES "3.4;3.5" CACHE STRING
    "CCCL releases (major.minor) the host selection tests are built for besides the toolkit's, or all")
set(tested_releases "")
foreach(release_dir IN LISTS release_dirs)
  get_filename_component(release "${release_dir}" NAME)
  if(NOT EXISTS "${release_dir}/include/cub/version.cuh" OR release MATCHES "partial$")
    continue()
  endif()
  list(APPEND tested_releases "${release}")
  # -I ahead of nvcc's own include path: this release's cub/, thrust/ and cuda/ win.
  set(release_include "${release_dir}/include")

  string(REGEX MATCH "^[0-9]+\\.[0-9]+" release_minor "${release}")
  set(kinds library_consumer algorithms_consumer)
  if(PolicyTune_SELECTION_RELEASES STREQUAL "all" OR release_minor IN_LIST PolicyTune_SELECTION_RELEASES)
    list(APPEND kinds policies_selection hub_selection)
    add_executable(policytune.policies_selection.cccl-${release} cuda/policies_selection.cu ${test_hub_headers})
    target_include_directories(policytune.policies_selection.cccl-${release} BEFORE PRIVATE "${test_hubs}" "${release_include}")
    add_executable(policytune.hub_selection.cccl-${release} cuda/hub_selection.cu)
    target_include_directories(policytune.hub_selection.cccl-${release} BEFORE PRIVATE
                               "${CMAKE_CURRENT_SOURCE_DIR}/data/hubs/golden" "${release_include}")
    add_test(NAME cccl.${release}.policies_selection COMMAND policytune.policies_selection.cccl-${release})
    add_test(NAME cccl.${release}.hub_selection COMMAND policytune.hub_selection.cccl-${release})
  endif()
  # The shipped library as a user calls it: built (it needs a GPU to run, so it is not a test here).
  add_executable(policytune.library_consumer.cccl-${release} downstream/library_consumer.cu)
  target_include_directories(policytune.library_consumer.cccl-${release} BEFORE PRIVATE "${release_include}")
  add_executable(policytune.algorithms_consumer.cccl-${release} downstream/algorithms_consumer.cu)
  target_include_directories(policytune.algorithms_consumer.cccl-${release} BEFORE PRIVATE "${release_include}")
  foreach(kind IN LISTS kinds)
    set(target policytune.${kind}.cccl-${release})
    target_link_libraries(${target} PRIVATE policytune.policies)
    set_target_properties(${target} PROPERTIES CUDA_ARCHITECTURES "${selection_architectures}" CUDA_STANDARD 20
                                               CUDA_STANDARD_REQUIRED ON)
  endforeach()
  # The shipped library built for real (SASS, so that ptxas checks what the tuned policies ask of
  # each architecture) with the newest release for 90 and 100, and with the toolkit's own for 80 and
  # 90 (the downstream project); the other releases, whose differences are in the API, not per
  # architecture, as PTX for one architecture (a GPU compiles that at load). Which policy each
  # architecture selects is what policies_selection checks (PolicyTune_SELECTION_RELEASES).
  if(release STREQUAL newest_release)
    set_target_properties(policytune.library_consumer.cccl-${release} PROPERTIES CUDA_ARCHITECTURES "90;100")
    set_target_properties(policytune.algorithms_consumer.cccl-${release} PROPERTIES CUDA_ARCHITECTURES 90)
  else()
    set_target_properties(policytune.library_consumer.cccl-${release} policytune.algorithms_consumer.cccl-${release}
                          PROPERTIES CUDA_ARCHITECTURES 90-virtual)
  endif()
  # From 3.5, where CUB deprecates cub::Dispatch*, cub::ChainedPolicy and the Agent*Policy names, the
  # shipped library reaches CUB through its public tuning API only: a project building with -Werror
  # (common downstream) can use it, and the next major release may drop those names.
  if(release VERSION_GREATER_EQUAL 3.5)
    target_compile_options(policytune.library_consumer.cccl-${release} PRIVATE -Werror=deprecated-declarations)
    target_compile_options(policytune.algorithms_consumer.cccl-${release} PRIVATE -Werror=deprecated-declarations)
  endif()
  # The reduce benchmark as a search builds it, base and a variant: 3.1 renamed DispatchReduce's
  # transform, and from 3.5 the variant is a policy selector through cuda::execution::tune (what
  # ships there). One architecture, as PTX: the code paths are the same for every one, and ptxas
  # sees the same kernels in bench/CMakeLists.txt's build; base for the variant's type only (the
  # toolkit's release builds base whole there).
  if(release MATCHES "^3\\.(1|4|5)\\.")
    policytune_compile_check(bench.reduce.sum.cccl-${release} "${PROJECT_SOURCE_DIR}/bench/reduce/sum.cu"
      VARIANT TUNE_ITEMS_PER_THREAD=13 TUNE_THREADS_PER_BLOCK=256 TUNE_ITEMS_PER_VEC_LOAD_POW2=1 TUNE_T=float)
    target_compile_definitions(bench.reduce.sum.cccl-${release}.base PRIVATE TUNE_T=float)
    foreach(target IN ITEMS bench.reduce.sum.cccl-${release}.base bench.reduce.sum.cccl-${release}.variant)
      target_include_directories(${target} BEFORE PRIVATE "${release_include}")
      set_target_properties(${target} PROPERTIES CUDA_ARCHITECTURES 90-virtual)
    endforeach()
  endif()
  # CCCL 3.4's benchmarks take the look-back delay as a value, and include its helper twice.
  if(release MATCHES "^3\\.4\\.")
    add_library(policytune.look_back_twice.cccl-${release} OBJECT cuda/look_back_twice.cu)
    target_include_directories(policytune.look_back_twice.cccl-${release} BEFORE PRIVATE "${release_include}"
                               "${PROJECT_SOURCE_DIR}/bench" "${PROJECT_SOURCE_DIR}/protocol"
                               "${PROJECT_SOURCE_DIR}/bench/policytune/nvbench_compat")
    set_target_properties(policytune.look_back_twice.cccl-${release} PROPERTIES CUDA_ARCHITECTURES 90-virtual
                          CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON)
  endif()
  # The shipped API against CUB's own on a GPU, with this release; skipped without one.
  add_test(NAME cccl.${release}.library_consumer COMMAND policytune.library_consumer.cccl-${release})
  set_tests_properties(cccl.${release}.library_consumer PROPERTIES SKIP_RETURN_CODE 77)
  add_test(NAME cccl.${release}.algorithms_consumer COMMAND policytune.algorithms_consumer.cccl-${release})
  set_tests_properties(cccl.${release}.algorithms_consumer PROPERTIES SKIP_RETURN_CODE 77)
endforeach()
if(tested_releases)
  message(STATUS "PolicyTune: testing against CCCL ${tested_releases} from ${PolicyTune_CCCL_RELEASES_DIR}")
else()
  message(STATUS "PolicyTune: no other CCCL release in ${PolicyTune_CCCL_RELEASES_DIR}; "
                 "scripts/fetch-cccl-releases fetches them")
endif()
