#!/usr/bin/env bash
# Why this exists: the Debian package, built by one command from the tree: `build-aux/build-deb.sh OUTDIR [MESON_BUILD_DIR]` writes OUTDIR/classic-photos_<version>_<arch>.deb, holding exactly what `meson install` puts under /usr (the self-contained release build, stripped), with its library dependencies from dpkg-shlibdeps; given a release build directory with prefix /usr (the test suite's), it packages that build instead of making its own.
set -euo pipefail
out="${1:?usage: build-aux/build-deb.sh OUTDIR [MESON_BUILD_DIR]}"
prebuilt="${2:-}"
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root_dir"
export PATH="/opt/swift/usr/bin:$PATH"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# Programs the app starts itself (not libraries: dpkg-shlibdeps finds those). Kept short, and
# checked against the code by PackageTests.testTheProgramsTheAppStartsAreTheOnesThePackageDependsOn.
programs=(bubblewrap)
# Libraries the helper opens itself when a photo needs one (dlopen: dpkg-shlibdeps cannot see
# them; Sources/CCameraCodecs/camera_libraries.c names their sonames), checked by
# PackageProgramsTests.testTheLibrariesTheHelperOpensAreTheOnesThePackageDependsOn.
opened=(libraw20 libjxl0.7 libavif15)
# What a user wants beside it: the loaders for the formats photos come in, and TLS for https.
recommends=(webp-pixbuf-loader libavif-gdk-pixbuf heif-gdk-pixbuf librsvg2-common glib-networking)
# Folders on shares (SFTP, SMB, WebDAV) open through GVfs, which every GNOME desktop has already:
# suggested, so a clean install is not made to carry Samba's libraries.

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
version="$(sed -n "s/^  version: '\(.*\)',$/\1/p" meson.build)"
arch="$(dpkg --print-architecture)"
stage="$work/stage"

# The release build, installed under /usr as a package installs it. meson's post-install steps
# (schemas, icon cache, desktop database) do not run for a staged install: dpkg's triggers do
# them on the user's machine.
if [ -n "$prebuilt" ]; then
  # A build directory meson already built (the test suite's): it must be the build a package
  # holds, or the package would be something else.
  options="$(meson introspect --buildoptions "$prebuilt")"
  for want in '"name": "profile", "value": "release"' '"name": "prefix", "value": "/usr"'; do
    [[ "$options" == *"$want"* ]] || { echo "build-deb: $prebuilt is not a release build for /usr ($want)" >&2; exit 1; }
  done
  meson install -C "$prebuilt" --destdir "$stage" --quiet
else
  # Built from a copy of the tree: meson's build writes the values it configures into the
  # sources it builds, where another build running beside it would see them change under it.
  mkdir "$work/tree"
  tar -C "$root_dir" --exclude='./.build*' --exclude='./_build*' --exclude='./.git' -cf - . | tar -C "$work/tree" -xf -
  cd "$work/tree"
  meson setup "$work/build" --prefix=/usr -Dprofile=release >/dev/null
  meson compile -C "$work/build" >/dev/null
  meson install -C "$work/build" --destdir "$stage" --quiet
fi
binary="$stage/usr/bin/classic-photos"
# The decoding helper's own program: the only one that links the photo parsers.
helper="$stage/usr/libexec/classic-photos/classic-photos-helper"
[ -x "$helper" ] || { echo "build-deb: no helper program at ${helper#"$stage"}" >&2; exit 1; }
for program in "$binary" "$helper"; do
  # Read whole, then matched: `ldd … | grep -q` under pipefail is false when grep's early exit kills ldd.
  libraries="$(ldd "$program")" dynamic="$(readelf -d "$program")"
  if [[ "$libraries" == */opt/swift* ]]; then echo "build-deb: ${program##*/} links the toolchain's Swift libraries" >&2; exit 1; fi
  if [[ "$dynamic" == *RUNPATH* || "$dynamic" == *RPATH* ]]; then echo "build-deb: ${program##*/} names a run path" >&2; exit 1; fi
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$program"
done

# Manual pages are shipped compressed.
find "$stage/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +

docs="$stage/usr/share/doc/classic-photos"
mkdir -p "$docs"
install -m 0644 build-aux/debian/copyright "$docs/copyright"
gzip -9n < build-aux/debian/changelog > "$docs/changelog.gz"
chmod 0644 "$docs/changelog.gz"

# dpkg-shlibdeps reads a debian/control (a minimal one here) and names every library's package
# with the versions the two programs need.
mkdir -p "$work/source/debian"
printf 'Source: classic-photos\n\nPackage: classic-photos\nArchitecture: any\n' > "$work/source/debian/control"
shlibs="$(cd "$work/source" && dpkg-shlibdeps -O -e"$binary" -e"$helper" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$shlibs" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
depends="$shlibs"
for program in "${programs[@]}" "${opened[@]}"; do depends="$depends, $program"; done

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: classic-photos
Version: $version
Architecture: $arch
Maintainer: Classic Photos developers <classic-photos@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Recommends: $(IFS=,; echo "${recommends[*]}" | sed 's/,/, /g')
Suggests: gvfs-backends
Section: graphics
Priority: optional
Homepage: https://github.com/classicphotos/classic-photos
Description: photo gallery that loads and sepia-tones photos in the background
 Classic Photos opens a folder of photos, or a gallery manifest of photo names
 and image addresses, and shows it as a list. Each photo is read or downloaded
 and decoded in the background, shown at once, filtered to sepia, and shown
 again, while scrolling stays smooth. It has a full-size viewer, keeps
 thumbnails in the desktop's shared cache, and saves, copies and exports the
 results.
CONTROL
(cd "$stage" && find usr -type f -printf '%P\n' | sort | sed 's|^|usr/|' | xargs md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 0755 {} +

deb="$out/classic-photos_${version}_${arch}.deb"
rm -f "$deb"
# xz at dpkg's own level (6), or at the level CLASSIC_PHOTOS_DEB_XZ_LEVEL names: the package test
# packs at level 1 (the same files; 24 CPU-s instead of 76, 39 MB instead of 34).
dpkg-deb --root-owner-group -Zxz -z"${CLASSIC_PHOTOS_DEB_XZ_LEVEL:-6}" --build "$stage" "$deb" >/dev/null
echo "$deb"
