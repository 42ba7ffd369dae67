# A command refused for one wrong argument changes nothing (issue 54): runs one policytune command
# line in a fresh folder of copies, expects exit 2 and one error line matching EXPECT_STDERR, and
# compares every file there (none added, none removed, the same bytes) and the database's SQL dump
# before and after. Invoked with -P by cli.refused.*:
#   -DPOLICYTUNE=<exe> -DDATA=<tests/data> -DTEMPLATE=<tiny_sum.mustache> -DWORK=<scratch folder>
#   -DCOMMAND=<arg^^arg...> -DEXPECT_STDERR=<regex> [-DBENCHMARK=empty|blank|conflict]
# The folder holds t.db (tests/data/databases/tiny.two_sources.db: 15 rows of tiny.sum, two
# sources), alias.db (a hard link to it), link.db (a symbolic link to it), sub/ (an empty folder),
# bench/tiny/sum.cpp (the tiny benchmark; with BENCHMARK: empty, white space only, or in the middle
# of a merge), tiny_sum.mustache and cub.db (CUB's results of tests/data/cub_import). The command
# runs there, so that a fault writes over copies, never over the tests' own data.
string(REPLACE "^^" ";" COMMAND "${COMMAND}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/bench/tiny" "${WORK}/sub")
file(COPY_FILE "${DATA}/databases/tiny.two_sources.db" "${WORK}/t.db")
file(CREATE_LINK "${WORK}/t.db" "${WORK}/alias.db")
file(CREATE_LINK "t.db" "${WORK}/link.db" SYMBOLIC)
file(COPY_FILE "${DATA}/search/bench/tiny/sum.cpp" "${WORK}/bench/tiny/sum.cpp")
file(COPY_FILE "${TEMPLATE}" "${WORK}/tiny_sum.mustache")
file(COPY_FILE "${DATA}/cub_import/cccl_meta_bench.db" "${WORK}/cub.db")
if(BENCHMARK STREQUAL "empty")
  file(WRITE "${WORK}/bench/tiny/sum.cpp" "")
elseif(BENCHMARK STREQUAL "blank")
  file(WRITE "${WORK}/bench/tiny/sum.cpp" "\n  \t\n\n")
elseif(BENCHMARK STREQUAL "conflict")
  file(READ "${DATA}/search/bench/tiny/sum.cpp" text)
  file(WRITE "${WORK}/bench/tiny/sum.cpp" "<<<<<<< HEAD\n${text}=======\n// %RANGE% TUNE_UNROLL unroll 1:8:1\n>>>>>>> wider\n")
elseif(DEFINED BENCHMARK)
  message(FATAL_ERROR "BENCHMARK must be empty, blank or conflict, not '${BENCHMARK}'")
endif()

# Every file of the folder and its bytes, links included (as the file they lead to).
function(folder_state out)
  file(GLOB_RECURSE files RELATIVE "${WORK}" LIST_DIRECTORIES false "${WORK}/*")
  list(SORT files)
  set(state "")
  foreach(file IN LISTS files)
    file(SHA256 "${WORK}/${file}" hash)
    string(APPEND state "${file} ${hash}\n")
  endforeach()
  set(${out} "${state}" PARENT_SCOPE)
endfunction()

# The database's rows as SQL, where the sqlite3 shell is there (the bytes are compared either way).
find_program(SQLITE3 sqlite3)
function(database_dump out)
  set(dump "")
  if(SQLITE3)
    execute_process(COMMAND "${SQLITE3}" "${WORK}/t.db" .dump OUTPUT_VARIABLE dump RESULT_VARIABLE code)
    if(NOT code EQUAL 0)
      message(FATAL_ERROR "sqlite3 cannot dump t.db (exit ${code})")
    endif()
  endif()
  set(${out} "${dump}" PARENT_SCOPE)
endfunction()

# What a refused command must leave as it was: the files and the database's rows.
function(refusal_state out)
  folder_state(files)
  database_dump(dump)
  set(${out} "${files}${dump}" PARENT_SCOPE)
endfunction()

include("${CMAKE_CURRENT_LIST_DIR}/refusal_check.cmake")
expect_refusal(60)
