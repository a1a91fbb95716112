// Why this exists: a photo's tags as the apps that read them keep them: each a path of levels ("Places/Portugal/Lisbon", as digiKam writes it in `digiKam:TagsList`), the same with "|" in Lightroom's `lr:hierarchicalSubject`, and the last level alone among the keywords of `dc:subject`, which every app reads. Tags are cleaned here, on both sides of the helper boundary.
import Foundation

public enum PhotoTags {
    public static let digiKamKey = "Xmp.digiKam.TagsList"
    public static let lightroomKey = "Xmp.lr.hierarchicalSubject"
    public static let subjectKey = "Xmp.dc.subject"
    /// The most tags a photo keeps, and the longest a tag may be.
    public static let most = 200, longest = 200

    /// `tags` as paths: levels trimmed, empty levels dropped, no control characters and no "|"
    /// (Lightroom's separator), each at most `longest` characters; duplicates dropped, in order.
    public static func cleaned(_ tags: [String]) -> [String] {
        var seen = Set<String>(), kept: [String] = []
        for tag in tags {
            let levels = tag.split(separator: "/").map { level in
                String(level.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) && $0 != "|" })
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }.filter { !$0.isEmpty }
            let path = levels.joined(separator: "/")
            guard !path.isEmpty, path.count <= longest, seen.insert(path).inserted else { continue }
            kept.append(path)
            if kept.count == most { break }
        }
        return kept
    }

    /// A photo's tags from its three fields: digiKam's paths, then Lightroom's, then the
    /// keywords no path ends with.
    public static func read(digiKam: [String], lightroom: [String], subjects: [String]) -> [String] {
        let paths = cleaned(digiKam + lightroom.map { $0.replacingOccurrences(of: "|", with: "/") })
        let leaves = Set(paths.map(leaf))
        return cleaned(paths + subjects.filter { !leaves.contains($0.trimmingCharacters(in: .whitespaces)) }.map { $0.replacingOccurrences(of: "/", with: " ") })
    }

    /// The last level of a path ("Lisbon").
    /// The tags of `tagLists` (each photo's), most used first, then by name: what Ctrl+T
    /// completes from.
    public static func mostUsed(_ tagLists: some Sequence<[String]>) -> [String] {
        var counts: [String: Int] = [:]
        for tags in tagLists { for tag in tags { counts[tag, default: 0] += 1 } }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    public static func leaf(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The three fields for `tags`, a photo's `subjects` before and its tags before: digiKam's and
    /// Lightroom's hold the paths; `dc:subject` keeps the keywords it had, less the leaves of the
    /// tags removed, with the leaves of the tags now.
    public static func fields(_ tags: [String], subjectsBefore: [String], tagsBefore: [String])
        -> (digiKam: [String], lightroom: [String], subjects: [String]) {
        let leaves = tags.map(leaf)
        let gone = Set(tagsBefore.map(leaf)).subtracting(leaves)
        var subjects = subjectsBefore.filter { !gone.contains($0) }
        for leaf in leaves where !subjects.contains(leaf) { subjects.append(leaf) }
        return (tags, tags.map { $0.replacingOccurrences(of: "/", with: "|") }, subjects)
    }
}
