#!/usr/bin/env bash
# Why this exists: the AddressSanitizer builds: the two libFuzzer executables alone (the README's test command, fuzz.sh), or with the tests of the binding, the pipeline and the app's logic, instrumented once for both (swift-test.sh's "asan" run).
set -euo pipefail
swift="$1" source_root="$2" what="${3:-tests}"
cd "$source_root"
# Package.swift keeps the fuzzers in this build and links libFuzzer into them alone; the coverage
# libFuzzer steers by (what -sanitize=fuzzer compiles in) is in the modules of the parsers they
# feed, and where libFuzzer is absent (the test bundle) AddressSanitizer's runtime gives its hooks
# empty bodies.
# "fuzzers": the fuzzers alone, in a folder of their own (the README's test command); "tests":
# the tests besides.
source meson-wrapper/test-build.sh
if [ "$what" = fuzzers ]; then
  export CLASSIC_PHOTOS_SANITIZER_BUILD=fuzzers-alone folder=.build-fuzz tests=()
else
  export CLASSIC_PHOTOS_SANITIZER_BUILD=fuzzers folder=.build-asan tests=(--build-tests)
fi
flags=(--scratch-path "$folder" --sanitize=address "${test_build[@]}")
afresh_unless_built_with "$folder" "${flags[@]}"
# In the idle class: background work beside the Swift suite (meson.build); SwiftPM starts the
# compilers from libdispatch threads, whose nice values libdispatch sets itself, but a scheduling
# class is inherited.
chrt --idle 0 "$swift" build "${tests[@]}" "${flags[@]}"
