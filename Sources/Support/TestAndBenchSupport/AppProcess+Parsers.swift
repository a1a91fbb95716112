// Why this exists: which photo parsers the app's own process has mapped (/proc/PID/maps), for the tests that check it maps none whatever it has done (shown every format, read details, sorted by date, rotated): they belong to the helper's program.
import Foundation

extension AppProcess {
    /// The photo parsers' libraries: none may be mapped in the app's own process. (GTK brings
    /// librsvg's loader for its own icons, and libwebp through libtiff; the app hands them no photo.)
    public static let parserLibraries = ["libexiv2", "libgexiv2", "libheif", "libavif", "libde265", "libdav1d", "libaom",
                                         "libwebpdemux", "libwebpmux", "libpixbufloader", "libraw", "libjxl"]

    /// The files of `parserLibraries` the app's process maps now (but GTK's SVG loader).
    public func parsersMapped() -> Set<String> {
        mapped(Self.parserLibraries).filter { !$0.hasPrefix("libpixbufloader-svg") && !$0.hasPrefix("libpixbufloader_svg") }
    }

    /// The files the app's process maps now whose names begin with one of `prefixes`.
    public func mapped(_ prefixes: [String]) -> Set<String> {
        mapped(in: process.processIdentifier, prefixes)
    }

    /// The files process `pid` (the app's, or one of its helpers) maps now whose names begin with one of `prefixes`.
    public func mapped(in pid: pid_t, _ prefixes: [String]) -> Set<String> {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/maps"),
              let data = try? handle.readToEnd() else { return ["(its maps could not be read)"] }
        var found = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.lastIndex(of: "/") else { continue }
            let file = String(line[line.index(after: slash)...])
            if prefixes.contains(where: { file.hasPrefix($0) }) { found.insert(file) }
        }
        return found
    }
}
