#!/usr/bin/env bash
# Why this exists: the README's first command: install what is missing, build, and launch the app on the sample gallery.
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh run
# Self-contained, as users get it: the Swift runtime and Foundation linked in.
swift build -c release --static-swift-stdlib --product classic-photos
exec .build/release/classic-photos "$@"
