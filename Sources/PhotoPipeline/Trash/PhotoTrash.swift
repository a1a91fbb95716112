// Why this exists: a photo moved to the desktop's trash and put back, or deleted for good. GLib trashes a file but has no "restore", says nothing of where the file went, and without gvfs there is no trash:// to ask; so the photo's own entry is found (the same file, by device and inode, under the name GLib gave it) and moved back by rename, which keeps its bytes, name and modification time. Putting back and deleting go through the folder's descriptor, checked to be the same folder (device and inode) as when the photo was chosen: a folder swapped for a link meanwhile is refused, never followed.
import PhotoFormats
import Foundation
import GLibIO
import GLibRuntime
import PhotoDecoding

/// A photo's file as it was when chosen: its folder and itself, each by device and inode.
public struct PhotoIdentity: Sendable, Equatable {
    public let path: String
    let folderDevice: UInt64, folderInode: UInt64
    let fileDevice: UInt64, fileInode: UInt64

    var folder: String { (path as NSString).deletingLastPathComponent }
    var name: String { (path as NSString).lastPathComponent }
}

/// A photo in the trash, and where it came from.
public struct TrashedPhoto: Sendable, Equatable {
    /// Where the photo was, and goes back to.
    public let original: PhotoIdentity
    /// The file in the trash's `files/`, and its `info/….trashinfo`.
    public let trashedPath: String
    public let infoPath: String

    public var originalPath: String { original.path }
}

/// Why a photo was not trashed, deleted or put back.
public enum TrashFailure: Error, Sendable, Equatable {
    /// The photo's volume has no trash (some mounts, removable media): it can only be deleted.
    case noTrash
    case failed(Words)
}

public enum PhotoTrash {
    /// The photo at `path` and its folder, as they are now (nil: it is not there).
    public static func identify(_ path: String) -> PhotoIdentity? {
        var file = stat(), folder = stat()
        guard lstat(path, &file) == 0, stat((path as NSString).deletingLastPathComponent, &folder) == 0 else { return nil }
        return PhotoIdentity(path: path, folderDevice: UInt64(folder.st_dev), folderInode: UInt64(folder.st_ino),
                             fileDevice: UInt64(file.st_dev), fileInode: UInt64(file.st_ino))
    }

    /// Move the photo at `path` to its volume's trash. Blocking: call off the main loop.
    public static func trash(_ path: String) throws(TrashFailure) -> TrashedPhoto {
        guard let identity = identify(path) else { throw .failed(Words("it is no longer there")) }
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
        guard let entry = entry(of: identity) else {
            throw .failed(Words("it went to the trash, but its place there was not found"))
        }
        return entry
    }

    /// The folder `identity` was in, opened, if it is still that folder (not another one, nor
    /// a link put in its place to another); the descriptor is the caller's to close.
    static func openFolder(of identity: PhotoIdentity) throws(TrashFailure) -> Int32 {
        // A gallery's folder may be a link the user made: it is the folder it leads to that must be the same.
        let fd = open(identity.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw errno == ENOTDIR ? .failed(Words("its folder was replaced by another")) : .failed(Words("its folder is gone"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, UInt64(info.st_dev) == identity.folderDevice, UInt64(info.st_ino) == identity.folderInode else {
            close(fd)
            throw .failed(Words("its folder was replaced by another"))
        }
        return fd
    }

    /// Put a trashed photo back where it was, into the same folder, by its descriptor. It is
    /// never written over a file that took its place.
    public static func restore(_ photo: TrashedPhoto) throws(TrashFailure) {
        var info = stat()
        guard lstat(photo.trashedPath, &info) == 0, UInt64(info.st_dev) == photo.original.fileDevice,
              UInt64(info.st_ino) == photo.original.fileInode else { throw .failed(Words("it is no longer in the trash")) }
        let folder = try openFolder(of: photo.original)
        defer { close(folder) }
        switch FileTrash.renameWithoutReplacing(photo.trashedPath, into: folder, name: photo.original.name) {
        case 0: unlink(photo.infoPath)
        case EEXIST: throw .failed(Words("another file has its name now"))
        case let code: throw .failed(Words(verbatim: String(cString: strerror(code))))
        }
    }

    /// Delete the photo for good (asked first, by the app), if it is still the file chosen, in
    /// the folder it was chosen in.
    public static func delete(_ photo: PhotoIdentity) throws(TrashFailure) {
        let folder = try openFolder(of: photo)
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, photo.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .failed(Words("it is no longer there")) }
        guard UInt64(info.st_dev) == photo.fileDevice, UInt64(info.st_ino) == photo.fileInode else {
            throw .failed(Words("another file has its name now"))
        }
        guard unlinkat(folder, photo.name, 0) == 0 else { throw .failed(Words(verbatim: String(cString: strerror(errno)))) }
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
    static func entry(of photo: PhotoIdentity) -> TrashedPhoto? {
        let name = photo.name
        for directory in trashDirectories(for: photo.path) {
            var number = 1
            while number < 100_000 {
                let trashName = uniqueName(name, number)
                let info = "\(directory)/info/\(trashName).trashinfo"
                guard access(info, F_OK) == 0 else { break }
                let file = "\(directory)/files/\(trashName)"
                var found = stat()
                if lstat(file, &found) == 0, UInt64(found.st_dev) == photo.fileDevice, UInt64(found.st_ino) == photo.fileInode {
                    return TrashedPhoto(original: photo, trashedPath: file, infoPath: info)
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
