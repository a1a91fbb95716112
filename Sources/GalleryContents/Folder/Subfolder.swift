// Why this exists: where a photo of a gallery that includes subfolders lives under the gallery's folder: the subfolder's path on disk and as shown, each ending in "/" ("" for the folder itself), so its photos are named by their path ("2024/Trip/IMG_0001.jpg"), sorted folder by folder, and given URIs from their folder's; and which subfolders are entered (each folder once, never round a loop), by the listing and by the watcher when one arrives or goes.
import PhotoFormats
import Foundation
import GLibIO
import GLibRuntime
import PhotoDecoding
import PhotoFetching

struct Subfolder: Sendable, Equatable {
    /// Its path under the gallery's folder, as on disk ("Day 1/"), and as shown.
    let path: String
    let display: String
    /// What its photos' sort keys begin with: the key of each folder's name on the way, each
    /// ended by a 0 byte (below every byte of a key). A folder's photos sort together, folder by
    /// folder as in a tree, and each photo's key is made from its own name, not its whole path.
    let keyPrefix: [UInt8]
    static let top = Subfolder(path: "", display: "")

    init(path: String, display: String, keyPrefix: [UInt8]? = nil) {
        self.path = path
        self.display = display
        self.keyPrefix = keyPrefix ?? display.split(separator: "/").flatMap { DirectoryListing.sortKey(String($0)) + [0] }
    }

    /// The subfolder `entry` (a folder in this one).
    func child(_ name: String, display shown: String) -> Subfolder {
        let shown = DisplayText.clean(shown)
        return Subfolder(path: path + name + "/", display: display + shown + "/", keyPrefix: keyPrefix + DirectoryListing.sortKey(shown) + [0])
    }

    var depth: Int { path.filter { $0 == "/" }.count }
}

extension FolderContents {
    /// The subfolder a photo named `fileName` (its path under the folder) is in.
    func subfolder(of fileName: String) -> Subfolder {
        guard let slash = fileName.lastIndex(of: "/") else { return .top }
        let path = String(fileName[...slash])
        return Subfolder(path: path, display: subfolders[path] ?? path)
    }

    /// Where `sub`'s photos' names begin, made once for the photos of the folder read last.
    func place(of sub: Subfolder, making: inout PhotoMaking) -> FolderPlace? {
        if let place = making.lastPlace, place.path == sub.path { return place }
        guard let uri = fileURI(forPath: folder + sub.path) else { return nil }
        let place = FolderPlace(path: sub.path, display: sub.display, uri: uri.hasSuffix("/") ? uri : uri + "/")
        making.lastPlace = place
        return place
    }

    /// The part of a file's URI after its folder's, as `fileURI(forPath:)` makes it: the name
    /// escaped alone (escaping goes byte by byte). A name of letters, digits, ".", "_" and "-" (a
    /// camera's) is never escaped: the name itself, no new string.
    func link(of name: String) -> String? {
        let plain = name.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
        if plain { return name }
        guard let alone = fileURI(forPath: "/" + name), alone.hasPrefix("file:///") else { return nil }
        return String(alone.dropFirst("file:///".count))
    }

    /// Whether `sub` is on another device than the gallery's folder (a mount in the tree) that is
    /// a pseudo file system.
    func isPseudoMount(_ sub: Subfolder) -> Bool {
        var info = stat()
        guard stat(folder + sub.path, &info) == 0, UInt64(info.st_dev) != folderDevice else { return false }
        guard let resolved = realpath(folder + sub.path, nil) else { return true }
        defer { free(resolved) }
        return Self.isPseudoFileSystem(String(cString: resolved))
    }

    /// A folder's device and inode: the same folder reached by two paths (a link) is one.
    func identity(_ path: String) -> String? {
        var info = stat()
        return stat(folder + path, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : nil
    }

    /// The subfolder `entry` of `sub` leads to, if it is one to follow: a folder, not hidden,
    /// not a link out of a folder someone else owns (as for photos), and not a link to a place
    /// no album is (`linkMayBeFollowed`).
    func followed(_ entry: DirectoryEntry, in sub: Subfolder) -> Subfolder? {
        guard entry.kind == .directory, !entry.isHidden else { return nil }
        if entry.isSymlink, !isOwned, leadsOut(entry, in: sub) { return nil }
        if entry.isSymlink, !linkMayBeFollowed(folder + sub.path + entry.name) { return nil }
        return sub.child(entry.name, display: entry.displayName)
    }

    /// Whether a link to a folder leads to one of the user's albums: never to `/`, to the
    /// gallery's folder or one above it (`up -> ..`, which would walk the whole disk), to
    /// another user's folder, or into a pseudo file system (`/proc`, `/sys`). A link to the
    /// user's own folder elsewhere is followed.
    func linkMayBeFollowed(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        let target = String(cString: resolved)
        free(resolved)
        guard target != "/", let top = resolvedFolder else { return false }
        if top == target || top.hasPrefix(target + "/") { return false }
        var info = stat()
        guard stat(target, &info) == 0, info.st_uid == geteuid() else { return false }
        return !Self.isPseudoFileSystem(target)
    }

    /// The file systems of the kernel's own making, where no photo lives and a walk would read
    /// the whole system.
    static let pseudoFileSystems: Set<String> = ["proc", "sysfs", "devpts", "devtmpfs", "debugfs", "tracefs", "securityfs", "cgroup",
                                                  "cgroup2", "bpf", "configfs", "pstore", "efivarfs", "binfmt_misc", "fusectl", "mqueue",
                                                  "hugetlbfs", "autofs", "rpc_pipefs", "nsfs"]

    /// Whether the real path `path` is on one of them (from the mount table, which never blocks).
    static func isPseudoFileSystem(_ path: String) -> Bool { pseudoFileSystems.contains(MountTable.fileSystem(containing: path)) }

    /// Enter `sub` (to list it): false if it is too deep, one too many, a folder already
    /// entered by another path (a link round a loop), or a pseudo file system mounted in the tree.
    func enter(_ sub: Subfolder) -> Bool {
        guard sub.depth <= FolderListing.maxDepth, subfolders.count < FolderListing.maxSubfolders,
              let id = identity(sub.path), entered[id] == nil, sub == .top || !isPseudoMount(sub) else { return false }
        entered[id] = sub.path
        if sub != .top { subfolders[sub.path] = sub.display }
        return true
    }

    /// A subfolder that arrived while the gallery is shown, and every folder under it: entered,
    /// watched (before it is read, so nothing written meanwhile is missed), listed. Their photos.
    func listArrived(_ root: Subfolder, watch: (Subfolder) -> Void) -> [Photo] {
        var pending = [root], found: [Photo] = [], next = 0
        while next < pending.count {
            let sub = pending[next]
            next += 1
            guard enter(sub) else { continue }
            watch(sub)
            do {
                try DirectoryListing.list(path: folder + sub.path, cancellable: Cancellable()) { entries in
                    for entry in entries {
                        if let child = self.followed(entry, in: sub) { pending.append(child) } else if let photo = self.photo(entry, in: sub) { found.append(photo) }
                    }
                }
            } catch {
                unreadable.append(String(sub.display.dropLast()))
            }
        }
        return found
    }

    /// The subfolder `path` went (deleted, moved away, or no longer a folder): it and every
    /// folder under it are forgotten. The positions of their photos.
    func dropSubfolder(_ path: String) -> [Int] {
        guard let display = subfolders[path] else { return [] }
        for known in subfolders.keys where known.hasPrefix(path) { subfolders[known] = nil }
        entered = entered.filter { !$0.value.hasPrefix(path) }
        unreadable.removeAll { ($0 + "/").hasPrefix(display) }
        notWatched = notWatched.filter { !$0.hasPrefix(path) }
        hidden.removeAll { $0.fileName.hasPrefix(path) }
        return photos.indices.filter { photos[$0].fileName.hasPrefix(path) }
    }

    /// Every folder listed (the folder itself first, as ""), shallowest first.
    var listedFolders: [String] {
        [""] + subfolders.keys.map { (Subfolder(path: $0, display: "").depth, $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// The folders not followed live (the system's limit on watches), as shown; the folder
    /// itself by its name.
    func notWatchedNames() -> [String] {
        notWatched.sorted().map { $0.isEmpty ? DisplayText.clean((folder as NSString).lastPathComponent) : String((subfolders[$0] ?? $0).dropLast()) }
    }
}
