#!/usr/bin/env bash
# Why this exists: installs, via apt, whatever this Debian bookworm machine lacks: `run` (the default) what building and running Classic Photos needs; `test` that and what the tests and the package need; `bench` that and what the benchmarks race against.
set -euo pipefail
what="${1:-run}"

packages=(
  # build
  libgtk-4-dev libsoup-3.0-dev libgdk-pixbuf-2.0-dev pkg-config
  meson ninja-build gettext desktop-file-utils appstream libglib2.0-bin
  # build: the manual (Mallard pages, translated with itstool, installed by meson's gnome.yelp)
  itstool
  # run (icons, image loaders, TLS for libsoup)
  adwaita-icon-theme librsvg2-common glib-networking shared-mime-info fonts-nanum
  # run: GdkPixbuf loaders for the formats photos come in (SVG is librsvg2-common's; TIFF,
  # GIF, BMP and ICO come with GdkPixbuf)
  webp-pixbuf-loader libavif-gdk-pixbuf heif-gdk-pixbuf
  # build: a lossless WebP turned (Rotate) with libwebp, in the decoding helpers
  libwebp-dev
  # build and run: photos are decoded in helpers sandboxed by bubblewrap and a seccomp filter
  bubblewrap libseccomp-dev
  # build: colour profiles applied with Little CMS (its runtime library comes with GTK)
  liblcms2-dev
  # build: a photo's own details (EXIF, XMP, IPTC) read with gexiv2, in the decoding helpers
  libgexiv2-dev
  # build: the index of what photos' metadata said (dates taken), kept with SQLite
  libsqlite3-dev
  # build: a camera's RAW files (libraw), JPEG XL (libjxl) and animated AVIF (libavif), decoded in the helper's program alone
  libraw-dev libjxl-dev libavif-dev
)
if [ "$what" = test ] || [ "$what" = bench ]; then
  packages+=(
    # test: a private X server, real X input, screenshots, a session bus, accessibility
    xvfb xdotool xclip imagemagick dbus xdg-desktop-portal xdg-desktop-portal-gtk dconf-cli at-spi2-core openssl util-linux python3-gi gir1.2-atspi-2.0 gir1.2-gtk-4.0
    # test: GNOME's own freedesktop thumbnail factory, to interoperate with
    gir1.2-gnomedesktop-4.0
    # test: the Debian package, built (dpkg-shlibdeps), checked (lintian) and installed in a clean root
    dpkg-dev lintian mmdebstrap
    # test: a Wayland compositor without a screen
    weston
    # bench: the desktop's thumbnailer that factory runs (sandboxed), to race it
    libgdk-pixbuf2.0-bin
    # test and bench: photos tagged with real colour profiles (colord's test profiles, the free
    # Adobe RGB and ProPhoto stand-ins), their metadata written and read back (exiftool), and
    # lcms2's own conversion to compare with (transicc)
    colord-data icc-profiles-free libimage-exiftool-perl liblcms2-utils
    # test: HEIC and AVIF photos carrying a profile (ImageMagick 6 writes none into them)
    libheif-examples libavif-bin
    # bench: exiv2's own reading of dates taken, to race the sort by date
    exiv2
    # test: a photo printed to GTK's Print to File, read back as a PDF (pdfinfo, pdftoppm)
    poppler-utils
    # test: the manual's pages validated (yelp-check)
    yelp-tools
    # test: a stuck app's threads' stacks, in the failure's message (AppProcess.threadStacks)
    gdb
    # test: camera formats' fixtures and reference decodes (cjxl and djxl, dcraw_emu)
    libjxl-tools libraw-bin
  )
fi
# Installed without what they recommend (xdg-desktop-portal-gnome recommends GNOME Shell: 500
# packages instead of 2).
# run: folders on shares (SFTP, SMB, WebDAV) mounted and read through GVfs (a desktop has the
# keyring they recommend already)
lean=(gvfs-daemons gvfs-backends)
if [ "$what" = test ] || [ "$what" = bench ]; then
  # test: GNOME's portal backend, the one that sets the desktop background (Wallpaper)
  lean+=(xdg-desktop-portal-gnome)
  # test: a real SFTP share on 127.0.0.1 (sshd, with its keys, and the client's agent; logind,
  # which sshd recommends, is not wanted)
  lean+=(openssh-server openssh-client)
  # test: a real WebDAV share behind a password (Apache's mod_dav, and htpasswd for its user)
  lean+=(apache2-bin apache2-utils)
  # test: a real SMB share, guest and password (Samba's smbd on a port of the test's)
  lean+=(samba)
fi
if [ "$what" = bench ]; then
  # bench: gThumb, the folder browser GNOME users pick, raced to a full screen of thumbnails
  # (about 180 packages, so only for the benchmarks, not the tests)
  packages+=(gthumb)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
missing=()
for package in "${lean[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing without recommends: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "Swift is expected at /opt/swift" >&2; exit 1; }
