# Why this exists: sourced by swift-test.sh and asan-build.sh: how every Swift build of the test command compiles, and a build folder started afresh when that changes.
# SwiftPM's release configuration without optimisation: each module compiled whole in one job
# (whole-module, what "release" means to SwiftPM), not in batches that each read the whole
# module's declarations again; with -Onone and -enable-testing it is a debug build in all but
# that, in about a fifth less processor time (219 CPU-s against 278 for the Swift suite's build,
# measured on one machine, one after the other). -Onone is Package.swift's, per module
# (CLASSIC_PHOTOS_TEST_BUILD): the sepia kernels and the tests' support stay optimised. Line tables, not full debug information: a
# failure's backtrace and a sanitizer's report still name file and line. A debugger wants a
# build of its own (`swift build`).
export CLASSIC_PHOTOS_TEST_BUILD=1
test_build=(-c release -Xswiftc -enable-testing -Xswiftc -gline-tables-only)

# SwiftPM does not rebuild what is up to date when only -Xswiftc flags change (measured: a build
# folder from before the fuzzers' coverage kept its uninstrumented objects), so a folder whose
# flags were others starts afresh.
afresh_unless_built_with() {
  local folder="$1"; shift
  set -- "$@" "CLASSIC_PHOTOS_TEST_BUILD=${CLASSIC_PHOTOS_TEST_BUILD:-}"
  if [ -d "$folder" ] && [ "$(cat "$folder/classic-photos-flags" 2>/dev/null)" != "$*" ]; then
    rm -rf --one-file-system "$folder"
  fi
  mkdir -p "$folder"
  echo "$*" > "$folder/classic-photos-flags"
}
