// Why this exists: the helper's seccomp filter must let every installed GdkPixbuf loader work (glycin's allowlist was made for its own loaders, not these): one image of each loader's format, made here, is decoded through the app's own helper, and each is read, but XBM, which the decoder refuses by name.
import Foundation
import TestAndBenchSupport
import XCTest

final class SandboxLoadersAppTests: XCTestCase {
    static let loaderList = "/usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders.cache"

    /// The loader modules installed here (GdkPixbuf's own PNG and JPEG are built in).
    static func installedLoaders() throws -> Set<String> {
        let list = try String(contentsOfFile: loaderList, encoding: .utf8)
        let names = list.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "libpixbufloader-"), let end = line.range(of: ".so\"") else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
        return Set(names).union(["png", "jpeg"])
    }

    /// A chunk of a big-endian atom file (ICNS, QuickTime): `tag` then its length, or the other way round.
    static func atom(_ tag: String, _ body: Data, tagFirst: Bool) -> Data {
        var length = UInt32(body.count + 8).bigEndian
        let size = Data(bytes: &length, count: 4)
        return (tagFirst ? Data(tag.utf8) + size : size + Data(tag.utf8)) + body
    }

    /// A RIFF chunk (ANI): tag, little-endian length, body, padded to an even length.
    static func riff(_ tag: String, _ body: Data) -> Data {
        var length = UInt32(body.count).littleEndian
        return Data(tag.utf8) + Data(bytes: &length, count: 4) + body + (body.count % 2 == 1 ? Data([0]) : Data())
    }

    /// One image per loader, keyed by the file it is in; the loader it is for is its extension's.
    static func images(in folder: URL) throws -> [String: String] {
        let source = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        var files: [String: String] = [:]
        let converted = ["png": "png", "jpg": "jpeg", "gif": "gif", "bmp": "bmp", "ico": "ico", "tiff": "tiff", "webp": "webp",
                         "avif": "avif", "heic": "heif", "ppm": "pnm", "pgm": "pnm", "pbm": "pnm", "tga": "tga", "xpm": "xpm", "xbm": "xbm"]
        for (ext, loader) in converted {
            let made = try Tool.run("/usr/bin/convert", [source, "-resize", "64x64", folder.appendingPathComponent("coffee.\(ext)").path], timeout: 120)
            XCTAssertEqual(made.status, 0, "convert wrote \(ext): \(made.output)")
            files["coffee.\(ext)"] = loader
        }
        try Data(FormatsAppTests.svgs["drawing.svg"]!.utf8).write(to: folder.appendingPathComponent("drawing.svg"))
        files["drawing.svg"] = "svg"
        // ICNS, QuickTime and animated cursors, which ImageMagick does not write: a 32 px PNG or
        // icon in each container.
        let small = folder.appendingPathComponent("small.png"), icon = folder.appendingPathComponent("small.ico")
        for target in [small, icon] {
            let made = try Tool.run("/usr/bin/convert", [source, "-resize", "32x32!", target.path], timeout: 120)
            XCTAssertEqual(made.status, 0, made.output)
        }
        let png = try Data(contentsOf: small), ico = try Data(contentsOf: icon)
        try atom("icns", atom("ic08", png, tagFirst: true), tagFirst: true).write(to: folder.appendingPathComponent("coffee.icns"))
        files["coffee.icns"] = "icns"
        let description = Data([0, 0, 0, 86]) + Data("png ".utf8) + Data(count: 78)
        try (atom("idsc", description, tagFirst: false) + atom("idat", png, tagFirst: false)).write(to: folder.appendingPathComponent("coffee.qtif"))
        files["coffee.qtif"] = "qtif"
        var header = Data()
        for field: UInt32 in [36, 2, 2, 32, 32, 0, 0, 6, 1] { var value = field.littleEndian; header += Data(bytes: &value, count: 4) }
        let frames = Data("fram".utf8) + riff("icon", ico) + riff("icon", ico)
        try riff("RIFF", Data("ACON".utf8) + riff("anih", header) + riff("LIST", frames)).write(to: folder.appendingPathComponent("coffee.ani"))
        files["coffee.ani"] = "ani"
        try FileManager.default.removeItem(at: small)
        try FileManager.default.removeItem(at: icon)
        return files
    }

    func testEveryInstalledLoaderDecodesInTheFilteredHelper() throws {
        let folder = TemporaryFiles.url("sandbox-loaders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.images(in: folder)
        let installed = try Self.installedLoaders()
        XCTAssertEqual(Set(files.values), installed, "one image for each installed loader, and none for a loader not installed")

        let probe = URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("SandboxProbe").path
        let run = try Tool.run(probe, [AppProcess.helperBinary] + files.keys.sorted().map { folder.appendingPathComponent($0).path }, timeout: 120)
        XCTAssertEqual(run.status, 0, run.output)
        let lines = Dictionary(run.output.split(separator: "\n").map { line -> (String, [String]) in
            let fields = line.split(separator: "\t").map(String.init)
            return ((fields.first.map { ($0 as NSString).lastPathComponent }) ?? "", Array(fields.dropFirst()))
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(lines["sandbox"], ["bubblewrap"], run.output)
        for (file, loader) in files.sorted(by: { $0.key < $1.key }) {
            if loader == "xbm" {
                XCTAssertEqual(lines[file], ["failed", "undecodable", "not a readable image: XBM images are not shown"], run.output)
            } else {
                XCTAssertEqual(lines[file]?.first, "decoded", "\(file) (the \(loader) loader) decodes in the helper: \(lines[file] ?? [])")
            }
        }
        XCTAssertEqual(lines["started"], ["1"], "no helper died on the way")
    }
}
