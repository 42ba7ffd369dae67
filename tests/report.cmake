# `policytune report` rendered in a real browser, and `check --junit` / `--markdown` (issue 23).
# Included by tests/CMakeLists.txt after the scripts' tests: the quickstart's database is theirs.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_program(POLICYTUNE_CHROMIUM NAMES chromium chromium-browser)
if(NOT POLICYTUNE_CHROMIUM)
  set(POLICYTUNE_CHROMIUM chromium)  # the test says it is missing: scripts/setup installs it
endif()
set(report_work "${CMAKE_CURRENT_BINARY_DIR}/report")
file(MAKE_DIRECTORY "${report_work}")
set(run_and_match "${CMAKE_CURRENT_SOURCE_DIR}/cli/check_command.cmake")
set(in_browser "${CMAKE_CURRENT_SOURCE_DIR}/cli/report_in_browser.sh")

# A report is written, then opened in headless Chromium: no console message, a screenshot that is not blank.
function(policytune_report_in_browser name database)
  add_test(NAME cli.report.${name}
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:policytune>^^report^^--db^^${database}^^-o^^${report_work}/${name}.html"
            -DEXPECT_EXIT=0 "-DEXPECT_STDOUT=${name}.html: [1-9][0-9]* compile-time workloads of [1-9][0-9]* rows\n$"
            -DWORKING_DIRECTORY=${report_work} -DREMOVE_FIRST=${report_work}/${name}.html -P "${run_and_match}")
  set_tests_properties(cli.report.${name} PROPERTIES FIXTURES_SETUP report_${name} ${ARGN})
  add_test(NAME cli.report.${name}.in_browser
    COMMAND bash "${in_browser}" "${POLICYTUNE_CHROMIUM}" "${Python3_EXECUTABLE}" "${report_work}/${name}.html"
            "${report_work}/${name}.png")
  set_tests_properties(cli.report.${name}.in_browser PROPERTIES FIXTURES_REQUIRED report_${name})
endfunction()

policytune_report_in_browser(radix_sort "${CMAKE_CURRENT_SOURCE_DIR}/data/databases/radix_sort.host_keys.db")
# The quickstart's database, made by scripts/quickstart itself (its short form, scripts.quickstart).
set_tests_properties(scripts.quickstart PROPERTIES FIXTURES_SETUP quickstart_database)
policytune_report_in_browser(quickstart "${script_work}/quickstart/quickstart.db" FIXTURES_REQUIRED quickstart_database)

# The browser check itself sees what it is there to see.
add_test(NAME cli.report.in_browser_sees_console_errors
  COMMAND bash "${in_browser}" "${POLICYTUNE_CHROMIUM}" "${Python3_EXECUTABLE}"
          "${CMAKE_CURRENT_SOURCE_DIR}/data/report/console_error.html" "${report_work}/console_error.png")
set_tests_properties(cli.report.in_browser_sees_console_errors PROPERTIES
                     PASS_REGULAR_EXPRESSION "the page logged to the browser console")
add_test(NAME cli.report.in_browser_sees_blank_pages
  COMMAND bash "${in_browser}" "${POLICYTUNE_CHROMIUM}" "${Python3_EXECUTABLE}"
          "${CMAKE_CURRENT_SOURCE_DIR}/data/report/blank.html" "${report_work}/blank.png")
set_tests_properties(cli.report.in_browser_sees_blank_pages PROPERTIES PASS_REGULAR_EXPRESSION "the page rendered blank")

# Bad input: one error line, exit 2, nothing written.
function(policytune_report_error name expected_stderr)
  list(JOIN ARGN "^^" joined)
  add_test(NAME cli.report.${name}
    COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:policytune>^^report^^${joined}" -DEXPECT_EXIT=2
            "-DEXPECT_STDERR=${expected_stderr}" -DWORKING_DIRECTORY=${report_work} -P "${run_and_match}")
endfunction()
set(radix_database "${CMAKE_CURRENT_SOURCE_DIR}/data/databases/radix_sort.host_keys.db")
policytune_report_error(missing_database "^policytune: error: no/such.db: no such database\n$" --db no/such.db -o unused.html)
# (a bracket would group a CMake list, so a parenthesis is the bad regex)
policytune_report_error(bad_regex "^policytune: error: -R 'a\\(' is not a valid regex: [^\n]*\n$" --db ${radix_database}
                        -R "a(" -o unused.html)
policytune_report_error(corrupt_database "^policytune: error: [^\n]*corrupt.db[^\n]*\n$"
                        --db ${CMAKE_CURRENT_SOURCE_DIR}/data/databases/corrupt.db -o unused.html)
policytune_report_error(output_is_a_directory "^policytune: error: [^\n]*${report_work}[^\n]*\n$" --db ${radix_database}
                        -o ${report_work})
policytune_report_error(no_output "^policytune: error: --output is required[^\n]*\n$" --db ${radix_database})

# check --junit validates against the JUnit schema (a real check of a host benchmark, passing and regressed).
add_test(NAME cli.check.junit
  COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/check_junit.sh" $<TARGET_FILE:policytune> "${Python3_EXECUTABLE}"
          "${CMAKE_CURRENT_SOURCE_DIR}/data/junit/junit.xsd" "${report_work}/check-junit" "${CMAKE_CURRENT_SOURCE_DIR}/data")

# The script behind docs/results/report-timing.md's timing, in a short form.
policytune_script_test(benchmark-report 3000)
add_test(NAME cli.check.junit_is_a_directory
  COMMAND ${CMAKE_COMMAND}
          "-DCOMMAND=$<TARGET_FILE:policytune>^^check^^${CMAKE_CURRENT_SOURCE_DIR}/data/check/bench/check/work.cpp^^--junit^^${report_work}"
          -DEXPECT_EXIT=2 "-DEXPECT_STDERR=^policytune: error: [^\n]*report: --junit names a directory, not a file to write\n$"
          -DWORKING_DIRECTORY=${report_work} -P "${run_and_match}")
