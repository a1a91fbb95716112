#!/usr/bin/env bash
# Why this exists: compiles one GSettings schema into a gschemas.compiled at a given path (glib-compile-schemas works on folders).
set -euo pipefail
compiler="$1" schema="$2" output="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$schema" "$work/"
"$compiler" --strict --targetdir="$(dirname "$output")" "$work"
