#!/usr/bin/env bash
# Why this exists: proves the arrows point one way, without a build: the format code's closure holds no GLib; the decoding, fetching, trace, contents and pipeline modules' dependency closures (SwiftPM's own description of the manifest) hold no Gtk or CGtk and they import nothing outside them; the helper's program links no network, SQLite or session bus; the app's program links no photo parser; the pipeline and the app make no C calls of their own (the bindings do); and nothing in Sources/ is built from Tests/.
set -euo pipefail
# Background work beside the Swift suite: the CPU its app tests leave, never theirs (meson.build).
renice -n 19 -p $$ >/dev/null
swift="$1" source_root="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# What every check below reads: the targets of SwiftPM's description of the manifest, and a
# target's dependency closure (its target dependencies, with its products' too if asked).
cat > "$work/closures.py" <<'PY'
import json
def targets(path):
    return {t["name"]: t for t in json.load(open(path))["targets"]}
def closure(targets, start, products=False):
    found, todo = set(), [start]
    while todo:
        target = targets[todo.pop()]
        for d in target.get("target_dependencies", []) + (target.get("product_dependencies", []) if products else []):
            if d in targets and d not in found:
                found.add(d); todo.append(d)
    return found
def report_banned(path, starts, banned, products=False):
    described = targets(path)
    for start in starts:
        found = closure(described, start, products)
        for name in banned:
            if name in found:
                print(f"{start} depends on {name}")
PY
export PYTHONPATH="$work"
# A probe of the description: $3 made to depend on $4 (a rule that must then fail), written to $2.
probe_dependency() { # $1: the description, $2: the probe's path, $3: a target, $4: its new dependency
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); [t.setdefault("target_dependencies", []).append(sys.argv[4]) for t in p["targets"] if t["name"] == sys.argv[3]]; json.dump(p, open(sys.argv[2], "w"))' "$@"
}
# A rule on dependency closures: none of $2 in the closure of any of $1 ($7 "products": with the
# targets' products too). It is first run on a probe where $3 depends on $4, to prove it bites.
closure_rule() { # $1: the starts, $2: what they may not reach, $3 $4: the probe, $5: what a failure means, $6: the rule, $7: products?
  local found
  banned() { python3 -c 'import sys; from closures import report_banned; report_banned(sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4:] == ["products"])' "$@"; }
  probe_dependency "$work/package.json" "$work/probe-rule.json" "$3" "$4"
  [ -n "$(banned "$work/probe-rule.json" "$1" "$2" ${7:-})" ] || { echo "FAIL: the rule ($6) does not see $3 depend on $4"; exit 1; }
  found="$(banned "$work/package.json" "$1" "$2" ${7:-})"
  if [ -n "$found" ]; then echo "$found"; echo "FAIL: $5"; exit 1; fi
  echo "ok: $6"
}

# The pipeline can see only what it declares: its dependency closure, from SwiftPM's own reading
# of the manifest, holds no Gtk and no CGtk, and every module a pipeline file imports is in that
# closure or the platform's (a module is reached only by an import). Checked, without a build,
# on probes that break each rule first, to prove the check bites.
imports_outside() { # $1: the package's JSON description, $2: a target, $3: its sources
  python3 - "$1" "$2" "$3" <<'PY'
import os, re, sys
from closures import targets, closure
closure = closure(targets(sys.argv[1]), sys.argv[2], products=True)
platform = {"Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Swift", "_Concurrency", "Synchronization", "XCTest", "os"}
for banned in ("Gtk", "CGtk"):
    if banned in closure:
        print(f"{sys.argv[2]} depends on {banned}")
pattern = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|var|let|typealias|protocol)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
for root, _, files in os.walk(sys.argv[3]):
    for name in files:
        if not name.endswith(".swift"):
            continue
        for number, line in enumerate(open(os.path.join(root, name), encoding="utf-8"), 1):
            match = pattern.match(line)
            if match and match.group(1) not in closure | platform:
                print(f"{os.path.join(root, name)}:{number}: imports {match.group(1)}, which {sys.argv[2]} does not depend on")
PY
}
# A scratch path of its own: the Swift suite may hold .build's lock the whole time.
(cd "$source_root" && "$swift" package --scratch-path "$work/scratch" describe --type json) > "$work/package.json"
# Probes: a pipeline file that imports GTK, and a pipeline that declares it.
mkdir -p "$work/probe-import"
printf 'import Gtk\nlet layeringProbe = 0\n' > "$work/probe-import/Probe.swift"
[ -n "$(imports_outside "$work/package.json" PhotoPipeline "$work/probe-import")" ] || { echo "FAIL: the import check does not see 'import Gtk'"; exit 1; }
probe_dependency "$work/package.json" "$work/probe-package.json" PhotoPipeline Gtk
[ -n "$(imports_outside "$work/probe-package.json" PhotoPipeline "$work/probe-import")" ] || { echo "FAIL: the closure check does not see a dependency on Gtk"; exit 1; }
for module in PhotoFormats PhotoDecoding PhotoFetching PhotoTrace GalleryContents PhotoPipeline AppLanguage; do
  found="$(imports_outside "$work/package.json" "$module" "$source_root/Sources/$module")"
  if [ -n "$found" ]; then echo "$found"; echo "FAIL: $module can see what it must not"; exit 1; fi
  echo "ok: $module's closure holds no Gtk or CGtk, and it imports nothing outside it"
done
# The helper's program reads photos and nothing else: its closure (and PhotoDecoding's) holds no
# network, no SQLite, no session bus and not the pipeline above it, so the libraries they need are
# not mapped at each helper's start (BENCHMARKS.md, issue 58). A probe first.
closure_rule "ClassicPhotosHelper PhotoDecoding" "PhotoPipeline PhotoFetching PhotoTrace GalleryContents Soup CSoup SQLite CSQLite GLibDesktop" \
  PhotoDecoding Soup "the helper's program would link what only the gallery needs" \
  "the helper's program and PhotoDecoding link no network, SQLite, session bus or pipeline"

# The format code is bytes alone: PhotoFormats' closure holds no GLib, GIO, GdkPixbuf or helper
# plumbing, so its readers and checks run (and are fuzzed) without them. A probe first.
closure_rule PhotoFormats "GLibRuntime CGLib GLibIO GdkPixbuf CGdkPixbuf HelperIPC CHelperIPC PhotoDecoding" \
  PhotoFormats GLibRuntime "the format code would need GLib" "PhotoFormats' closure holds no GLib, GdkPixbuf or helper plumbing" products

# The pipeline and the app call no C: GLib, GIO, libsoup and GdkPixbuf are reached through
# GLibRuntime, Soup, GdkPixbuf and ColourManagement (owned Swift types). A C module's symbols are visible to any
# target whose dependencies use it, so this is a text check, run first on a probe to prove it bites.
c_calls() { # prints the offending lines of the Swift files under $1 (comments skipped)
  grep -rnE --include='*.swift' '^[^/]*(\bimport +C(GLib|Soup|GdkPixbuf|Gtk|HelperIPC|Seccomp|Lcms2|SQLite|WebP)\b|\b(g|soup|gdk_pixbuf|gdk|gtk|cph|cps|sqlite3)_[a-z0-9_]+ *\(|\bcms[A-Z][A-Za-z0-9_]* *\(|\bWebP[A-Z][A-Za-z0-9_]* *\()' "$1" || true
}
# The app's program links no photo parser: its closure holds none of the modules that bind
# gexiv2 and exiv2 or libwebp's codec, nor the helper that links them (the helper's own program
# does; `readelf -d` on the built app is checked by the app tests). A probe first.
closure_rule ClassicPhotos "PhotoMetadata CGexiv2 WebPCodec CWebP DecodeHelper" \
  PhotoPipeline WebPCodec "the app's program would link a photo parser" "the app's program links no photo parser (gexiv2, libwebp's codec); the helper's does"

mkdir -p "$work/probe"
printf 'import CGLib\nfunc leak() { g_free(nil) }\n' > "$work/probe/Probe.swift"
if [ -z "$(c_calls "$work/probe")" ]; then echo "FAIL: the C-call check does not see a g_free call"; exit 1; fi
for module in PhotoFormats PhotoDecoding PhotoFetching PhotoTrace GalleryContents PhotoPipeline AppLanguage GalleryViews PhotosApp; do
  found="$(c_calls "$source_root/Sources/$module")"
  if [ -n "$found" ]; then
    echo "$found"
    echo "FAIL: $module calls C directly; add what it needs to a binding module (GLibRuntime, Soup, GdkPixbuf, Gtk, HelperIPC)"
    exit 1
  fi
  echo "ok: $module makes no C calls of its own"
done

# What ships is apart from what only tests, measures or fuzzes: no target under Sources/Support/
# is in the closure of the app's program or the helper's. A probe first.
support_in_programs() { # $1: the package's JSON description
  python3 - "$1" <<'PY'
import sys
from closures import targets, closure
described = targets(sys.argv[1])
for start in ("ClassicPhotos", "ClassicPhotosHelper"):
    for name in sorted(closure(described, start)):
        if described[name].get("path", "").startswith("Sources/Support/"):
            print(f"{start} depends on {name}, which is support code ({described[name]['path']})")
PY
}
probe_dependency "$work/package.json" "$work/probe-support.json" PhotosApp BenchmarkKit
[ -n "$(support_in_programs "$work/probe-support.json")" ] || { echo "FAIL: the support check does not see the app depend on BenchmarkKit"; exit 1; }
found="$(support_in_programs "$work/package.json")"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: a program the package installs would be built from support code"; exit 1; fi
echo "ok: the app's and the helper's programs are built from nothing under Sources/Support/"

# Nothing in Sources/ is built from Tests/: only test targets may live there.
if grep -nE 'path: *"Tests' "$source_root/Package.swift" | grep -v testTarget; then
  echo "FAIL: a non-test target is built from Tests/"; exit 1
fi
echo "ok: no target in Sources/ depends on Tests/"
