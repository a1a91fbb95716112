#!/usr/bin/env bash
# Why this exists: the Debian package tested as a user installs it: built from the tree, checked by lintian, installed with apt into a clean bookworm root that has no Swift and no test tool (so its Depends must resolve), the app launched there from its desktop file's Exec line on an X server outside the root, a folder and the sample gallery shown in sepia, then purged leaving no file of the package behind.
set -euo pipefail
# Background work beside the Swift suite: the CPU its app tests leave, never theirs (meson.build).
renice -n 19 -p $$ >/dev/null
source_root="$1" build_root="${2:-}"
cd "$source_root"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/classic-photos-tests"
base="$cache/bookworm-base.tar"
work="$(mktemp -d /var/tmp/classic-photos-package-XXXXXX)"
root="$work/root"
cleanup() {
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  # The mounts ended with the namespace they were made in; nothing under the root leads out.
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
fail() { echo "FAIL: $*" >&2; for f in "$root/out/stderr.txt" "$root/out/stderr-sample.txt"; do [ -f "$f" ] && sed 's/^/  app: /' "$f" >&2; done; exit 1; }

# The root is made, mounted into and entered as root (CI runs as root); elsewhere, skipped.
[ "$(id -u)" = 0 ] || { echo "the package test needs root (mmdebstrap, chroot, mounts): skipped"; exit 77; }

# 1. The package (compressed at xz's level 1: what it installs is the same, in a third of the
# processor time), and lintian's verdict (no error; the README names any warning left).
# Given the test command's release build: built here in the idle class, one at a time with the
# staged install's (see test-installed.sh).
# (build-deb.sh's install runs ninja in that folder too: under the same lock.)
if [ -n "$build_root" ]; then
  lock="$build_root/meson-private/app-build.lock"
  flock "$lock" chrt --idle 0 meson compile -C "$build_root" >/dev/null
  deb="$(flock "$lock" env CLASSIC_PHOTOS_DEB_XZ_LEVEL=1 build-aux/build-deb.sh "$work/out" "$build_root" | tail -n1)"
else
  deb="$(CLASSIC_PHOTOS_DEB_XZ_LEVEL=1 build-aux/build-deb.sh "$work/out" | tail -n1)"
fi
verdict="$(lintian --fail-on error "$deb" 2>&1)" || fail "lintian reports an error: $(grep '^E:' <<< "$verdict")"
grep -v 'root privileges' <<< "$verdict" || true

# 2. A clean bookworm root (Debian's packages only: apt and a D-Bus daemon), made once and kept.
mkdir -p "$cache/apt-archives/partial"
# (A directory left where the tarball belongs, by an older version of this script that let
# mmdebstrap guess the format from a name ending in .new, is made again.)
[ -d "$base" ] && rm -rf --one-file-system "$base"
if [ ! -s "$base" ]; then
  mmdebstrap --quiet --mode=root --variant=apt --format=tar --include=dbus bookworm "$base.new" \
    "deb http://deb.debian.org/debian bookworm main" "deb http://deb.debian.org/debian bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main"
  mv "$base.new" "$base"
fi
mkdir -p "$root"
tar -C "$root" -xf "$base"
[ ! -e "$root/opt/swift" ] && ! chroot "$root" sh -c 'command -v swift' >/dev/null || fail "the root has Swift"
mkdir -p "$root/photos" "$root/out" "$root/tmp/.X11-unix"
cp "$deb" "$root/tmp/classic-photos.deb"
for photo in coffee.png chelsea.png rocket.jpg; do cp "data/sample-gallery/photos/$photo" "$root/photos/"; done
cp /etc/resolv.conf "$root/etc/resolv.conf"

# 3. An X server outside the root; its socket is bound in below.
number=80
while [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ]; do number=$((number + 1)); done
setpriv --pdeathsig KILL -- Xvfb ":$number" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$number" ] && break; sleep 0.05; done

# 4-6. Inside a private mount namespace: the root's /proc, /dev, the X socket and the apt cache
# are mounted, and every mount ends with it.
export number
unshare --mount --propagation private bash -euo pipefail -c '
  root="$1"; cache="$2"
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"; mount --make-rslave "$root/dev"
  mount -t tmpfs tmpfs "$root/run"
  mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
  mount --bind "$cache/apt-archives" "$root/var/cache/apt/archives"
  in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
  fail() { echo "FAIL: $*" >&2; exit 1; }

  # The package, its Depends and Recommends resolved by apt from Debian alone.
  in_root apt-get update -qq
  in_root apt-get install -y -qq /tmp/classic-photos.deb >/dev/null
  in_root sh -c "ldd /usr/bin/classic-photos | grep \"not found\"" && fail "a library is missing"
  grep -aq io.github.classicphotos.ClassicPhotos "$root/usr/share/glib-2.0/schemas/gschemas.compiled" \
    || fail "dpkg'"'"'s trigger did not compile the schema"
  in_root dpkg -L classic-photos > "$root/out/files.txt"

  # The Exec line of the installed desktop file, as a desktop runs it.
  desktop="$root/usr/share/applications/io.github.classicphotos.ClassicPhotos.desktop"
  exec_line="$(sed -n "s/^Exec=//p" "$desktop" | head -n1)"
  launch() {
    in_root sh -c "mkdir -p /run/user/0 && chmod 700 /run/user/0 && export DISPLAY=:$number XDG_RUNTIME_DIR=/run/user/0 \
      GSETTINGS_BACKEND=memory G_DEBUG=fatal-criticals CLASSIC_PHOTOS_TRACE=/out/$1.jsonl CLASSIC_PHOTOS_UNSANDBOXED_DECODING=1 && \
      exec dbus-run-session -- ${exec_line//%U/$2}" > "$root/out/stdout-$1.txt" 2> "$root/out/stderr-$1.txt" &
    local pid=$!
    for _ in $(seq 600); do grep -q "\"state\":\"filtered\"" "$root/out/$1.jsonl" 2>/dev/null && break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null || fail "the app ($1) exited: $(cat "$root/out/stderr-$1.txt")"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    grep -q CRITICAL "$root/out/stderr-$1.txt" && fail "GLib-CRITICAL in the app ($1): $(cat "$root/out/stderr-$1.txt")"
    return 0
  }
  # A folder of photos: its rows reach sepia.
  launch folder /photos
  grep -q "\"event\":\"folder-listed\",\"photos\":3" "$root/out/folder.jsonl" || fail "the folder was not listed: $(head -c 600 "$root/out/folder.jsonl")"
  grep -q "\"state\":\"filtered\"" "$root/out/folder.jsonl" || fail "no photo of the folder reached sepia"
  # No argument: the sample gallery, from where the package put it.
  launch sample ""
  grep -q "\"event\":\"manifest\",\"rows\":19,\"source\":\"file:///usr/share/classic-photos/sample-gallery/ClassicPhotos.plist\"" "$root/out/sample.jsonl" \
    || fail "the sample gallery did not open: $(head -c 600 "$root/out/sample.jsonl")"
  grep -q "\"state\":\"filtered\"" "$root/out/sample.jsonl" || fail "no row of the sample gallery reached sepia"
  # Decoded by the package helpers: bubblewrap came with it (a Depends), and the trace says how they ran.
  # (A chrooted process may make no user namespace, so bubblewrap cannot run in this root: the
  # launch above allowed decoding without it, as an administrator may, and the helpers say why.)
  in_root test -x /usr/bin/bwrap || fail "bubblewrap was not installed with the package"
  decoders="$(grep -o "\"event\":\"decoders\"[^}]*" "$root/out/sample.jsonl" | head -n1)"
  [ -n "$decoders" ] || fail "no decoding helper started: $(head -c 600 "$root/out/sample.jsonl")"
  echo "package: $decoders"

  # Purged, it leaves none of its files.
  in_root apt-get purge -y -qq classic-photos >/dev/null
  while read -r path; do
    [ -f "$root$path" ] || [ -L "$root$path" ] && fail "$path is left after purge"
  done < "$root/out/files.txt"
  exit 0
' bash "$root" "$cache"
echo "package OK: $(basename "$deb") installs with apt in a clean bookworm root, runs from its desktop file, purges clean"
