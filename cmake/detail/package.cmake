# PolicyTune as a CMake package, usable from the build tree and from the install tree with the
# same namespaced targets (PolicyTune::policytune, PolicyTune::bench, PolicyTune::policies) and tune_algorithm().
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(policytune_package_dir "${CMAKE_INSTALL_LIBDIR}/cmake/PolicyTune")

install(TARGETS policytune policytune.bench policytune.policies EXPORT PolicyTuneTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
# Beside policytune, which they find there: users run them on a cluster's login node (docs/guide/cluster.md).
install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/slurm-search" DESTINATION "${CMAKE_INSTALL_BINDIR}" RENAME policytune-slurm-search)
install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/slurm-check" DESTINATION "${CMAKE_INSTALL_BINDIR}" RENAME policytune-slurm-check)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/bench/policytune" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
# The protocol headers the harness and the tool share, beside the harness's (include/policytune/protocol).
install(DIRECTORY "${PROJECT_SOURCE_DIR}/protocol/policytune" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/policies/policytune" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/templates/" DESTINATION "${CMAKE_INSTALL_DATADIR}/policytune/templates")
# The benchmarks the templates go with (the harness is installed with the headers above), and the
# examples that use them.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/bench/" DESTINATION "${CMAKE_INSTALL_DATADIR}/policytune/bench"
        PATTERN "CMakeLists.txt" EXCLUDE PATTERN "policytune" EXCLUDE)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/" DESTINATION "${CMAKE_INSTALL_DATADIR}/policytune/examples")
# bash-completion loads completions/<command> on demand from this folder.
install(FILES "${PROJECT_SOURCE_DIR}/completions/policytune.bash"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" RENAME policytune)
install(FILES "${PROJECT_SOURCE_DIR}/cmake/tune_algorithm.cmake" DESTINATION "${policytune_package_dir}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/cmake/detail/" DESTINATION "${policytune_package_dir}/detail"
        PATTERN "package.cmake" EXCLUDE PATTERN "in_tree.cmake" EXCLUDE)
install(EXPORT PolicyTuneTargets NAMESPACE PolicyTune:: DESTINATION "${policytune_package_dir}")
export(EXPORT PolicyTuneTargets NAMESPACE PolicyTune:: FILE "${PROJECT_BINARY_DIR}/PolicyTuneTargets.cmake")

write_basic_package_version_file("${PROJECT_BINARY_DIR}/PolicyTuneConfigVersion.cmake" COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/PolicyTuneConfigVersion.cmake" DESTINATION "${policytune_package_dir}")

# policytune_detail_write_package_config(FILE <out> INSTALL_DESTINATION <dir> [INSTALL_PREFIX <dir>]
#                                        MODULE_DIR <dir> TEMPLATE_DIR <dir> BENCHMARK_DIR <dir>)
# PolicyTuneConfig.cmake for one tree, which sets PolicyTune_MODULE_DIR, PolicyTune_TEMPLATE_DIR
# and PolicyTune_BENCHMARK_DIR to these folders (relative ones taken from the install prefix).
function(policytune_detail_write_package_config)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "FILE;INSTALL_DESTINATION;INSTALL_PREFIX;MODULE_DIR;TEMPLATE_DIR;BENCHMARK_DIR" "")
  foreach(folder IN ITEMS MODULE_DIR TEMPLATE_DIR BENCHMARK_DIR)
    set(PolicyTune_${folder} "${arg_${folder}}")  # as PolicyTuneConfig.cmake.in spells them
  endforeach()
  set(prefix "")
  if(arg_INSTALL_PREFIX)
    set(prefix INSTALL_PREFIX "${arg_INSTALL_PREFIX}")
  endif()
  configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/PolicyTuneConfig.cmake.in" "${arg_FILE}"
                                INSTALL_DESTINATION "${arg_INSTALL_DESTINATION}" ${prefix}
                                PATH_VARS PolicyTune_MODULE_DIR PolicyTune_TEMPLATE_DIR PolicyTune_BENCHMARK_DIR)
endfunction()

# Install tree: paths relative to the prefix.
policytune_detail_write_package_config(FILE "${PROJECT_BINARY_DIR}/install-config/PolicyTuneConfig.cmake"
                                       INSTALL_DESTINATION "${policytune_package_dir}"
                                       MODULE_DIR "${policytune_package_dir}"
                                       TEMPLATE_DIR "${CMAKE_INSTALL_DATADIR}/policytune/templates"
                                       BENCHMARK_DIR "${CMAKE_INSTALL_DATADIR}/policytune/bench")
install(FILES "${PROJECT_BINARY_DIR}/install-config/PolicyTuneConfig.cmake" DESTINATION "${policytune_package_dir}")

# Build tree: the sources themselves.
policytune_detail_write_package_config(FILE "${PROJECT_BINARY_DIR}/PolicyTuneConfig.cmake"
                                       INSTALL_DESTINATION "${PROJECT_BINARY_DIR}" INSTALL_PREFIX "${PROJECT_BINARY_DIR}"
                                       MODULE_DIR "${PROJECT_SOURCE_DIR}/cmake"
                                       TEMPLATE_DIR "${PROJECT_SOURCE_DIR}/templates"
                                       BENCHMARK_DIR "${PROJECT_SOURCE_DIR}/bench")
