// Why this exists: build-time values. A plain `swift build` uses these defaults; a meson build compiles the generated copy instead (-DMESON_BUILD).
#if !MESON_BUILD
enum BuildConfig {
    static let version = "0.2.0"
    static let appID = "io.github.classicphotos.ClassicPhotos"
    /// Installed data folder; empty means "find it relative to the executable or the source tree".
    static let pkgDataDir = ""
    static let localeDir = ""
    /// Installed helper programs' folder (`classic-photos/` below it); empty: beside the app only.
    static let libexecDir = ""
}
#endif
