// Why this exists: the app's identity and install locations, with defaults for a plain `swift build` (meson overrides them).
import Foundation

public enum AppInfo {
    public static let name = "Classic Photos"
    public static let executable = "classic-photos"
    public static let baseID = "io.github.classicphotos.ClassicPhotos"
    public static let version = BuildConfig.version
    public static let appID = BuildConfig.appID
    public static let gettextPackage = "classic-photos"
}

/// Install locations from the build (meson) or empty for a plain `swift build`.
public enum BuildConfigValues {
    public static let pkgDataDir = BuildConfig.pkgDataDir
    public static let localeDir = BuildConfig.localeDir
}
