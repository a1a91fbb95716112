#!/usr/bin/env bash
# Why this exists: the README's second command (and CI's): install what is missing, build everything, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh

# Any GLib-CRITICAL is a bug: make it fatal in every process the tests start.
export G_DEBUG=fatal-criticals

echo "== swift build (debug, with tests)"
swift build --build-tests

echo "== ThreadSanitizer over the binding and pipeline tests"
swift test --scratch-path .build-tsan --sanitize=thread --disable-swift-testing --filter 'GtkTests|PhotoPipelineTests'

echo "== swift test"
swift test --skip-build --disable-swift-testing
