#!/usr/bin/env bash
# Why this exists: retakes the screenshots the README and the metainfo show (the gallery, the grid, the viewer, the dark style, the inspector, an export, the Korean menu) from the real app under a private Xvfb, so they are taken again, the same way, as features land.
set -euo pipefail
cd "$(dirname "$0")/.."
source build-aux/install-deps.sh test
swift build --product classic-photos >/dev/null
binary="$(swift build --show-bin-path)/classic-photos"
out=data/screenshots
work="$(mktemp -d)"
stop() {
  if [ -n "${app_pid:-}" ]; then kill -- "-$(ps -o pgid= "$app_pid" | tr -d ' ')" 2>/dev/null || true; app_pid=; fi
  # Until its window is gone, so the next launch's is the only one.
  for _ in $(seq 100); do xdotool search --onlyvisible --name 'Classic Photos|클래식 사진' >/dev/null 2>&1 || break; sleep 0.1; done
  # A document portal the session started leaves its FUSE mount behind when it is killed.
  for doc in "$work/runtime/doc" "$work/cache/doc"; do mountpoint -q "$doc" 2>/dev/null && fusermount -u "$doc" 2>/dev/null || true; done
}
cleanup() {
  stop
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

number=60
while [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ]; do number=$((number + 1)); done
setpriv --pdeathsig KILL -- Xvfb ":$number" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$number" ] && break; sleep 0.05; done
export DISPLAY=":$number"

# Wait until the app's trace has `count` lines matching `pattern`.
wait_for() {
  local pattern="$1" count="${2:-1}"
  for _ in $(seq 600); do
    local found
    found="$(grep -c "$pattern" "$work/trace.jsonl" 2>/dev/null)" || found=0
    [ "$found" -ge "$count" ] && return 0
    sleep 0.1
  done
  echo "screenshots: the app never traced $pattern" >&2
  exit 1
}

# Launch the app (with `environment` before its arguments), fresh each time: new caches, settings in memory.
launch() {
  stop
  rm -rf "$work/cache" "$work/trace.jsonl"
  mkdir -p -m 0700 "$work/runtime"
  env GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_DEBUG=no-portals XDG_RUNTIME_DIR="$work/runtime" XDG_CACHE_HOME="$work/cache" \
    XDG_CONFIG_HOME="$work/config" LANGUAGE="${LANGUAGE:-C}" \
    setsid --fork setpriv --pdeathsig KILL -- dbus-run-session -- setpriv --pdeathsig KILL -- "$@" >/dev/null 2>&1
  # Its own process group (setsid), so the app, its bus and what the bus started stop together.
  app_pid="$(pgrep -n -f "dbus-run-session -- setpriv --pdeathsig KILL -- .*$work/trace.jsonl")"
  wait_for '"event":"first-rows-frame"'
}
window() { xdotool search --sync --onlyvisible --name 'Classic Photos|클래식 사진' | head -n1; }
shot() {
  sleep 0.8
  import -window "$(window)" "$out/$1.png"
  echo "wrote $out/$1.png"
}
sample=data/sample-gallery/ClassicPhotos.plist

# The gallery, every row on screen in sepia.
launch "$binary" --trace "$work/trace.jsonl" "$sample"
wait_for '"state":"filtered"' 6
shot sample-gallery
# The viewer, zoomed in a little.
xdotool mousemove 300 90 click 1
wait_for '"event":"full-image"'
xdotool key plus key plus
shot viewer
# The sample photos' folder in the grid, every cell on screen in sepia.
launch "$binary" --trace "$work/trace.jsonl" --view grid data/sample-gallery/photos
wait_for '"state":"filtered"' 12
shot grid
# The operations inspector, while a folder of the sample photos loads.
launch "$binary" --trace "$work/trace.jsonl" data/sample-gallery/photos
xdotool windowfocus --sync "$(window)" windowsize --sync "$(window)" 1100 700 key ctrl+shift+o
wait_for '"event":"inspector","open":true'
wait_for '"state":"filtered"' 6
shot inspector
# The dark style.
launch env GTK_THEME=Adwaita:dark "$binary" --trace "$work/trace.jsonl" "$sample"
wait_for '"state":"filtered"' 6
shot dark
# An export, ended: the bar with Open Folder.
mkdir -p "$work/exported"
launch "$binary" --trace "$work/trace.jsonl" --export-to "$work/exported" "$sample"
wait_for '"event":"export-ended"'
shot export
# The primary menu in Korean.
LANGUAGE=ko launch "$binary" --trace "$work/trace.jsonl" "$sample"
wait_for '"state":"filtered"' 6
xdotool windowfocus --sync "$(window)" key F10
sleep 0.5
import -window root -crop 720x640+0+0 "$out/korean-menu.png"
echo "wrote $out/korean-menu.png"
stop
