#!/usr/bin/env bash
# Why this exists: the development profile's desktop file and metainfo name the app "Classic Photos (Development)", so it is told apart from an installed release; its translated names go with it.
set -euo pipefail
input="$1" output="$2" kind="$3"
case "$kind" in
  desktop) sed -e 's/^Name=.*/Name=Classic Photos (Development)/' -e '/^Name\[/d' "$input" > "$output" ;;
  metainfo) sed -e 's|<name>Classic Photos</name>|<name>Classic Photos (Development)</name>|' -e '/<name xml:lang=/d' "$input" > "$output" ;;
esac
