#!/usr/bin/env bash
# Why this exists: fuzzes the image header readers (HEIF/AVIF, WebP, GIF, SVG) with libFuzzer for a bounded time (60 s by default), from seeds ImageMagick writes here, and keeps any crashing input for a regression test.
set -euo pipefail
swift="$1" source_root="$2" seconds="${3:-60}"
cd "$source_root"
"$swift" build --product header-fuzzer --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xlinker --export-dynamic
corpus="$(mktemp -d)"
artifacts="$source_root/.build-fuzz/header-crashes/"
mkdir -p "$artifacts"
trap 'rm -rf "$corpus"' EXIT
# Seeds: each format as ImageMagick writes it (HEIC, AVIF, lossy, lossless and animated WebP, an
# animated GIF), a drawing that embeds a PNG, and the tests' fixtures.
for format in heic avif webp gif png; do convert -size 16x12 xc:green "$corpus/seed.$format"; done
convert -size 16x12 xc:red -define webp:lossless=true "$corpus/lossless.webp"
convert -delay 10 -size 16x12 xc:red xc:blue -loop 0 "$corpus/animated.webp"
convert -delay 10 -size 16x12 xc:red xc:blue -loop 0 "$corpus/animated.gif"
printf '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY c "#208020">]><svg xmlns="http://www.w3.org/2000/svg" width="16" height="12"><rect width="16" height="12" fill="&c;"/><image href="data:image/png;base64,%s"/></svg>' \
  "$(base64 -w0 "$corpus/seed.png")" > "$corpus/embeds.svg"
cp Tests/PhotoPipelineTests/Fixtures/*.gif Tests/PhotoPipelineTests/Fixtures/fuzz-regressions/* "$corpus/" 2>/dev/null || true
if ! .build-fuzz/debug/header-fuzzer -max_total_time="$seconds" -max_len=16384 -timeout=10 -detect_leaks=0 \
     -artifact_prefix="$artifacts" "$corpus"; then
  echo "The fuzzer found a failing input; copy it from $artifacts into Tests/PhotoPipelineTests/Fixtures/fuzz-regressions/." >&2
  exit 1
fi
