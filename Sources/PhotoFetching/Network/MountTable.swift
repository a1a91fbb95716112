// Why this exists: which mount a path is on and what file system it is, from /proc/self/mountinfo, for the local reads' per-mount cap on stuck reads and for the names an export may give.
import Foundation

/// Which mount a path is on, from /proc/self/mountinfo (reading it never blocks, unlike a
/// `stat` on a mount that stopped answering).
package enum MountTable {
    static func mountPoint(containing path: String) -> String {
        let mounts = mountPoints()
        var best = "/"
        for mount in mounts where mount.count > best.count {
            if path == mount || path.hasPrefix(mount.hasSuffix("/") ? mount : mount + "/") { best = mount }
        }
        return best
    }

    /// The type of the file system `path` is on ("ext4", "vfat", "fuseblk"…), "" if unknown.
    package static func fileSystem(containing path: String) -> String {
        let mount = mountPoint(containing: path)
        return mounts().last { $0.point == mount }?.type ?? ""
    }

    static func mountPoints() -> [String] { mounts().map(\.point) }

    /// Each mount's point and its file system's type, from /proc/self/mountinfo.
    static func mounts() -> [(point: String, type: String)] {
        let fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [("/", "")] }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        // Field 5 is the mount point, with spaces and the like as octal escapes (\040); the type
        // is the first field after the " - " separator.
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { return nil }
            let type = fields.firstIndex(of: "-").flatMap { $0 + 1 < fields.count ? String(fields[$0 + 1]) : nil } ?? ""
            return (unescape(String(fields[4])), type)
        }
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3, let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
