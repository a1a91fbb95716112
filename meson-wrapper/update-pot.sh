#!/usr/bin/env bash
# Why this exists: one command to refresh po/classic-photos.pot and every .po from a checkout without a build directory: it runs meson's own `classic-photos-update-po` target (po/meson.build gives xgettext the `tr` and `trn` keywords) in a throwaway build directory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
meson setup "$build" "$root" >/dev/null
# xgettext warns once per Swift file that it reads it as C; that is expected.
ninja -C "$build" classic-photos-update-po 2>&1 | grep -v "extension 'swift' is unknown; will try C" || true
echo "updated po/classic-photos.pot ($(grep -c '^msgid ' "$root/po/classic-photos.pot") messages)"
