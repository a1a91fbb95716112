#!/usr/bin/env bash
# Why this exists: meson's Swift tests: the whole XCTest suite ("all"), or the binding, pipeline and scheduling tests (the interleavings included) under ThreadSanitizer ("tsan") or AddressSanitizer ("asan").
set -euo pipefail
swift="$1" source_root="$2" mode="$3"
cd "$source_root"
export G_DEBUG=fatal-criticals
case "$mode" in
  all)
    "$swift" build --build-tests
    # Each test case in a process of its own, four at a time: an app test spends most of its
    # time waiting on the app it started (its own Xvfb, bus and folders, so they never meet), so
    # the suite's wall time is about a third of one at a time (BENCHMARKS.md, "The test suite").
    # The tests that load the machine on purpose (a 100,000-photo folder) then run alone.
    alone='FolderAppTests.testAHundredThousandPhotoFolderReachesItsLastRowWithEnd'
    status=0
    "$swift" test --skip-build --disable-swift-testing --parallel --num-workers 4 --skip "$alone" || status=$?
    "$swift" test --skip-build --disable-swift-testing --filter "$alone" || status=$?
    exit "$status" ;;
  tsan|asan)
    # Background work beside the Swift suite: the CPU its app tests leave, never theirs (meson.build).
    renice -n 19 -p $$ >/dev/null ;;
esac
case "$mode" in
  tsan)
    "$swift" test --scratch-path .build-tsan --sanitize=thread --disable-swift-testing \
      --filter 'GtkTests|PhotoPipelineTests|PhotosAppTests' ;;
  asan)
    # Memory errors (overflows, use-after-free) fail the run. Leak checking is off: at exit
    # LeakSanitizer reports XCTest's own test objects (kept in a cycle of its own) and
    # Foundation's file and Process buffers. Run with leaks on, nothing of the pipeline or
    # the binding was left once a test's own retain cycle was fixed. Cycles are checked where
    # they would cost: a dropped gallery with work in flight is freed
    # (GalleryPipelineTests), every gallery the app replaces is freed (ReloadAppTests), and
    # the soak test watches the app's RSS over minutes.
    export ASAN_OPTIONS="detect_leaks=0"
    "$swift" test --scratch-path .build-asan --sanitize=address --disable-swift-testing \
      --filter 'GtkTests|PhotoPipelineTests|PhotosAppTests' ;;
esac
