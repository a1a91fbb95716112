#!/usr/bin/env bash
# Why this exists: meson's Swift tests: the whole XCTest suite ("all"), or the binding and pipeline tests (the scheduling interleavings included) under ThreadSanitizer ("tsan") or AddressSanitizer ("asan").
set -euo pipefail
swift="$1" source_root="$2" mode="$3"
cd "$source_root"
export G_DEBUG=fatal-criticals
case "$mode" in
  all)
    "$swift" build --build-tests
    "$swift" test --skip-build --disable-swift-testing ;;
  tsan)
    "$swift" test --scratch-path .build-tsan --sanitize=thread --disable-swift-testing \
      --filter 'GtkTests|PhotoPipelineTests' ;;
  asan)
    # Memory errors (overflows, use-after-free) fail the run. Leak checking is off: at exit
    # LeakSanitizer counts Foundation's own allocations (String(contentsOfFile:), XMLParser
    # errors) and work still queued on the GLib loop when a test returns; the soak test
    # checks for real growth instead, by the app's RSS over minutes.
    export ASAN_OPTIONS="detect_leaks=0"
    "$swift" test --scratch-path .build-asan --sanitize=address --disable-swift-testing \
      --filter 'GtkTests|PhotoPipelineTests' ;;
esac
