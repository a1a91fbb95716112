#!/usr/bin/env bash
# Why this exists: xgettext has no Swift parser; read Swift sources as C (tr("…") calls), the data files with their own rules, and merge into po/classic-photos.pot, then update every .po.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mapfile -t files < <(grep -v '^#' po/POTFILES.in | grep -v '^$')
swift_files=(); data_files=()
for f in "${files[@]}"; do
  case "$f" in *.swift) swift_files+=("$f") ;; *) data_files+=("$f") ;; esac
done
common=(--from-code=UTF-8 --add-comments=Translators --package-name=classic-photos --msgid-bugs-address=https://github.com/classicphotos/classic-photos/issues)
xgettext "${common[@]}" --language=C --keyword=tr --keyword=trn:1,2 -o "$tmp/swift.pot" "${swift_files[@]}" 2>/dev/null
for f in "${data_files[@]}"; do
  case "$f" in
    *.desktop.in.in) xgettext "${common[@]}" --language=Desktop -k -kName -kGenericName -kComment -kKeywords -o "$tmp/desktop.pot" "$f" ;;
    *.metainfo.xml.in.in) xgettext "${common[@]}" --its=/usr/share/gettext/its/metainfo.its -o "$tmp/metainfo.pot" "$f" ;;
    *.gschema.xml) xgettext "${common[@]}" --its=/usr/share/gettext/its/gschema.its -o "$tmp/gschema.pot" "$f" ;;
  esac
done
sed -i "s/charset=CHARSET/charset=UTF-8/" "$tmp"/*.pot
msgcat --use-first -o po/classic-photos.pot "$tmp"/*.pot
for po in po/*.po; do
  msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" po/classic-photos.pot
done
echo "updated po/classic-photos.pot ($(grep -c '^msgid ' po/classic-photos.pot) messages)"
