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
    export LSAN_OPTIONS="suppressions=$source_root/meson-wrapper/lsan-suppressions.txt"
    "$swift" test --scratch-path .build-asan --sanitize=address --disable-swift-testing \
      --filter 'GtkTests|PhotoPipelineTests' ;;
esac
