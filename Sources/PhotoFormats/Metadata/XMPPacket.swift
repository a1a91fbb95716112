// Why this exists: an XMP packet the app writes itself from a photo's plain fields (title, description, keywords, creator, rights), for a file whose location must not be kept: a helper's own XMP could carry a place in any of its tags, these texts are only what they say.
import Foundation
import MetadataValues

package enum XMPPacket {
    /// The longest text kept of a field, and the most keywords and creators.
    package static let longest = 2_000, mostItems = 100

    /// The packet for `fields`, each cleaned and cut short; nil when none is left.
    package static func written(_ fields: KeptFields) -> Data? {
        func clean(_ text: String?) -> String? {
            guard let text else { return nil }
            let cleaned = DisplayText.clean(String(text.prefix(longest))).trimmingCharacters(in: .whitespacesAndNewlines)
            return cleaned.isEmpty ? nil : escaped(cleaned)
        }
        var parts: [String] = []
        func alt(_ name: String, _ value: String?) {
            if let value = clean(value) { parts.append("<dc:\(name)><rdf:Alt><rdf:li xml:lang=\"x-default\">\(value)</rdf:li></rdf:Alt></dc:\(name)>") }
        }
        func list(_ name: String, _ kind: String, _ values: [String]) {
            let items = values.prefix(mostItems).compactMap(clean)
            if !items.isEmpty { parts.append("<dc:\(name)><rdf:\(kind)>" + items.map { "<rdf:li>\($0)</rdf:li>" }.joined() + "</rdf:\(kind)></dc:\(name)>") }
        }
        alt("title", fields.title)
        alt("description", fields.caption)
        list("subject", "Bag", fields.keywords)
        list("creator", "Seq", fields.creators)
        alt("rights", fields.rights)
        guard !parts.isEmpty else { return nil }
        let packet = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
            + parts.joined() + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>"
        return Data(packet.utf8)
    }

    /// `text` safe inside an XML element.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Whether a helper's packet may go into a file whose location stays: text, an XMP packet,
    /// within one JPEG segment.
    package static func acceptable(_ packet: Data) -> Bool {
        packet.count <= 65_000 && String(data: packet, encoding: .utf8).map { $0.contains("<x:xmpmeta") } == true
    }
}
