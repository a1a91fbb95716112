#!/usr/bin/env bash
# Why this exists: the one command for the benchmarks: release builds of the app and the bench, then every benchmark (about 45 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh bench
# The app and the bench built alike, as users get them: portable x86-64 code, with the sepia
# kernel's x86-64-v3 path chosen at run time on CPUs that have it. So the kernel is measured
# as it ships; only the C reference is also built with -march=native (see Package.swift).
# The app self-contained, as meson's release build and the package make it, in a folder of its
# own, so the benchmark's own build beside it cannot relink it.
# Its decoding helper is a program of its own, found beside it (HelperLaunch.helperExecutable).
for product in classic-photos classic-photos-helper; do
  swift build -c release --static-swift-stdlib --disable-local-rpath --product "$product" --scratch-path .build-static
done
if [[ "$(ldd .build-static/release/classic-photos)" == */opt/swift* ]]; then echo "bench: the app is not self-contained" >&2; exit 1; fi
swift build -c release --product classic-photos-bench
# The stall sampler the benchmark preloads into the app (the app links none of it), beside the bench.
swift build -c release --product ClassicPhotosStallSampler
# The same app linked to the toolchain's shared Swift libraries, for the start-up comparison.
for product in classic-photos classic-photos-helper; do
  swift build -c release --product "$product" --scratch-path .build-dynamic
done
exec .build/release/classic-photos-bench --app .build-static/release/classic-photos --dynamic-app .build-dynamic/release/classic-photos \
  --json bench/results.json "$@"
