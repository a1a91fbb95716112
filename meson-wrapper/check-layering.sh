#!/usr/bin/env bash
# Why this exists: proves the arrows point one way: in a copy of the package, PhotoPipeline compiles with `import GLibRuntime` but not with `import Gtk` or `import CGtk`; and nothing in Sources/ is built from Tests/.
set -euo pipefail
swift="$1" source_root="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$source_root/Package.swift" "$work/"
cp -r "$source_root/Sources" "$work/"
for t in "$source_root"/Tests/*/; do mkdir -p "$work/Tests/$(basename "$t")"; touch "$work/Tests/$(basename "$t")/Empty.swift"; done
mkdir -p "$work/Tests/PhotoPipelineTests/Fixtures"
rm -rf "$work/Sources/PhotoPipeline/Generated"
probe="$work/Sources/PhotoPipeline/LayeringProbe.swift"
build() { "$swift" build --package-path "$work" --scratch-path "$work/.build" --target PhotoPipeline 2>&1; }

# Control: the probe itself compiles when it imports what the pipeline may see.
printf 'import GLibRuntime\nlet layeringProbe = 0\n' > "$probe"
if ! out="$(build)"; then echo "$out" | tail -20; echo "FAIL: the control build (import GLibRuntime) did not compile"; exit 1; fi

for module in Gtk CGtk; do
  printf 'import %s\nlet layeringProbe = 0\n' "$module" > "$probe"
  if out="$(build)"; then
    echo "FAIL: PhotoPipeline compiled with 'import $module': the pipeline can see GTK"
    exit 1
  fi
  if ! grep -q "no such module '$module'" <<< "$out"; then
    echo "$out" | tail -20; echo "FAIL: 'import $module' failed for another reason than the module being out of reach"; exit 1
  fi
  echo "ok: 'import $module' in PhotoPipeline does not compile (no such module '$module')"
done

# Nothing in Sources/ is built from Tests/: only test targets may live there.
if grep -nE 'path: *"Tests' "$source_root/Package.swift" | grep -v testTarget; then
  echo "FAIL: a non-test target is built from Tests/"; exit 1
fi
echo "ok: no target in Sources/ depends on Tests/"
