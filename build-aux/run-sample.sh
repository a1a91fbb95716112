#!/usr/bin/env bash
# Why this exists: the README's first command: install what is missing, build, and launch the app on the sample gallery.
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh
swift build -c release --product classic-photos
exec .build/release/classic-photos "$@"
