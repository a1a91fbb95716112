#!/usr/bin/env bash
# Why this exists: proves the arrows point one way: in a copy of the package, PhotoPipeline compiles with `import GLibRuntime` but not with `import Gtk` or `import CGtk`; the pipeline and the app make no C calls of their own (the bindings do); and nothing in Sources/ is built from Tests/.
set -euo pipefail
# Background work beside the Swift suite: the CPU its app tests leave, never theirs (meson.build).
renice -n 19 -p $$ >/dev/null
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

# The pipeline and the app call no C: GLib, GIO, libsoup and GdkPixbuf are reached through
# GLibRuntime, Soup, GdkPixbuf and ColourManagement (owned Swift types). A C module's symbols are visible to any
# target whose dependencies use it, so this is a text check, run first on a probe to prove it bites.
c_calls() { # prints the offending lines of the Swift files under $1 (comments skipped)
  grep -rnE --include='*.swift' '^[^/]*(\bimport +C(GLib|Soup|GdkPixbuf|Gtk|HelperIPC|Seccomp|Lcms2|SQLite|WebP)\b|\b(g|soup|gdk_pixbuf|gdk|gtk|cph|cps|sqlite3)_[a-z0-9_]+ *\(|\bcms[A-Z][A-Za-z0-9_]* *\(|\bWebP[A-Z][A-Za-z0-9_]* *\()' "$1" || true
}
mkdir -p "$work/probe"
printf 'import CGLib\nfunc leak() { g_free(nil) }\n' > "$work/probe/Probe.swift"
if [ -z "$(c_calls "$work/probe")" ]; then echo "FAIL: the C-call check does not see a g_free call"; exit 1; fi
for module in PhotoPipeline PhotosApp; do
  found="$(c_calls "$source_root/Sources/$module")"
  if [ -n "$found" ]; then
    echo "$found"
    echo "FAIL: $module calls C directly; add what it needs to a binding module (GLibRuntime, Soup, GdkPixbuf, Gtk, HelperIPC)"
    exit 1
  fi
  echo "ok: $module makes no C calls of its own"
done

# Nothing in Sources/ is built from Tests/: only test targets may live there.
if grep -nE 'path: *"Tests' "$source_root/Package.swift" | grep -v testTarget; then
  echo "FAIL: a non-test target is built from Tests/"; exit 1
fi
echo "ok: no target in Sources/ depends on Tests/"
