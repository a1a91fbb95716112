// Why this exists: a run from the source tree (`swift build`, the README's way) shows the user's language too: the translations the user asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) are compiled from po/ with msgfmt into the user's cache folder, again only when a .po is newer than its .mo.
import Foundation
import PhotoPipeline
import PhotoDecoding

package enum SourceTranslations {
    /// The source tree holding this executable (the folder with Package.swift and po/), if it runs from one.
    package static func sourceRoot(executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               FileManager.default.fileExists(atPath: folder.appendingPathComponent("po/LINGUAS").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The languages the environment asks for, most wanted first, each also without its
    /// territory ("ko_KR.UTF-8" → "ko_KR", "ko"), as gettext looks them up.
    package static func wantedLanguages(_ environment: [String: String]) -> [String] {
        var requested: [String] = []
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            requested += value.split(separator: ":").map(String.init)
            if key != "LANGUAGE" { break }
        }
        var languages: [String] = []
        for entry in requested {
            let bare = String(entry.split(separator: ".").first ?? "").split(separator: "@").first.map(String.init) ?? ""
            guard !bare.isEmpty, bare != "C", bare != "POSIX" else { continue }
            for candidate in [bare, String(bare.split(separator: "_").first ?? "")] where !languages.contains(candidate) {
                languages.append(candidate)
            }
        }
        return languages
    }

    /// A locale folder holding the wanted translations compiled from `root`'s po/, or nil when
    /// none is wanted or there is no msgfmt (the app then shows English).
    package static func compiled(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let po = root.appendingPathComponent("po")
        let available = Set(((try? String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.hasPrefix("#") })
        let wanted = wantedLanguages(environment).filter(available.contains)
        let msgfmt = "/usr/bin/msgfmt"
        guard !wanted.isEmpty, FileManager.default.isExecutableFile(atPath: msgfmt) else { return nil }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        let locale = ((cache as NSString).appendingPathComponent(AppInfo.executable) as NSString).appendingPathComponent("locale")
        for language in wanted {
            let source = po.appendingPathComponent("\(language).po").path
            let folder = "\(locale)/\(language)/LC_MESSAGES"
            let target = "\(folder)/\(AppInfo.gettextPackage).mo"
            if let built = modified(target), let edited = modified(source), built >= edited { continue }
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Written beside the target, then renamed: a second instance never reads half a file.
            let partial = "\(target).\(getpid())"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: msgfmt)
            process.arguments = ["-o", partial, source]
            guard (try? process.run()) != nil else { continue }
            process.waitUntilExit()
            if process.terminationStatus == 0 { rename(partial, target) } else { unlink(partial) }
        }
        return locale
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
