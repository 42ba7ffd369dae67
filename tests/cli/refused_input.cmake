# An input of the wrong kind or shape is refused at once (issue 54, class 3): runs one policytune
# command line in a fresh folder of hostile inputs, under a time limit (a hang fails the test),
# expects exit 2 and one error line matching EXPECT_STDERR, and the database t.db unchanged (its
# bytes and its SQL dump). Invoked with -P by cli.refused_input.*:
#   -DPOLICYTUNE=<exe> -DDATA=<tests/data> -DWORK=<scratch folder> -DCOMMAND=<arg^^arg...> -DEXPECT_STDERR=<regex>
# The folder holds t.db (tests/data/databases/tiny.two_sources.db), bench/tiny/sum.cpp, file.txt (a
# regular file where a folder belongs), input.fifo (a FIFO nobody writes: opened, it blocks
# forever), deep.json (arrays nested 100,000 deep), lying_cub.db (CUB's results of
# tests/data/cub_import whose third base row's samples claim a million floats in 64 bytes) and
# bad_size.db (t.db with a search space whose size is text).
string(REPLACE "^^" ";" COMMAND "${COMMAND}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/bench/tiny")
file(COPY_FILE "${DATA}/databases/tiny.two_sources.db" "${WORK}/t.db")
file(COPY_FILE "${DATA}/search/bench/tiny/sum.cpp" "${WORK}/bench/tiny/sum.cpp")
file(WRITE "${WORK}/file.txt" "a file, not a folder\n")
execute_process(COMMAND mkfifo "${WORK}/input.fifo" RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "mkfifo failed (${code})")
endif()
string(REPEAT "[" 100000 open)
string(REPEAT "]" 100000 close)
file(WRITE "${WORK}/deep.json" "${open}${close}\n")
find_program(SQLITE3 sqlite3 REQUIRED)
file(COPY_FILE "${DATA}/cub_import/cccl_meta_bench.db" "${WORK}/lying_cub.db")
# An fpzip header of 1,000,000 floats (Python's fpzip.compress writes the same), padded to 64 bytes
# with zeros.
set(lying_samples "66707929870EF0FF41FDC00EF100FF000000FF000000FF0000000000000000000000000000000000000000000000000000000000000000000000000000000000")
execute_process(
  COMMAND "${SQLITE3}" "${WORK}/lying_cub.db"
          "UPDATE \"cub.bench.reduce.sum.base\" SET samples = X'${lying_samples}' WHERE rowid = 3"
  RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "sqlite3 cannot change lying_cub.db (exit ${code})")
endif()
file(COPY_FILE "${DATA}/databases/tiny.two_sources.db" "${WORK}/bad_size.db")
execute_process(COMMAND "${SQLITE3}" "${WORK}/bad_size.db" "UPDATE search_spaces SET size = 'many'" RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "sqlite3 cannot change bad_size.db (exit ${code})")
endif()

# What a refused command must leave as it was: t.db, its bytes and its rows.
function(refusal_state out)
  file(SHA256 "${WORK}/t.db" hash)
  execute_process(COMMAND "${SQLITE3}" "${WORK}/t.db" .dump OUTPUT_VARIABLE dump RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "sqlite3 cannot dump t.db (exit ${code})")
  endif()
  set(${out} "${hash}\n${dump}" PARENT_SCOPE)
endfunction()

include("${CMAKE_CURRENT_LIST_DIR}/refusal_check.cmake")
expect_refusal(30)
