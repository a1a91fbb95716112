#!/usr/bin/env bash
# Why this exists: meson's custom target for the two programs, the app and its decoding helper: puts the generated build values where SwiftPM sees them, runs `swift build` (a release build self-contained: the Swift runtime and Foundation linked in, so it runs where no Swift is installed), copies the results out.
set -euo pipefail
swift="$1" source_root="$2" scratch="$3" configuration="$4" generated="$5" output="$6" helper_output="$7"

# SwiftPM only compiles files inside the package; the copy is inert without -DMESON_BUILD.
mkdir -p "$source_root/Sources/PhotoDecoding/Generated"
target="$source_root/Sources/PhotoDecoding/Generated/BuildConfig.generated.swift"
cmp -s "$generated" "$target" || cp "$generated" "$target"

# A release build is self-contained and names no run path ($ORIGIN holds no library of ours).
static=()
# Line tables, not SwiftPM's full debug information: the package strips the programs anyway, and
# a backtrace of an unstripped build still names file and line.
[ "$configuration" = release ] && static=(--static-swift-stdlib --disable-local-rpath -Xswiftc -gline-tables-only)
for product in classic-photos classic-photos-helper; do
  "$swift" build --package-path "$source_root" --scratch-path "$scratch" \
    -c "$configuration" "${static[@]}" --product "$product" -Xswiftc -DMESON_BUILD
done
bin="$("$swift" build --package-path "$source_root" --scratch-path "$scratch" -c "$configuration" "${static[@]}" --show-bin-path)"
cp "$bin/classic-photos" "$output"
cp "$bin/classic-photos-helper" "$helper_output"
