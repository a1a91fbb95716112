#!/usr/bin/env bash
# Why this exists: msgfmt --check on a translation, failing if any message is untranslated or fuzzy.
set -euo pipefail
msgfmt="$1" po="$2"
stats="$(LC_ALL=C "$msgfmt" --check --statistics -o /dev/null "$po" 2>&1)"
echo "$po: $stats"
case "$stats" in *untranslated*|*fuzzy*) exit 1 ;; esac
