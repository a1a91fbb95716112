// Why this exists: finds the app's data (the sample gallery, translations) installed, staged under XDG_DATA_DIRS, or in the source tree.
import Foundation
import PhotoPipeline
import PhotoDecoding

package enum DataLocations {
    package static let sampleManifestName = "sample-gallery/ClassicPhotos.plist"

    /// Candidate data folders, most specific first.
    package static var dataDirectories: [String] {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_DATA_DIR"] { candidates.append(override) }
        if !PhotoDecoding.BuildConfigValues.pkgDataDir.isEmpty { candidates.append(PhotoDecoding.BuildConfigValues.pkgDataDir) }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // Installed next to the binary: PREFIX/bin/classic-photos → PREFIX/share/classic-photos.
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("share/\(AppInfo.executable)").path)
        // XDG data dirs (a staged install run with XDG_DATA_DIRS pointing into it).
        let xdg = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share"
        candidates += xdg.split(separator: ":").map { "\($0)/\(AppInfo.executable)" }
        // The source tree, for an uninstalled run: walk up from .build/…/debug to the folder holding data/.
        var folder = executable
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("data").path)
            folder.deleteLastPathComponent()
        }
        return candidates
    }

    /// The bundled sample gallery's manifest.
    package static var sampleManifest: URL? {
        for directory in dataDirectories {
            let path = (directory as NSString).appendingPathComponent(sampleManifestName)
            if FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path) }
        }
        return nil
    }

    /// Compiled translations: the configured (installed) locale folder; for a run from the
    /// source tree, its po/ compiled for the languages asked for; else an installed one that
    /// holds the app's translations.
    package static var localeDirectory: String? {
        if let override = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_LOCALE_DIR"] { return override }
        if !PhotoDecoding.BuildConfigValues.localeDir.isEmpty, holdsTranslations(PhotoDecoding.BuildConfigValues.localeDir) {
            return PhotoDecoding.BuildConfigValues.localeDir
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if let root = SourceTranslations.sourceRoot(executable: executable) { return SourceTranslations.compiled(root: root) }
        for directory in dataDirectories {
            let locale = ((directory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("locale")
            if holdsTranslations(locale) { return locale }
        }
        return nil
    }

    /// Whether a locale folder has the app's messages in some language.
    package static func holdsTranslations(_ locale: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: locale)) ?? []).contains { language in
            FileManager.default.fileExists(atPath: "\(locale)/\(language)/LC_MESSAGES/\(AppInfo.gettextPackage).mo")
        }
    }
}
