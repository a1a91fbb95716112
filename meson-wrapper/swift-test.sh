#!/usr/bin/env bash
# Why this exists: meson's Swift tests: the whole XCTest suite ("all"), the two fuzzers under AddressSanitizer ("fuzz"), or the binding, pipeline and scheduling tests (the interleavings included) under ThreadSanitizer ("tsan") or AddressSanitizer ("asan", with the two fuzzers from the same build).
set -euo pipefail
swift="$1" source_root="$2" mode="$3"
cd "$source_root"
export G_DEBUG=fatal-criticals
source meson-wrapper/test-build.sh

# The bindings', pipeline's, colour and scheduling tests of the test bundle $1, in two processes
# at once, the classes dealt out in turn (each process runs its tests one after another, not a
# process a test). Their output follows; the status is the first failure's.
run_in_two() {
  local bundle="$1" classes=() pids=() logs=() status=0
  mapfile -t classes < <("$bundle" --list-tests | sed -n 's,^\(\(GtkTests\|PhotoPipelineTests\|PhotosAppTests\|ColourManagementTests\)\.[^/]*\)/.*,\1,p' | sort -u)
  [ "${#classes[@]}" -gt 0 ] || { echo "no test classes listed in $bundle" >&2; return 1; }
  for shard in 0 1; do
    local picked=() log
    for i in "${!classes[@]}"; do [ $((i % 2)) -eq "$shard" ] && picked+=("${classes[$i]}"); done
    log="$(mktemp)"; logs+=("$log")
    (IFS=,; exec "$bundle" "${picked[*]}") > "$log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || status=$?
    cat "${logs[$i]}"; rm -f "${logs[$i]}"
  done
  return "$status"
}
case "$mode" in
  all)
    # A folder of its own: `.build` stays a developer's (and the benchmarks' optimised build).
    build=(--scratch-path .build-tests "${test_build[@]}")
    afresh_unless_built_with .build-tests "${build[@]}"
    "$swift" build --build-tests "${build[@]}"
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
    bundle="$("$swift" build "${build[@]}" --show-bin-path)/ClassicPhotosPackageTests.xctest"
    soak_log="$(mktemp)" rest_log="$(mktemp)"
    "$bundle" "$soak" > "$soak_log" 2>&1 &
    soak_pid=$!
    # The tests that drive no app, in two processes in the idle class beside the app tests,
    # which wait on their apps most of the time (a process a test cost each its start).
    (chrt --idle -p 0 $BASHPID >/dev/null; run_in_two "$bundle") > "$rest_log" 2>&1 &
    rest_pid=$!
    "$swift" test "${build[@]}" --skip-build --disable-swift-testing --parallel --num-workers 4 --skip "$alone" --skip "$soak" \
      --filter '^(AppTests|BenchmarkTests)\.' || status=$?
    wait "$soak_pid" || status=$?
    cat "$soak_log"; rm -f "$soak_log"
    wait "$rest_pid" || status=$?
    cat "$rest_log"; rm -f "$rest_log"
    "$swift" test "${build[@]}" --skip-build --disable-swift-testing --filter "$alone" || status=$?
    exit "$status" ;;
  tsan|asan|fuzz)
    # Background work beside the Swift suite: the CPU its app tests leave, never theirs
    # (meson.build). The idle class, not a nice value: SwiftPM's and XCTest's threads are
    # libdispatch's, which sets their nice values by quality of service where it may (as root),
    # so the processes they start ran at nice 0 whatever this script's was; a class is inherited.
    chrt --idle -p 0 $$ >/dev/null ;;
esac
# Only what their test targets need is built (Package.swift, CLASSIC_PHOTOS_SANITIZER_BUILD).
case "$mode" in
  tsan)
    # Races are what it finds: the tests that compute on one thread alone (the sepia kernels
    # against their reference, the sort's agreement, the header readers' limits, and the
    # metadata readers and writers, whose work is exiv2's, which is not instrumented) run in the
    # Swift suite and under AddressSanitizer, and are left out here.
    one_thread='SepiaKernelTests.testMatchesReferenceWithinOneForEveryLayout|SepiaKernelTests.testEveryPathThisMachineRunsGivesIdenticalBytes|PhotoOrderTests|ImageHeaderTests|PhotoDetailsTests|KeptMetadataTests|ExifFieldsTests|PhotoTurningTests'
    # The random interleavings of recycled rows, a quarter as many rounds: each round's threads
    # are what it checks here, and the Swift suite plays all of them.
    export CLASSIC_PHOTOS_INTERLEAVING_ROUNDS=500
    build=(--scratch-path .build-tsan --sanitize=thread "${test_build[@]}")
    afresh_unless_built_with .build-tsan "${build[@]}"
    CLASSIC_PHOTOS_SANITIZER_BUILD=1 "$swift" test "${build[@]}" --disable-swift-testing \
      --filter 'GtkTests|PhotoPipelineTests' --skip "$one_thread" ;;
  asan|fuzz)
    # Memory errors (overflows, use-after-free) fail the run. Leak checking is off: at exit
    # LeakSanitizer reports XCTest's own test objects (kept in a cycle of its own) and
    # Foundation's file and Process buffers. Run with leaks on, nothing of the pipeline or
    # the binding was left once a test's own retain cycle was fixed. Cycles are checked where
    # they would cost: a dropped gallery with work in flight is freed
    # (GalleryPipelineTests), every gallery the app replaces is freed (ReloadAppTests), and
    # the soak test watches the app's RSS over minutes.
    export ASAN_OPTIONS="detect_leaks=0"
    # "fuzz" (the README's test command): the two fuzzers, 60 s each, from a build of their own.
    # "asan" (its own suite): the same fuzzers beside the bindings', pipeline's, colour and
    # scheduling tests, from one build of both (asan-build.sh).
    if [ "$mode" = fuzz ]; then
      meson-wrapper/asan-build.sh "$swift" "$source_root" fuzzers; folder=.build-fuzz
    else
      meson-wrapper/asan-build.sh "$swift" "$source_root" tests; folder=.build-asan
    fi
    status=0 pids=() logs=() fuzzers=(manifest-fuzzer header-fuzzer)
    for fuzzer in "${fuzzers[@]}"; do
      log="$(mktemp)"; logs+=("$log")
      meson-wrapper/fuzz.sh "$swift" "$source_root" "$fuzzer" 60 "$folder" > "$log" 2>&1 &
      pids+=($!)
    done
    if [ "$mode" = asan ]; then
      run_in_two "$(CLASSIC_PHOTOS_SANITIZER_BUILD=fuzzers "$swift" build --scratch-path .build-asan "${test_build[@]}" --show-bin-path)/ClassicPhotosPackageTests.xctest" || status=$?
    fi
    for i in "${!pids[@]}"; do
      wait "${pids[$i]}" || status=$?
      echo "--- ${fuzzers[$i]}, 60 s:"; tail -n 40 "${logs[$i]}"; rm -f "${logs[$i]}"
    done
    exit "$status" ;;
esac
