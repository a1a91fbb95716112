// Why this exists: a camera's RAW file and the JPEG it saved beside it under the same name ("IMG_0001.CR2" and "IMG_0001.JPG", in one folder) are one photo, as Shotwell and digiKam show them: the JPEG's row (fast to decode), with the RAW kept aside as its companion. Every listing and every change goes through `replace` or `merge`, which pair here: a RAW that arrives beside its JPEG joins it, a JPEG that arrives beside a RAW row takes it in, and a JPEG that goes gives its RAW back as a row if the RAW is still there.
import PhotoFormats
import Foundation

extension FolderContents {
    /// What a photo's own name (`base`) makes it, for pairing, told from its extension's bytes
    /// packed in a number (no string made: a listing asks it of every photo).
    enum PairKind { case jpeg, raw }

    static func pairKind(_ base: String) -> PairKind? {
        var packed: UInt32 = 0, count = 0, dotted = false
        for byte in base.utf8.reversed() {
            if byte == UInt8(ascii: ".") { dotted = true; break }
            guard count < 4 else { return nil }
            packed |= UInt32(byte | 0x20) << (8 * count) // lower case (an extension is letters and digits)
            count += 1
        }
        guard dotted, count >= 3 else { return nil }
        if packed == jpgPacked || packed == jpegPacked { return .jpeg }
        return rawPacked.contains(packed) ? .raw : nil
    }

    /// An extension packed as `pairKind` packs it (its last letter lowest).
    private static func packed(_ ext: String) -> UInt32 {
        ext.utf8.reversed().enumerated().reduce(0) { $0 | UInt32($1.element | 0x20) << (8 * $1.offset) }
    }
    private static let jpgPacked = packed("jpg"), jpegPacked = packed("jpeg")
    private static let rawPacked = Set(CameraFile.rawExtensions.map(packed))

    /// A name on disk without its extension: what a pair shares.
    static func stem(_ fileName: String) -> Substring {
        fileName.lastIndex(of: ".").map { fileName[..<$0] } ?? Substring(fileName)
    }

    /// The JPEG (by name on disk) listed beside the RAW named `fileName`, if there is one: the
    /// names a camera gives its JPEG (`IMG_0001.JPG`, `.jpg`, `.jpeg`, `.JPEG`).
    func jpeg(besideRaw fileName: String, in listed: (String) -> Bool) -> String? {
        let stem = Self.stem(fileName)
        return [".JPG", ".jpg", ".jpeg", ".JPEG", ".Jpg"].lazy.map { stem + $0 }.first(where: listed)
    }

    /// `found` (a whole listing) with each RAW that has its JPEG among them kept aside as that
    /// JPEG's companion (every pair made afresh).
    func pairedUp(_ found: [Photo]) -> [Photo] {
        companions = [:]
        companionOf = [:]
        rawRows = [:]
        let raws = found.indices.filter { Self.pairKind(found[$0].names.base) == .raw }
        guard !raws.isEmpty else { return found }
        let names = Set(found.map(\.fileName))
        var aside = Set<Int>()
        for index in raws {
            let raw = found[index]
            if let jpeg = jpeg(besideRaw: raw.fileName, in: names.contains), companions[jpeg] == nil {
                keep(raw, besideJPEG: jpeg)
                aside.insert(index)
            } else {
                rawRows[String(Self.stem(raw.fileName)), default: []].append(raw.fileName)
            }
        }
        return found.indices.filter { !aside.contains($0) }.map { found[$0] }
    }

    /// A change's photos paired (`merge`'s first step): what went and what arrived, given back
    /// with the RAW rows a new JPEG takes in added to what went, the RAWs that join their JPEG
    /// taken out of what arrived, and the RAWs of JPEGs that went (still on disk) arriving as rows.
    func paired(removed: [Int], added: [Photo]) -> (removed: [Int], added: [Photo]) {
        // Only a RAW that arrives, a JPEG that goes from its RAW, or a folder with RAW rows of their own pairs anything.
        guard added.contains(where: { Self.pairKind($0.names.base) == .raw }) || (!companions.isEmpty && !removed.isEmpty) || !rawRows.isEmpty else {
            return (removed, added)
        }
        var removed = removed, arriving: [Photo] = []
        let going = Set(removed.map { photos[$0].fileName })
        // A JPEG that went gives its RAW back, if the RAW is still there; a RAW row that went is no longer one.
        for index in removed {
            let photo = photos[index]
            if let raw = companions.removeValue(forKey: photo.fileName) {
                companionOf[raw.fileName] = nil
                var info = stat()
                if lstat(folder + raw.fileName, &info) == 0 { arriving.append(raw) }
            }
            dropRawRow(photo.fileName)
        }
        let addedNames = Set(added.map(\.fileName))
        for photo in added + arriving {
            switch Self.pairKind(photo.names.base) {
            case .raw?:
                dropRawRow(photo.fileName)
                let listed = { (name: String) in addedNames.contains(name) || (!going.contains(name) && self.index(of: name) != nil) }
                if let owner = companionOf[photo.fileName] ?? jpeg(besideRaw: photo.fileName, in: listed),
                   companions[owner] == nil || companions[owner]?.fileName == photo.fileName {
                    keep(photo, besideJPEG: owner)
                    continue
                }
                rawRows[String(Self.stem(photo.fileName)), default: []].append(photo.fileName)
            case .jpeg?:
                // A RAW shown alone until now joins the JPEG that arrived: its row goes.
                if companions[photo.fileName] == nil, let raw = rawRows[String(Self.stem(photo.fileName))]?.first,
                   let index = index(of: raw), !going.contains(raw) {
                    let rawPhoto = photos[index]
                    dropRawRow(raw)
                    keep(rawPhoto, besideJPEG: photo.fileName)
                    removed.append(index)
                }
            case nil: break
            }
        }
        var kept = added.filter { companionOf[$0.fileName] == nil }
        kept += arriving.filter { companionOf[$0.fileName] == nil }
        return (Array(Set(removed)).sorted(), kept)
    }

    /// The RAW named `fileName` kept aside for the JPEG `jpeg`.
    private func keep(_ raw: Photo, besideJPEG jpeg: String) {
        companions[jpeg] = raw
        companionOf[raw.fileName] = jpeg
    }

    private func dropRawRow(_ fileName: String) {
        let stem = String(Self.stem(fileName))
        guard var names = rawRows[stem] else { return }
        names.removeAll { $0 == fileName }
        rawRows[stem] = names.isEmpty ? nil : names
    }

    /// The RAW named `fileName` was looked at again (`refresh`): gone, it is no longer its JPEG's
    /// companion; still there, its stamp follows. Whether it is a companion (it has no row).
    func refreshCompanion(_ fileName: String, now: Photo?) -> Bool {
        guard let owner = companionOf[fileName] else { return false }
        if let now {
            companions[owner] = now
        } else {
            companions[owner] = nil
            companionOf[fileName] = nil
        }
        return true
    }

    /// Each JPEG's RAW companion, by their paths.
    public func companionPaths() -> [String: String] {
        Dictionary(uniqueKeysWithValues: companions.map { (folder + $0.key, folder + $0.value.fileName) })
    }
}
