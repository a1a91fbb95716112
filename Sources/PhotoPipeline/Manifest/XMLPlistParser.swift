// Why this exists: reads the original ClassicPhotos format, an XML property list, keeping the file's key order and line numbers.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

enum XMLPlistParser {
    static func parse(_ data: Data) throws(ManifestError) -> ManifestValue {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        guard ok else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw ManifestError("malformed XML (\(reason))", line: max(parser.lineNumber, 1))
        }
        guard let root = delegate.root else { throw ManifestError("the property list has no value in <plist>") }
        return root
    }

    /// Builds the tree with a stack of open containers (classes, so appends stay O(1) for huge manifests).
    private final class Frame {
        enum Kind { case plist, dictionary, array, scalar(String) }
        let kind: Kind
        let line: Int
        var entries: [(key: String, value: ManifestValue, line: Int?)] = []
        var items: [(value: ManifestValue, line: Int?)] = []
        var pendingKey: (String, Int)?
        var text = ""
        var rootValue: ManifestValue?
        init(_ kind: Kind, line: Int) { self.kind = kind; self.line = line }
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var stack: [Frame] = []
        var root: ManifestValue?
        var error: ManifestError?
        var sawPlist = false

        func fail(_ parser: XMLParser, _ message: String, line: Int? = nil, entry: String? = nil) {
            if error == nil { error = ManifestError(message, line: line ?? parser.lineNumber, entry: entry) }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            guard error == nil else { return }
            let line = parser.lineNumber
            guard let top = stack.last else {
                guard name == "plist", !sawPlist else {
                    return fail(parser, "expected <plist> as the root element, found <\(name)>")
                }
                sawPlist = true
                stack.append(Frame(.plist, line: line))
                return
            }
            if case .scalar(let element) = top.kind {
                return fail(parser, "<\(name)> is not allowed inside <\(element)>")
            }
            switch name {
            case "dict", "array", "string", "integer", "real", "true", "false", "date", "data":
                if case .dictionary = top.kind, top.pendingKey == nil {
                    return fail(parser, "expected <key> in <dict>, found <\(name)>")
                }
                stack.append(Frame(name == "dict" ? .dictionary : name == "array" ? .array : .scalar(name), line: line))
            case "key":
                guard case .dictionary = top.kind, top.pendingKey == nil else {
                    return fail(parser, "<key> outside a <dict>, or two keys in a row")
                }
                stack.append(Frame(.scalar(name), line: line))
            default:
                fail(parser, "unknown property list element <\(name)>")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let top = stack.last, case .scalar = top.kind { top.text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard error == nil, let frame = stack.popLast() else { return }
            let value: ManifestValue
            switch frame.kind {
            case .plist:
                root = frame.rootValue
                return
            case .dictionary:
                if let (key, keyLine) = frame.pendingKey {
                    return fail(parser, "the key “\(key)” has no value", line: keyLine, entry: key)
                }
                value = .dictionary(frame.entries)
            case .array:
                value = .array(frame.items)
            case .scalar("key"):
                stack.last?.pendingKey = (frame.text, frame.line)
                return
            case .scalar(let element):
                switch element {
                case "string": value = .string(frame.text)
                case "integer": value = .other(typeName: "an integer")
                case "real": value = .other(typeName: "a real number")
                case "true", "false": value = .other(typeName: "a boolean")
                case "date": value = .other(typeName: "a date")
                default: value = .other(typeName: "data")
                }
            }
            guard let parent = stack.last else { return }
            switch parent.kind {
            case .plist:
                if parent.rootValue != nil { return fail(parser, "<plist> holds more than one value") }
                parent.rootValue = value
            case .dictionary:
                guard let (key, _) = parent.pendingKey else { return fail(parser, "a value in <dict> without a <key>") }
                parent.entries.append((key: key, value: value, line: frame.line))
                parent.pendingKey = nil
            case .array:
                parent.items.append((value: value, line: frame.line))
            case .scalar:
                fail(parser, "a value inside a scalar element")
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if error == nil {
                let reason = (parseError as NSError).localizedDescription
                error = ManifestError("malformed XML (\(reason))", line: max(parser.lineNumber, 1))
            }
        }
    }
}
