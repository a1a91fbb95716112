#!/usr/bin/env bash
# Why this exists: fuzzes a parser of untrusted bytes with libFuzzer for a bounded time (60 s by default): the manifest parsers (`manifest-fuzzer`) or the image header readers, Rotate's edits and the metadata readers (`header-fuzzer`), each from its seeds, keeping any failing input for a regression test.
set -euo pipefail
# Background work beside the Swift suite: the CPU its app tests leave, never theirs (meson.build).
renice -n 19 -p $$ >/dev/null
# The fifth argument, a build folder: an AddressSanitizer build made already (swift-test.sh's
# runs start this); without it, the fuzzers' own build is made first (asan-build.sh).
swift="$1" source_root="$2" fuzzer="$3" seconds="${4:-60}" built="${5:-}"
cd "$source_root"
# The fuzzer itself runs at nice 19, so its time limit per input holds.
[ -n "$built" ] || { meson-wrapper/asan-build.sh "$swift" "$source_root" fuzzers; built=.build-fuzz; }
corpus="$(mktemp -d)"
artifacts="$source_root/$built/crashes-$fuzzer/"
mkdir -p "$artifacts"
trap 'rm -rf "$corpus"' EXIT
case "$fuzzer" in
  manifest-fuzzer)
    max_len=8192
    cp Tests/PhotoPipelineTests/Fixtures/*.plist Tests/PhotoPipelineTests/Fixtures/*.bplist Tests/PhotoPipelineTests/Fixtures/*.json \
       Tests/PhotoPipelineTests/Fixtures/fuzz-regressions/* data/sample-gallery/ClassicPhotos.plist "$corpus/" ;;
  header-fuzzer)
    # Each format as ImageMagick writes it (HEIC, AVIF, lossy, lossless and animated WebP, an
    # animated GIF), a drawing with an entity that embeds a PNG, and the tests' GIFs.
    max_len=16384
    for format in heic avif webp gif png jpg tif; do convert -size 16x12 xc:green "$corpus/seed.$format"; done
    # Rotate's edits read these too: a JPEG with EXIF, a 16-bit PNG.
    convert -size 16x12 xc:green -orient right-top "$corpus/oriented.jpg"
    convert -size 16x12 xc:green -depth 16 "$corpus/deep.png"
    # The metadata readers read these: a camera's details and a place, in a JPEG and a PNG.
    for format in jpg png; do
      convert -size 16x12 xc:green "$corpus/details.$format"
      exiftool -q -overwrite_original -Make=Canon -Model="EOS 5D" -ExposureTime=1/250 -FNumber=2.8 -ISO=400 -FocalLength=50 \
        -DateTimeOriginal="2019:07:14 18:32:05" -OffsetTimeOriginal=+02:00 -GPSLatitude=48.85 -GPSLatitudeRef=N \
        -GPSLongitude=2.29 -GPSLongitudeRef=E -XMP-dc:Title=Tower -Keywords=Paris "$corpus/details.$format"
    done
    convert -size 16x12 xc:red -define webp:lossless=true "$corpus/lossless.webp"
    convert -delay 10 -size 16x12 xc:red xc:blue -loop 0 "$corpus/animated.webp"
    convert -delay 10 -size 16x12 xc:red xc:blue -loop 0 "$corpus/animated.gif"
    printf '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY c "#208020">]><svg xmlns="http://www.w3.org/2000/svg" width="16" height="12"><rect width="16" height="12" fill="&c;"/><image href="data:image/png;base64,%s"/></svg>' \
      "$(base64 -w0 "$corpus/seed.png")" > "$corpus/embeds.svg"
    cp Tests/PhotoPipelineTests/Fixtures/*.gif "$corpus/" ;;
  *) echo "unknown fuzzer $fuzzer" >&2; exit 2 ;;
esac
# Leak checks are off: FoundationXML's XMLParser leaks a CFError on every libxml2 error (see lsan-suppressions.txt);
# crashes, hangs and memory errors still fail the run.
if ! "$built/release/$fuzzer" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -detect_leaks=0 \
     -artifact_prefix="$artifacts" "$corpus"; then
  echo "The fuzzer found a failing input; copy it from $artifacts into Tests/PhotoPipelineTests/Fixtures/fuzz-regressions/." >&2
  exit 1
fi
