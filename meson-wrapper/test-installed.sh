#!/usr/bin/env bash
# Why this exists: proves a staged install works: install to a temporary destdir, check the desktop file claims images only (gio mime) and the D-Bus service, launch the installed app from its desktop file's Exec line under Xvfb, and check it found its sample gallery, schema and translations there.
set -euo pipefail
# Background work beside the Swift suite: the CPU its app tests leave, never theirs (meson.build).
renice -n 19 -p $$ >/dev/null
build_root="$1" app_id="$2" prefix="$3"
dest="$(mktemp -d)"
cleanup() {
  [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null || true
  # The bus's whole process group: the bus and the services it started (portals, the
  # accessibility bus), which the death signal does not reach.
  if [ -n "${bus_pid:-}" ]; then
    kill -- "-$bus_pid" 2>/dev/null || true
    for _ in $(seq 20); do pgrep -g "$bus_pid" >/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$bus_pid" 2>/dev/null || true
  fi
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$dest"
}
# Nothing started here may outlive the script: stopped on exit and on Ctrl+C or SIGTERM, and
# every child gets SIGKILL if this shell dies anyway (setpriv --pdeathsig).
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Used only with &: the background subshell becomes the program (exec), so $! is its pid.
child() { exec setpriv --pdeathsig KILL -- "$@"; }
fail() { echo "FAIL: $*" >&2; [ -f "$dest/stderr.txt" ] && sed 's/^/  app: /' "$dest/stderr.txt" >&2; exit 1; }

# The app's build (meson test builds only what tests name) in the idle class, one at a time with
# the package test's: SwiftPM starts the compilers from libdispatch threads, whose nice values
# libdispatch sets itself, so this script's nice value would not reach them.
# The install runs ninja in the same folder too (the app's target is always stale): under the lock.
lock="$build_root/meson-private/app-build.lock"
flock "$lock" chrt --idle 0 meson compile -C "$build_root" >/dev/null
flock "$lock" meson install -C "$build_root" --destdir "$dest" --quiet
root="$dest$prefix"
desktop="$root/share/applications/$app_id.desktop"
[ -f "$desktop" ] || fail "no desktop file at $desktop"
[ -f "$root/share/metainfo/$app_id.metainfo.xml" ] || fail "no metainfo"
[ -f "$root/share/icons/hicolor/scalable/apps/$app_id.svg" ] || fail "no scalable icon"
[ -f "$root/share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" ] || fail "no symbolic icon"
[ -f "$root/share/glib-2.0/schemas/io.github.classicphotos.ClassicPhotos.gschema.xml" ] || fail "no schema"
[ -f "$root/share/locale/ko/LC_MESSAGES/classic-photos.mo" ] || fail "no Korean translation"

[ -f "$root/share/dbus-1/services/$app_id.service" ] || fail "no D-Bus service file (the desktop file says DBusActivatable)"
grep -qx "Exec=$prefix/bin/classic-photos --gapplication-service" "$root/share/dbus-1/services/$app_id.service" \
  || fail "the D-Bus service does not start the installed binary as a service"

# The app opens images, not every JSON file or every folder: as the desktop's only app (the staged
# data folder alone, so no other app answers), it is the default for PNG and not for those. GIO
# reads the folder's MIME cache, which a package's trigger makes on install (made here).
update-desktop-database -q "$root/share/applications"
mime_default() {
  PATH="$root/bin:$PATH" XDG_DATA_DIRS="$root/share" XDG_DATA_HOME="$dest/data-home" XDG_CONFIG_HOME="$dest/mime-config" \
    gio mime "$1" 2>&1 | sed -n 1p
}
# Each answer read whole into a variable: `… | grep -q` under pipefail fails at random, when grep
# leaves on its match before the writer has finished and the writer dies of SIGPIPE.
png="$(mime_default image/png)"
[[ "$png" == *"$app_id.desktop"* ]] || fail "the app is not an opener of PNG files: $png"
for type in application/json inode/directory; do
  answer="$(mime_default "$type")"
  [[ "$answer" == *"$app_id"* ]] && fail "the app became the default for $type: $answer"
done

# The command a desktop would run: the Exec line without its field codes.
exec_line="$(sed -n 's/^Exec=//p' "$desktop" | head -n1)"
read -r -a command <<< "${exec_line//%[UuFfik]/}"
echo "Exec line: $exec_line"

number=70
while [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ]; do number=$((number + 1)); done
child Xvfb ":$number" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$number" ] && break; sleep 0.05; done
# --nofork: the bus stays this shell's child, so the death signal and the trap reach it. setsid:
# in a process group of its own, which the services it starts share, so cleanup stops them all.
# Their output goes to a file: a service left holding the test's stderr would keep meson waiting
# for the pipe to close until the test timed out (a portal still starting as the bus went, in CI).
child setsid dbus-daemon --session --nofork --print-address=1 > "$dest/bus.txt" 2> "$dest/bus-stderr.txt" &
bus_pid=$!
for _ in $(seq 100); do [ -s "$dest/bus.txt" ] && break; sleep 0.05; done
[ "$(ps -o pgid= -p "$bus_pid" | tr -d " ")" = "$bus_pid" ] || fail "the bus is not in a process group of its own"

export DISPLAY=":$number" DBUS_SESSION_BUS_ADDRESS="$(head -n1 "$dest/bus.txt")"
export PATH="$root/bin:$PATH" XDG_DATA_DIRS="$root/share:/usr/local/share:/usr/share"
export CLASSIC_PHOTOS_TRACE="$dest/trace.jsonl" GSETTINGS_BACKEND=memory G_DEBUG=fatal-criticals
export LANGUAGE=ko LC_ALL=C.UTF-8 XDG_CONFIG_HOME="$dest/config"
command -v "${command[0]}" | grep -q "^$root/bin/" || fail "the Exec line does not run the installed binary"
child "${command[@]}" > "$dest/stdout.txt" 2> "$dest/stderr.txt" &
app_pid=$!

# The sample gallery comes from the staged install, and its rows load.
for _ in $(seq 300); do grep -q '"state":"filtered"' "$dest/trace.jsonl" 2>/dev/null && break; sleep 0.1; done
grep -q "\"event\":\"manifest\",\"rows\":19,\"source\":\"file://$root/share/classic-photos/sample-gallery/ClassicPhotos.plist\"" "$dest/trace.jsonl" \
  || fail "the installed app did not open the installed sample gallery: $(head -c 400 "$dest/trace.jsonl" 2>/dev/null)"
grep -q '"state":"filtered"' "$dest/trace.jsonl" || fail "no row was filtered"
# The Korean translation from the staged install: the window title.
titles="$(for w in $(xdotool search --name '.' 2>/dev/null); do xdotool getwindowname "$w"; done)"
grep -qx "클래식 사진" <<< "$titles" || fail "no window titled “클래식 사진” (Korean); windows: $(tr '\n' '|' <<< "$titles")"
# The schema from the staged install was found (not the in-memory fallback), and nothing went critical.
grep -q '"event":"settings","persistent":true' "$dest/trace.jsonl" || fail "the installed app did not find its GSettings schema"
grep -q CRITICAL "$dest/stderr.txt" && fail "GLib-CRITICAL in the installed app"
kill -0 "$app_pid" 2>/dev/null || fail "the app exited"
echo "installed app OK: sample gallery, schema, Korean translation, from $root"
