#!/usr/bin/env bash
# `policytune check --junit FILE --markdown` on a host benchmark whose speeds are known
# (tests/data/check/bench/check/work.cpp: work_1 is twice as fast as base, work_4 twice as slow):
# a passing check and, from a database doctored to ship work_4, a regression. Both JUnit documents
# must validate against the JUnit schema, the failure must carry the verdict, and --markdown must
# print the table as Markdown.
#   check_junit.sh POLICYTUNE PYTHON SCHEMA.xsd WORK_DIR DATA_DIR
set -euo pipefail
policytune=$1 python=$2 schema=$3 work=$4 data=$5
bench=$data/check/bench/check/work.cpp
fail() { echo "check_junit: $*" >&2; exit 1; }
command -v xmllint >/dev/null || fail "xmllint is not installed (scripts/setup installs libxml2-utils)"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
sampling=(--min-samples 3 --max-time 0.02)

# --confirm 0: the database doctored below makes work_4 ship by its stored medians alone, which a
# confirmation round's rows would not let it (only the variants it measured again may win).
"$policytune" search "$bench" --db searched.db --build-dir build "${sampling[@]}" --confirm 0 >search.log 2>&1 ||
  { cat search.log; fail "search failed"; }

set +e
"$policytune" check "$bench" --db searched.db --build-dir build "${sampling[@]}" --junit passed.xml --markdown >passed.md 2>passed.err
status=$?
set -e
cat passed.md
[[ $status -eq 0 ]] || { cat passed.err; fail "the check of work_1 exited $status, expected 0"; }
grep -q '^| benchmark | compile-time workload | runtime workload |' passed.md || fail "--markdown printed no table"
grep -q '^| check.work | .* | `work_1` | .* | ok |$' passed.md || fail "--markdown has no ok row of work_1"
xmllint --noout --schema "$schema" passed.xml || fail "passed.xml does not validate against $schema"
grep -q '<testcase name="[^"]*" classname="check.work" time="0"/>' passed.xml || fail "passed.xml has no passing test case"

# Doctor the database: work_4 recorded ten times faster than it is, so that it is what ships.
"$python" - <<'PYTHON'
import sqlite3
database = sqlite3.connect("searched.db")
database.execute("UPDATE measurements SET median = median * 0.1, mean = mean * 0.1, min = min * 0.1, max = max * 0.1 "
                 "WHERE variant = 'work_4'")
database.commit()
PYTHON

set +e
"$policytune" check "$bench" --db searched.db --build-dir build "${sampling[@]}" --junit regressed.xml >regressed.txt 2>regressed.err
status=$?
set -e
cat regressed.txt
[[ $status -eq 1 ]] || { cat regressed.err; fail "the check of work_4 exited $status, expected 1"; }
xmllint --noout --schema "$schema" regressed.xml || fail "regressed.xml does not validate against $schema"
grep -q '<failure type="REGRESSION" message="REGRESSION (slower than base by more than' regressed.xml ||
  fail "regressed.xml has no failure carrying the verdict REGRESSION"
grep -q 'failures="[1-9]' regressed.xml || fail "regressed.xml counts no failure"
echo "check_junit: both JUnit documents validate; the regression is a failure carrying its verdict"
