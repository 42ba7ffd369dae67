# A shipped hub whose benchmark has no database yet (not measured on a GPU) is CUB's policy
# everywhere: the committed header is what a missing database renders, and an empty database file
# must render the same bytes. Invoked with -P:
#   -DPOLICYTUNE=<tool> -DSOURCE_DIR=<repository> -DWORK_DIR=<scratch folder>
cmake_minimum_required(VERSION 3.25)
include("${SOURCE_DIR}/policies/shipped_hubs.cmake")
policytune_read_shipped_hubs(shipped)
file(REMOVE_RECURSE "${WORK_DIR}")
set(checked 0)
foreach(hub IN LISTS shipped_HUBS)
  set(benchmark "${SOURCE_DIR}/${shipped_${hub}_BENCHMARK}")
  execute_process(COMMAND "${POLICYTUNE}" list --names "${benchmark}" OUTPUT_VARIABLE name
                  OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  if(EXISTS "${SOURCE_DIR}/policies/databases/${name}.db")
    continue()  # measured: policies.up_to_date compares it
  endif()
  # The empty file carries the database's name, which the header's banner names.
  file(WRITE "${WORK_DIR}/databases/${name}.db" "")
  set(header "${WORK_DIR}/${hub}.cuh")
  execute_process(
    COMMAND "${POLICYTUNE}" generate --db "${WORK_DIR}/databases/${name}.db" --benchmark "${benchmark}"
            --template "${SOURCE_DIR}/${shipped_${hub}_TEMPLATE}" --namespace "policytune::tuning::${hub}"
            --archs 80,90 --dispatch "Elements{io}" -o "${header}"
    RESULT_VARIABLE result ERROR_VARIABLE notes)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "policytune generate failed for ${hub} from an empty database:\n${notes}")
  endif()
  file(READ "${header}" rendered)
  file(READ "${SOURCE_DIR}/policies/policytune/tuning/${hub}.cuh" committed)
  if(NOT rendered STREQUAL committed)
    message(FATAL_ERROR "${hub}: an empty database renders other bytes than policies/policytune/tuning/${hub}.cuh")
  endif()
  # Chained: CUB's own chain is the hub's; a selector: no link, operator() returns CUB's selector's.
  string(FIND "${rendered}" "// No tuned architecture: every device gets the library's own policies." unlinked)
  string(FIND "${rendered}" "using MaxPolicy = typename default_hub::MaxPolicy;" chain)
  string(FIND "${rendered}" "return default_selector{}(cc);" selector)
  if(unlinked EQUAL -1 OR (chain EQUAL -1 AND selector EQUAL -1))
    message(FATAL_ERROR "${hub}: without measurements the hub is not CUB's own hub or selector")
  endif()
  math(EXPR checked "${checked} + 1")
endforeach()
message(STATUS "${checked} unmeasured hubs render CUB's policies from a missing or an empty database")
