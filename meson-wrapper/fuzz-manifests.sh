#!/usr/bin/env bash
# Why this exists: fuzzes the manifest parsers with libFuzzer for a bounded time (60 s by default) and keeps any crashing input for a regression test.
set -euo pipefail
swift="$1" source_root="$2" seconds="${3:-60}"
cd "$source_root"
"$swift" build --product manifest-fuzzer --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xlinker --export-dynamic
corpus="$(mktemp -d)"
artifacts="$source_root/.build-fuzz/crashes/"
mkdir -p "$artifacts"
trap 'rm -rf "$corpus"' EXIT
cp Tests/PhotoPipelineTests/Fixtures/*.plist Tests/PhotoPipelineTests/Fixtures/*.bplist Tests/PhotoPipelineTests/Fixtures/*.json \
   Tests/PhotoPipelineTests/Fixtures/fuzz-regressions/* data/sample-gallery/ClassicPhotos.plist "$corpus/"
# Leak checks are off: FoundationXML's XMLParser leaks a CFError on every libxml2 error (see lsan-suppressions.txt);
# crashes, hangs and memory errors still fail the run.
if ! .build-fuzz/debug/manifest-fuzzer -max_total_time="$seconds" -max_len=8192 -timeout=10 -detect_leaks=0 \
     -artifact_prefix="$artifacts" "$corpus"; then
  echo "The fuzzer found a failing input; copy it from $artifacts into Tests/PhotoPipelineTests/Fixtures/fuzz-regressions/." >&2
  exit 1
fi
