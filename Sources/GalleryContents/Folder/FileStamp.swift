// Why this exists: a file as a folder's listing and watcher see it (its size, and its modification time in microseconds, as GIO gives them), so that an edit the app made itself can be told from a later change by another program.
import Foundation
import GLibIO
import PhotoDecoding

public struct FileStamp: Hashable, Sendable {
    public let size: Int64
    /// Microseconds since 1970.
    public let modified: Int64

    public init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The file at `path` now, as a listing would stamp it; nil if it cannot be read.
    public static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(size: max(0, Int64(status.st_size)),
                         modified: FileTime.microseconds(seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec)))
    }

    /// What shows of the photo at `path`: its file, and for a RAW file its sidecar too, which
    /// keeps its turn (`SidecarTurning`). A write to either leaves a later time (the newer of the
    /// two) or another size, so the app's own edit is told from another program's after it.
    public static func ofShown(_ path: String) -> FileStamp? {
        of(path).map { $0.including(sidecarOf: path) }
    }

    /// This stamp of the file at `path`, with its sidecar's where that keeps its turn.
    public func including(sidecarOf path: String) -> FileStamp {
        guard SidecarTurning.keepsTurnBeside(path), let sidecar = Self.of(SidecarFile.path(for: path)) else { return self }
        return FileStamp(size: size + sidecar.size + 1, modified: max(modified, sidecar.modified))
    }
}
