#!/usr/bin/env bash
# Renders an HTML page (a `policytune report`) in headless Chromium and fails unless the page is
# self-contained (no outside URL), logs nothing to the browser console (errors, failed loads) and
# its screenshot is not blank.
#   report_in_browser.sh CHROMIUM PYTHON PAGE.html SCREENSHOT.png
set -euo pipefail
chromium=$1 python=$2 page=$3 screenshot=$4
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "report_in_browser: $*" >&2; exit 1; }

[[ -s "$page" ]] || fail "$page: missing or empty"
command -v "$chromium" >/dev/null || fail "$chromium: not installed (scripts/setup installs Debian's chromium)"
# Self-contained: nothing loaded from elsewhere (a namespace name is not a load).
if grep -Eno '(src|href|url\()[="'"'"'(]*[a-zA-Z]+://' "$page"; then fail "$page: loads something from an outside URL"; fi

profile=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$profile" "$log"' EXIT
rm -f "$screenshot"
# --no-sandbox: CI runs as root, where Chromium refuses its sandbox. A fresh profile per run, so
# that tests in parallel do not share one.
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --disable-background-networking --disable-extensions --user-data-dir="$profile" \
  --enable-logging=stderr --v=0 --window-size=1100,1400 --screenshot="$screenshot" \
  "file://$(realpath "$page")" 2>"$log" >/dev/null || { cat "$log" >&2; fail "chromium failed"; }
[[ -s "$screenshot" ]] || { cat "$log" >&2; fail "no screenshot written"; }
if grep -E ':CONSOLE[:(]' "$log"; then fail "$page: the page logged to the browser console"; fi
"$python" "$here/png_not_blank.py" "$screenshot" || fail "$screenshot: the page rendered blank"
echo "report_in_browser: $page renders, logs nothing to the console and is not blank"
