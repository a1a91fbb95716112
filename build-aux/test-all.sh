#!/usr/bin/env bash
# Why this exists: the README's second command (and CI's): install what is missing, then let meson build everything and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh test

# Any GLib-CRITICAL is a bug: make it fatal in every process the tests start.
export G_DEBUG=fatal-criticals

# A release build for /usr inside the checkout (ignored by git): the build the package holds, so
# the package test packages it rather than building the app a second time.
if [ -d _build ]; then
  meson setup --reconfigure _build --prefix=/usr -Dprofile=release >/dev/null
else
  meson setup _build --prefix=/usr -Dprofile=release >/dev/null
fi

# Lints (desktop file, metainfo, schema, translations), the Swift suite, ThreadSanitizer,
# and a staged install launched from its desktop file.
status=0
# Every test at once (meson.build gives the Swift suite the priority and the CPU; the rest runs
# at nice 19 in the time it leaves).
# The sanitizers' suites are left out (meson.build says why, and how to run them).
meson test -C _build --print-errorlogs --num-processes 8 --no-suite tsan --no-suite asan || status=$?

# One plain closing line for whoever reads the log's end.
summary="_build/meson-logs/testlog.json"
if [ -f "$summary" ]; then
  passed=$(grep -c '"result": "OK"' "$summary" || true)
  failed=$(grep -c '"result": "\(FAIL\|TIMEOUT\|ERROR\)"' "$summary" || true)
  echo "meson: $passed passed, $failed failed"
fi
# When something failed, name it again at the end: the lines that say which test case and
# which assertion, so the last screen of a long log (CI shows only its tail) holds the cause.
log="_build/meson-logs/testlog.txt"
if [ "$status" -ne 0 ] && [ -f "$log" ]; then
  echo "what failed:"
  grep -aE "Test Case '.*' failed|: error: |Fatal error|fatal error|^not ok|FAILED|Segmentation|CRITICAL" "$log" \
    | awk '!seen[$0]++' | head -60 || true
fi
exit "$status"
