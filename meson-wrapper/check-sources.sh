#!/usr/bin/env bash
# Why this exists: the source rules a reviewer would otherwise have to remember: no file in Sources over 250 lines; every file says why it exists in its first lines; every `@unchecked Sendable` and `nonisolated(unsafe)` is in the ledger with its reason; no string literal reaches a label, tooltip, title or accessible text without `tr`; the main thread is reached one way (MainLoop.invoke); no mutable global in shipping code. Each check is first run on a probe that breaks it, to prove it bites.
set -euo pipefail
root="${1:?the source root}"
ledger="$root/meson-wrapper/unchecked-sendable.txt"
limit=250
failed=0

source_files() { (cd "$1" && find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) | sort); }

too_long() { # the files under $1 over the limit, with their length
  (cd "$1" && source_files . | while read -r f; do n=$(wc -l < "$f"); [ "$n" -le $limit ] || echo "$f: $n lines"; done)
}

without_why() { # the files under $1 whose first three lines do not say why they exist
  (cd "$1" && source_files . | while read -r f; do head -3 "$f" | grep -q 'Why this exists' || echo "$f"; done)
}

unlisted_unchecked() { # occurrences under $1 not in ledger $2, and ledger lines matching nothing
  local occurrences listed
  occurrences="$(cd "$1" && grep -rnE --include='*.swift' '@unchecked Sendable|nonisolated\(unsafe\)' Sources \
    | grep -vE '^[^:]*:[0-9]+: *//' | sed -E 's/^([^:]*):[0-9]+: */\1 | /' | sed -E 's/ +$//' | sort || true)"
  listed="$(grep -v '^#' "$2" | grep -v '^$' | while IFS= read -r line; do
      reason="${line##* | }"; entry="${line% | *}"
      if [ "$reason" = "$line" ] || [ -z "${reason// }" ]; then echo "no reason: $line" >&2; echo "$line"; else echo "$entry"; fi
    done | sort)"
  comm -23 <(echo "$occurrences") <(echo "$listed") | sed '/^$/d; s/^/not in the ledger (add it with its reason): /'
  comm -13 <(echo "$occurrences") <(echo "$listed") | sed '/^$/d; s/^/in the ledger but not in Sources (remove it): /'
}

untranslated() { # user-visible string literals under $1 not wrapped in tr()
  grep -rnE --include='*.swift' \
    -e '\b(Label|append|show|addButton|setStatus|appendSubmenu|setText|setTooltip|setMarkup|setTitle|setPlaceholder|setAccessible)\( *"[^"]*[A-Za-z]' \
    -e '\b(label|title|tooltip|description|cancelLabel|acceptLabel|heading|body|subtitle|placeholder|mnemonic|comments|programName|text): *"[^"]*[A-Za-z]' \
    -e '\.(text|tooltip|label|title|tooltipText|accessibleLabel|accessibleDescription) *= *"[^"]*[A-Za-z]' \
    "$1" | grep -vE '^[^:]*:[0-9]+: *//' || true
}

# One way to the main thread: MainLoop.invoke (GLib's main loop, which libdispatch's main queue
# is bridged into once, in GLibRuntime). Comments are skipped.
other_main_hops() { # $1: a folder
  grep -rnE --include='*.swift' '^[^/]*\b(DispatchQueue\.main|OperationQueue\.main)\b' "$1" | grep -v '^[^:]*/Sources/GLibRuntime/' || true
}

# No mutable global in shipping code (Sources/ outside Support/): what a part needs is handed to
# it. Caught by its usual shapes: a shared instance, a stored static var, a top-level var, a
# static lock or atomic, nonisolated(unsafe). (Static lets of values and of stateless types stay.)
mutable_globals() { # $1: a folder
  grep -rnE --include='*.swift' \
    -e 'static let shared\b' \
    -e 'static var [A-Za-z_][A-Za-z0-9_]* *(:[^={]*)?= ' \
    -e '^(public |package |internal |private |fileprivate )?var ' \
    -e 'static let [A-Za-z_][A-Za-z0-9_]* *(:[^=]*)?= *(Locked|Atomic|Mutex)\b' \
    -e 'nonisolated\(unsafe\)' \
    "$1" | grep -v '^[^:]*/Sources/Support/' | grep -vE '^[^:]*:[0-9]+: *//' || true
}

# Probes: a file that breaks each rule, so a check that stopped biting fails here.
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/Sources/Probe"
{ echo "// Why this exists: a probe."; for i in $(seq 1 $limit); do echo "let line$i = $i"; done; } > "$probe/Sources/Probe/Long.swift"
printf 'import Foundation\n' > "$probe/Sources/Probe/NoWhy.swift"
printf '// Why this exists: a probe.\nfinal class Shared: @unchecked Sendable {}\nlet l = Label("Not translated")\nx.tooltip = "Plain"\nDispatchQueue.main.async { }\n' > "$probe/Sources/Probe/Bad.swift"
printf '// Why this exists: a probe.\nfinal class Log { static let shared = Log() }\nenum Table { static var rows = 0 }\nvar counter = 0\nenum Lock { static let state = Locked(0) }\nnonisolated(unsafe) let pointer = 0\n' > "$probe/Sources/Probe/Globals.swift"
printf '# file | declaration | reason\n' > "$probe/ledger"
[ -n "$(too_long "$probe")" ] || { echo "FAIL: the length check missed a $((limit + 1))-line probe"; exit 1; }
[ -n "$(without_why "$probe")" ] || { echo "FAIL: the why-line check missed a probe"; exit 1; }
[ -n "$(unlisted_unchecked "$probe" "$probe/ledger")" ] || { echo "FAIL: the ledger check missed a probe"; exit 1; }
[ "$(untranslated "$probe/Sources" | wc -l)" = 2 ] || { echo "FAIL: the translation check missed a probe"; exit 1; }
[ -n "$(other_main_hops "$probe/Sources")" ] || { echo "FAIL: the main-thread check missed a probe"; exit 1; }
[ "$(mutable_globals "$probe/Sources" | wc -l)" = 5 ] || { echo "FAIL: the global check missed a probe"; exit 1; }

found="$(too_long "$root")"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: files over $limit lines: split them by idea"; failed=1; else echo "ok: no file in Sources is over $limit lines"; fi
found="$(without_why "$root")"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: these files do not say why they exist ('Why this exists:' in the first three lines)"; failed=1; else echo "ok: every file in Sources says why it exists"; fi
found="$(unlisted_unchecked "$root" "$ledger" 2>&1)"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: $ledger does not match Sources"; failed=1; else echo "ok: every @unchecked Sendable and nonisolated(unsafe) is in the ledger with its reason ($(grep -vc '^#' "$ledger"))"; fi
found="$(untranslated "$root/Sources/PhotosApp")"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: user-visible strings without tr()"; failed=1; else echo "ok: every string literal given to a label, tooltip, title or accessible text goes through tr()"; fi
found="$(other_main_hops "$root/Sources")"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: reach the main thread with MainLoop.invoke, the one way"; failed=1; else echo "ok: shipping code reaches the main thread one way (MainLoop.invoke)"; fi
found="$(mutable_globals "$root/Sources")"
if [ -n "$found" ]; then echo "$found"; echo "FAIL: a mutable global in shipping code: hand it to what needs it"; failed=1; else echo "ok: no mutable global in shipping code"; fi
exit $failed
