#!/usr/bin/env bash
# Why this exists: the one AddressSanitizer build: the tests of the binding, the pipeline and the app's logic, and the two libFuzzer executables, instrumented once for both (swift-test.sh's "asan" run and fuzz.sh use it).
set -euo pipefail
swift="$1" source_root="$2"
cd "$source_root"
# Package.swift keeps the fuzzers in this build and links libFuzzer into them alone; the coverage
# libFuzzer steers by (what -sanitize=fuzzer compiles in) is in the modules of the parsers they
# feed, and where libFuzzer is absent (the test bundle) AddressSanitizer's runtime gives its hooks
# empty bodies.
export CLASSIC_PHOTOS_SANITIZER_BUILD=fuzzers
source meson-wrapper/test-build.sh
flags=(--scratch-path .build-asan --sanitize=address "${test_build[@]}")
afresh_unless_built_with .build-asan "${flags[@]}"
# In the idle class: background work beside the Swift suite (meson.build); SwiftPM starts the
# compilers from libdispatch threads, whose nice values libdispatch sets itself, but a scheduling
# class is inherited.
chrt --idle 0 "$swift" build --build-tests "${flags[@]}"
