# RE2, Google's regular expression engine (Debian: libre2-dev), which ships no CMake package of its
# own. Defines RE2::RE2. A portable build finds libre2.a first (CMAKE_FIND_LIBRARY_SUFFIXES).
find_path(RE2_INCLUDE_DIR re2/re2.h)
find_library(RE2_LIBRARY re2)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(RE2 REQUIRED_VARS RE2_LIBRARY RE2_INCLUDE_DIR)
if(RE2_FOUND AND NOT TARGET RE2::RE2)
  find_package(Threads REQUIRED)
  add_library(RE2::RE2 UNKNOWN IMPORTED)
  set_target_properties(RE2::RE2 PROPERTIES IMPORTED_LOCATION "${RE2_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${RE2_INCLUDE_DIR}"
                                            INTERFACE_LINK_LIBRARIES Threads::Threads)
endif()
mark_as_advanced(RE2_INCLUDE_DIR RE2_LIBRARY)
