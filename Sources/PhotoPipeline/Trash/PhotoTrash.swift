// Why this exists: a photo moved to the desktop's trash and put back. GLib trashes a file but has no "restore", says nothing of where the file went, and without gvfs there is no trash:// to ask; so the photo's own entry is found (the same file, by device and inode, under the name GLib gave it) and moved back by rename, which keeps its bytes, name and modification time.
import Foundation
import GLibIO
import GLibRuntime

/// A photo in the trash, and where it came from.
public struct TrashedPhoto: Sendable, Equatable {
    /// Where the photo was, and goes back to.
    public let originalPath: String
    /// The file in the trash's `files/`, and its `info/….trashinfo`.
    public let trashedPath: String
    public let infoPath: String
}

/// Why a photo was not trashed, deleted or put back.
public enum TrashFailure: Error, Sendable, Equatable {
    /// The photo's volume has no trash (some mounts, removable media): it can only be deleted.
    case noTrash
    case failed(Words)
}

public enum PhotoTrash {
    /// Move the photo at `path` to its volume's trash. Blocking: call off the main loop.
    public static func trash(_ path: String) throws(TrashFailure) -> TrashedPhoto {
        var before = stat()
        guard lstat(path, &before) == 0 else { throw .failed(Words("it is no longer there")) }
        do {
            try FileTrash.trash(path: path)
        } catch {
            if error.isNotSupported { throw .noTrash }
            // In the user's words where GIO's code says what happened (its message is English, with the path).
            if error.isPermissionDenied { throw .failed(Words("its folder cannot be written")) }
            if error.isReadOnly { throw .failed(Words("its folder is on a read-only disk")) }
            if error.isNotFound { throw .failed(Words("it is no longer there")) }
            throw .failed(Words(verbatim: error.message))
        }
        guard let entry = entry(of: path, device: before.st_dev, inode: before.st_ino) else {
            throw .failed(Words("it went to the trash, but its place there was not found"))
        }
        return entry
    }

    /// Put a trashed photo back where it was. It is never written over a file that took its place.
    public static func restore(_ photo: TrashedPhoto) throws(TrashFailure) {
        var info = stat()
        guard lstat(photo.trashedPath, &info) == 0 else { throw .failed(Words("it is no longer in the trash")) }
        let folder = (photo.originalPath as NSString).deletingLastPathComponent
        guard stat(folder, &info) == 0 else { throw .failed(Words("its folder is gone")) }
        switch FileTrash.renameWithoutReplacing(photo.trashedPath, to: photo.originalPath) {
        case 0: unlink(photo.infoPath)
        case EEXIST: throw .failed(Words("another file has its name now"))
        case let code: throw .failed(Words(verbatim: String(cString: strerror(code))))
        }
    }

    /// Delete the photo for good (asked first, by the app).
    public static func delete(_ path: String) throws(TrashFailure) {
        guard unlink(path) == 0 else { throw .failed(Words(verbatim: String(cString: strerror(errno)))) }
    }

    /// The trash directories a file at `path` may have gone to: the home trash, and its volume's
    /// own (`$topdir/.Trash/$uid` and `$topdir/.Trash-$uid`), as the specification lists them.
    static func trashDirectories(for path: String) -> [String] {
        var directories = [FileTrash.userDataDirectory + "/Trash"]
        if let top = volumeTop(of: path) {
            let base = top == "/" ? "" : top
            directories += ["\(base)/.Trash/\(getuid())", "\(base)/.Trash-\(getuid())"]
        }
        return directories
    }

    /// The top folder of the volume `path` is on: its highest ancestor on the same device.
    static func volumeTop(of path: String) -> String? {
        var info = stat()
        var folder = (path as NSString).deletingLastPathComponent
        guard stat(folder, &info) == 0 else { return nil }
        let device = info.st_dev
        while folder != "/" {
            let parent = (folder as NSString).deletingLastPathComponent
            guard stat(parent, &info) == 0, info.st_dev == device else { break }
            folder = parent
        }
        return folder
    }

    /// The trash entry that is the file trashed from `path`: GLib names it the file's name, or
    /// `name.N.ext` when that is taken, with an info file beside; the one whose file is the same
    /// file (device and inode) is it.
    static func entry(of path: String, device: dev_t, inode: ino_t) -> TrashedPhoto? {
        let name = (path as NSString).lastPathComponent
        for directory in trashDirectories(for: path) {
            var number = 1
            while number < 100_000 {
                let trashName = uniqueName(name, number)
                let info = "\(directory)/info/\(trashName).trashinfo"
                guard access(info, F_OK) == 0 else { break }
                let file = "\(directory)/files/\(trashName)"
                var found = stat()
                if lstat(file, &found) == 0, found.st_dev == device, found.st_ino == inode {
                    return TrashedPhoto(originalPath: path, trashedPath: file, infoPath: info)
                }
                number += 1
            }
        }
        return nil
    }

    /// GLib's name for the `number`th file of that name in a trash: `a.jpg`, `a.2.jpg`, `a.3.jpg`.
    static func uniqueName(_ name: String, _ number: Int) -> String {
        guard number > 1 else { return name }
        guard let dot = name.firstIndex(of: ".") else { return "\(name).\(number)" }
        return "\(name[..<dot]).\(number)\(name[dot...])"
    }
}
