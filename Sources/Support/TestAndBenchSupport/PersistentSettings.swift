// Why this exists: real GSettings for a test or benchmark launch (the app's schema compiled from data/, the keyfile backend in a folder of the run's own), so a setting a test writes is read by the app, and what the app saves survives into the next launch.
import Foundation

public enum PersistentSettings {
    /// Compile the schema into `folder`/schemas and start the keyfile at `folder`/config with
    /// these keys (`memory-cache-size=1`); returns the environment every launch that shares the
    /// settings passes to `AppProcess`.
    public static func environment(in folder: URL, keys: [String] = []) throws -> [String: String] {
        let schemas = folder.appendingPathComponent("schemas").path
        try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
        let compiled = try Tool.run("glib-compile-schemas", ["--strict", "--targetdir", schemas,
                                                             SamplePhotos.repositoryRoot.appendingPathComponent("data").path])
        guard compiled.status == 0 else {
            throw NSError(domain: "PersistentSettings", code: Int(compiled.status),
                          userInfo: [NSLocalizedDescriptionKey: "glib-compile-schemas failed: \(compiled.output)"])
        }
        let config = folder.appendingPathComponent("config")
        if !keys.isEmpty {
            let settings = config.appendingPathComponent("glib-2.0/settings")
            try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
            try Data(("[io/github/classicphotos/ClassicPhotos]\n" + keys.map { $0 + "\n" }.joined()).utf8)
                .write(to: settings.appendingPathComponent("keyfile"))
        }
        return ["GSETTINGS_SCHEMA_DIR": schemas, "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path]
    }

    /// The keyfile the app wrote under `folder` (its text, empty if none yet).
    public static func keyfile(in folder: URL) -> String {
        (try? String(contentsOf: folder.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)) ?? ""
    }
}
