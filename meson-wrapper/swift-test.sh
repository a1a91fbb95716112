#!/usr/bin/env bash
# Why this exists: meson's Swift tests: the whole XCTest suite ("all"), or the binding, pipeline and scheduling tests (the interleavings included) under ThreadSanitizer ("tsan") or AddressSanitizer ("asan", with the two fuzzers from the same build).
set -euo pipefail
swift="$1" source_root="$2" mode="$3"
cd "$source_root"
export G_DEBUG=fatal-criticals
# Line tables, not full debug information, in every build here: a failure's backtrace and a
# sanitizer's report still name file and line, and a build takes a tenth less (199 CPU-s instead
# of 224 for the debug build, measured). A debugger wants a build of its own (`swift build`).
lines=(-Xswiftc -gline-tables-only)
case "$mode" in
  all)
    "$swift" build --build-tests "${lines[@]}"
    # Each test case in a process of its own, four at a time: an app test spends most of its
    # time waiting on the app it started (its own Xvfb, bus and folders, so they never meet), so
    # the suite's wall time is about a third of one at a time (docs/testing.md).
    # The soak test (minutes of scrolling, little processor time) starts first, beside them, so
    # it never runs alone at the end; the test that loads the machine on purpose (a
    # 100,000-photo folder) runs alone after them.
    soak='AppTests.SoakAppTests'
    alone='FolderAppTests.testAHundredThousandPhotoFolderReachesItsLastRowWithEnd'
    status=0
    # The soak test from the test bundle itself: `swift test` holds the build folder's lock for
    # as long as it runs, so a second one would wait for the first.
    bundle="$("$swift" build --show-bin-path)/ClassicPhotosPackageTests.xctest"
    soak_log="$(mktemp)"
    "$bundle" "$soak" > "$soak_log" 2>&1 &
    soak_pid=$!
    "$swift" test --skip-build --disable-swift-testing --parallel --num-workers 4 --skip "$alone" --skip "$soak" || status=$?
    wait "$soak_pid" || status=$?
    cat "$soak_log"; rm -f "$soak_log"
    "$swift" test --skip-build --disable-swift-testing --filter "$alone" || status=$?
    exit "$status" ;;
  tsan|asan)
    # Background work beside the Swift suite: the CPU its app tests leave, never theirs
    # (meson.build). The idle class, not a nice value: SwiftPM's and XCTest's threads are
    # libdispatch's, which sets their nice values by quality of service where it may (as root),
    # so the processes they start ran at nice 0 whatever this script's was; a class is inherited.
    chrt --idle -p 0 $$ >/dev/null ;;
esac
# Only what the three test targets need is built (Package.swift, CLASSIC_PHOTOS_SANITIZER_BUILD).
tests='GtkTests|PhotoPipelineTests|PhotosAppTests'
case "$mode" in
  tsan)
    # Races are what it finds: the tests that compute on one thread alone (the sepia kernels
    # against their reference, the sort's agreement, the header readers' limits, and the
    # metadata readers and writers, whose work is exiv2's, which is not instrumented) run in the
    # other two runs, and are left out here.
    one_thread='SepiaKernelTests.testMatchesReferenceWithinOneForEveryLayout|SepiaKernelTests.testEveryPathThisMachineRunsGivesIdenticalBytes|PhotoOrderTests|ImageHeaderTests|PhotoDetailsTests|KeptMetadataTests|ExifFieldsTests|PhotoTurningTests'
    CLASSIC_PHOTOS_SANITIZER_BUILD=1 "$swift" test --scratch-path .build-tsan --sanitize=thread "${lines[@]}" --disable-swift-testing --filter "$tests" --skip "$one_thread" ;;
  asan)
    # Memory errors (overflows, use-after-free) fail the run. Leak checking is off: at exit
    # LeakSanitizer reports XCTest's own test objects (kept in a cycle of its own) and
    # Foundation's file and Process buffers. Run with leaks on, nothing of the pipeline or
    # the binding was left once a test's own retain cycle was fixed. Cycles are checked where
    # they would cost: a dropped gallery with work in flight is freed
    # (GalleryPipelineTests), every gallery the app replaces is freed (ReloadAppTests), and
    # the soak test watches the app's RSS over minutes.
    export ASAN_OPTIONS="detect_leaks=0"
    # One build for the tests and the fuzzers (asan-build.sh); the two fuzzers, 60 s each, run
    # beside the tests, their logs shown after.
    meson-wrapper/asan-build.sh "$swift" "$source_root"
    status=0 pids=() logs=() fuzzers=(manifest-fuzzer header-fuzzer)
    for fuzzer in "${fuzzers[@]}"; do
      log="$(mktemp)"; logs+=("$log")
      meson-wrapper/fuzz.sh "$swift" "$source_root" "$fuzzer" 60 built > "$log" 2>&1 &
      pids+=($!)
    done
    CLASSIC_PHOTOS_SANITIZER_BUILD=fuzzers "$swift" test --skip-build --scratch-path .build-asan --sanitize=address \
      --disable-swift-testing --filter "$tests" || status=$?
    for i in "${!pids[@]}"; do
      wait "${pids[$i]}" || status=$?
      echo "--- ${fuzzers[$i]}, 60 s:"; tail -n 40 "${logs[$i]}"; rm -f "${logs[$i]}"
    done
    exit "$status" ;;
esac
