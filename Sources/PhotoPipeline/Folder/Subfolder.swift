// Why this exists: where a photo of a gallery that includes subfolders lives under the gallery's folder: the subfolder's path on disk and as shown, each ending in "/" ("" for the folder itself), so its photos are named by their path ("2024/Trip/IMG_0001.jpg").
import Foundation

struct Subfolder: Sendable, Equatable {
    /// Its path under the gallery's folder, as on disk ("Day 1/"), and as shown.
    let path: String
    let display: String
    static let top = Subfolder(path: "", display: "")

    /// The subfolder `entry` (a folder in this one).
    func child(_ name: String, display shown: String) -> Subfolder {
        Subfolder(path: path + name + "/", display: display + DisplayText.clean(shown) + "/")
    }
}

extension FolderContents {
    /// The subfolder a photo named `fileName` (its path under the folder) is in.
    func subfolder(of fileName: String) -> Subfolder {
        guard let slash = fileName.lastIndex(of: "/") else { return .top }
        let path = String(fileName[...slash])
        return Subfolder(path: path, display: subfolders[path] ?? path)
    }
}
