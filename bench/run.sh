#!/usr/bin/env bash
# Why this exists: the one command for the benchmarks: release builds of the app and the bench, then every benchmark (under 10 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh
# The app as users get it (portable x86-64 code).
swift build -c release --product classic-photos
# The bench, with the Swift kernel compiled for this CPU as the C reference is (-march=native),
# so the two are compared like for like. `--only kernel` with a portable build shows the other side.
swift build -c release --product classic-photos-bench --scratch-path .build-bench -Xswiftc -target-cpu -Xswiftc native
exec .build-bench/release/classic-photos-bench --app .build/release/classic-photos --json bench/results.json "$@"
