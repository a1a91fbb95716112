// Why this exists: a private loader list that adds the misbehaving test loader module (TestPixbufLoader) to the system's, and a private MIME type so that GIO recognises its files: the environment a test gives the app to reach it, and the test files that make it crash, allocate, loop or probe.
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline

public enum TestLoaderModule {
    /// The module, built beside the app.
    public static var library: String {
        URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("libTestPixbufLoader.so").path
    }

    /// What each test file makes the loader do.
    public enum Behaviour: String, CaseIterable {
        case crash, alloc, loop
    }

    /// What a compromised helper would do (the file's text after "CPTEST"): lift its processor
    /// limit and loop; write 3 GiB into a memfd; grow the memfd the photo came in by 32 MB;
    /// forge the app replies with `side`² pixels.
    public enum Attack: Sendable {
        case unlimit, memfd, grow
        case answer(side: Int)

        var text: String {
            switch self {
            case .unlimit: "unlimit"
            case .memfd: "memfd"
            case .grow: "grow"
            case .answer(let side): "answer \(side)"
            }
        }
    }

    /// A test file that makes the loader attack as `attack` says.
    public static func file(_ attack: Attack) -> Data { Data("CPTEST\(attack.text)".utf8) }

    /// Have every helper started with the loader list in `folder` (`environment(in:)`) sit
    /// between itself and the app from its start, rewriting the files it hands back (a kept
    /// photo's metadata: the original's whole EXIF with another photo's bytes; a turned WebP: the
    /// original under a turned header).
    public static func tamper(in folder: URL) throws {
        try Data().write(to: folder.appendingPathComponent("data/mime/cptest-tamper"))
    }

    /// A test file's bytes.
    public static func file(_ behaviour: Behaviour) -> Data { Data("CPTEST\(behaviour.rawValue)".utf8) }
    /// A file that makes the loader try to open `path`, make and connect a socket, run a program,
    /// open the terminal and push a key into it, fork, lift its limit and unset its parent-death
    /// signal, and fail with what happened ("probe open=… socket=… connect=… execve=… tty=…
    /// tiocsti=… fork=… rlimit=… pdeathsig=…").
    public static func probe(opening path: String) -> Data { Data("CPTESTprobe \(path)".utf8) }

    /// The loader list and MIME database, written into `folder`; the environment that uses them.
    public static func environment(in folder: URL) throws -> [String: String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let system = try String(contentsOfFile: "/usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders.cache", encoding: .utf8)
        let query = try Tool.run("/usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/gdk-pixbuf-query-loaders", [library])
        guard query.status == 0, query.output.contains("\"cptest\"") else {
            throw NSError(domain: "TestLoaderModule", code: 1, userInfo: [NSLocalizedDescriptionKey: "query: \(query.output)"])
        }
        let list = folder.appendingPathComponent("loaders.cache")
        try Data((system + "\n" + query.output).utf8).write(to: list)
        let packages = folder.appendingPathComponent("data/mime/packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="image/x-classic-photos-test">
                <comment>Classic Photos test image</comment>
                <magic priority="90"><match type="string" offset="0" value="CPTEST"/></magic>
                <glob pattern="*.cptest"/>
              </mime-type>
            </mime-info>
            """.utf8).write(to: packages.appendingPathComponent("cptest.xml"))
        let update = try Tool.run("/usr/bin/update-mime-database", [folder.appendingPathComponent("data/mime").path])
        guard update.status == 0 else {
            throw NSError(domain: "TestLoaderModule", code: 2, userInfo: [NSLocalizedDescriptionKey: "update-mime-database: \(update.output)"])
        }
        // The test loader loaded before the filter, as every loader once was: a tampering one
        // (`tamper`) sets itself between the helper and the app then.
        return ["GDK_PIXBUF_MODULE_FILE": list.path, "XDG_DATA_DIRS": folder.appendingPathComponent("data").path + ":/usr/share",
                HelperLaunch.preloadVariable: "1"]
    }
}
