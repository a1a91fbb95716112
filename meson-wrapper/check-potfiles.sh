#!/usr/bin/env bash
# Why this exists: fails when a Swift source that translates strings (calls tr(…) or trn(…), or words a message with Words("…")) is missing from po/POTFILES.in, where xgettext would never see its strings, or when the list names a file that is gone.
set -euo pipefail
root="$1"
cd "$root"
missing=0
while IFS= read -r file; do
  if ! grep -qx "$file" po/POTFILES.in; then
    echo "not in po/POTFILES.in: $file"
    missing=1
  fi
done < <(grep -rlE --include='*.swift' '\b(trn?|Words|plural)\("' Sources | grep -v 'Sources/PhotoFormats/Text/Words.swift' | sort)
while IFS= read -r file; do
  if [ ! -f "$file" ]; then
    echo "listed in po/POTFILES.in but missing: $file"
    missing=1
  fi
done < <(grep -v '^#' po/POTFILES.in | grep -v '^$')
exit "$missing"
