// Why this exists: build-time values. A plain `swift build` uses these defaults; a meson build compiles the generated copy instead (-DMESON_BUILD).
#if !MESON_BUILD
package enum BuildConfig {
    package static let version = "0.2.0"
    package static let appID = "io.github.classicphotos.ClassicPhotos"
    /// Installed data folder; empty means "find it relative to the executable or the source tree".
    package static let pkgDataDir = ""
    package static let localeDir = ""
    /// Installed helper programs' folder (`classic-photos/` below it); empty: beside the app only.
    package static let libexecDir = ""
}
#endif
