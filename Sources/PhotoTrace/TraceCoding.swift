// Why this exists: TraceEvent's one declaration, turned into the trace's flat JSON line, read back from one, and listed field by field for the README: all through the enum's synthesized Codable, so no table repeats its fields.
import Foundation

extension TraceEvent {
    /// A field's value as JSON knows it.
    public enum Value: Sendable, Equatable {
        case string(String), int(Int), double(Double), bool(Bool), ints([Int])
    }

    /// The event's name and its fields, in the order the case declares them (a nil field is left out).
    public var encoded: (name: Name, fields: [(String, Value)]) {
        let sink = FieldSink()
        // Every field is a string, a number, a Boolean, a list of numbers or a string enum: it cannot fail.
        try! encode(to: FieldEncoder(sink: sink))
        return (sink.name!, sink.fields)
    }

    public var name: Name { encoded.name }

    /// Read an event back from a trace line (`{"t":…,"event":"name",fields…}`); nil if the line
    /// is not an event this type knows, or a field is missing or of the wrong type.
    public init?(line: Data) {
        guard let decoded = try? JSONDecoder().decode(TraceLine.self, from: line) else { return nil }
        self = decoded.event
    }

    /// The field names of an event, in order, without an instance (the README's table).
    public static func fields(of name: Name) -> [String] {
        let recorder = FieldRecorder()
        func recording<Key: CodingKey>(_ keyType: Key.Type) -> Any { KeyedDecodingContainer(RecordingContainer<Key>(recorder: recorder)) }
        _ = try? TraceEvent(from: CaseDecoder(name: name, fields: { recording($0) }))
        return recorder.keys
    }

    /// The README's table of events, one row per name.
    public static var readmeTable: String {
        var lines = ["| event | fields | when |", "|---|---|---|"]
        for name in Name.allCases {
            let fields = fields(of: name)
            lines.append("| `\(name.rawValue)` | \(fields.isEmpty ? "—" : fields.map { "`\($0)`" }.joined(separator: ", ")) | \(name.when) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// A trace line: its time, and the event whose name and fields sit beside it.
public struct TraceLine: Decodable, Sendable {
    public let t: Double
    public let event: TraceEvent

    private enum Keys: String, CodingKey { case t, event }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        t = try container.decode(Double.self, forKey: .t)
        let text = try container.decode(String.self, forKey: .event)
        guard let name = TraceEvent.Name(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: .event, in: container, debugDescription: "unknown event \(text)")
        }
        // The case's fields are the line's own keys: the synthesized decoding reads them there.
        func lineFields<Key: CodingKey>(_ keyType: Key.Type) throws -> Any { try decoder.container(keyedBy: keyType) }
        event = try TraceEvent(from: CaseDecoder(name: name, fields: { try lineFields($0) }))
    }
}

// MARK: encoding into a flat list

private final class FieldSink {
    var name: TraceEvent.Name?
    var fields: [(String, TraceEvent.Value)] = []
}

/// Sees the synthesized `encode(to:)`: the outer key is the case, the nested one its fields.
private struct FieldEncoder: Encoder {
    let sink: FieldSink
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CaseContainer<Key>(sink: sink))
    }
    func unkeyedContainer() -> UnkeyedEncodingContainer { fatalError("TraceEvent encodes keyed") }
    func singleValueContainer() -> SingleValueEncodingContainer { fatalError("TraceEvent encodes keyed") }
}

private struct CaseContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: FieldSink
    var codingPath: [CodingKey] { [] }
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        sink.name = TraceEvent.Name(stringValue: key.stringValue)
        return KeyedEncodingContainer(FieldsContainer<NestedKey>(sink: sink))
    }
    func encodeNil(forKey key: Key) throws { throw Self.flat }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw Self.flat }
    func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { fatalError("TraceEvent encodes keyed") }
    func superEncoder() -> Encoder { fatalError("TraceEvent encodes keyed") }
    func superEncoder(forKey key: Key) -> Encoder { fatalError("TraceEvent encodes keyed") }
    static var flat: EncodingError { EncodingError.invalidValue((), .init(codingPath: [], debugDescription: "a case holds its fields")) }
}

private struct FieldsContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: FieldSink
    var codingPath: [CodingKey] { [] }
    private func add(_ key: Key, _ value: TraceEvent.Value) { sink.fields.append((key.stringValue, value)) }
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, .double(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let ints = value as? [Int] { return add(key, .ints(ints)) }
        if let raw = value as? any RawRepresentable<String> { return add(key, .string(raw.rawValue)) }
        throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "not a trace field type"))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        fatalError("trace fields are flat")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { fatalError("trace fields are flat") }
    mutating func superEncoder() -> Encoder { fatalError("trace fields are flat") }
    mutating func superEncoder(forKey key: Key) -> Encoder { fatalError("trace fields are flat") }
}

// MARK: decoding one case

/// Presents the synthesized `init(from:)` with one case key, `name`, whose fields come from
/// `fields` (the trace line's own container, or a recorder).
private struct CaseDecoder: Decoder {
    let name: TraceEvent.Name
    let fields: (any CodingKey.Type) throws -> Any
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `fields` is handed the case's own key type and returns a `KeyedDecodingContainer` of it.
    init(name: TraceEvent.Name, fields: @escaping (_ keyType: any CodingKey.Type) throws -> Any) {
        self.name = name
        self.fields = fields
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(CaseKeyContainer<Key>(name: name, fields: fields))
    }
    func unkeyedContainer() throws -> UnkeyedDecodingContainer { throw Self.notHere }
    func singleValueContainer() throws -> SingleValueDecodingContainer { throw Self.notHere }
    static var notHere: DecodingError { .dataCorrupted(.init(codingPath: [], debugDescription: "a trace event is keyed")) }
}

private struct CaseKeyContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let name: TraceEvent.Name
    let fields: (any CodingKey.Type) throws -> Any
    var codingPath: [CodingKey] { [] }
    var allKeys: [Key] { Key(stringValue: name.rawValue).map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { key.stringValue == name.rawValue }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let container = try fields(type) as? KeyedDecodingContainer<NestedKey> else { throw CaseDecoder.notHere }
        return container
    }
    func decodeNil(forKey key: Key) throws -> Bool { throw CaseDecoder.notHere }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw CaseDecoder.notHere }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { throw CaseDecoder.notHere }
    func superDecoder() throws -> Decoder { throw CaseDecoder.notHere }
    func superDecoder(forKey key: Key) throws -> Decoder { throw CaseDecoder.notHere }
}

// MARK: recording the field names

private final class FieldRecorder {
    var keys: [String] = []
}

/// Answers every field with a stand-in value, writing its name down.
private struct RecordingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: FieldRecorder
    var codingPath: [CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    private func note(_ key: Key) { recorder.keys.append(key.stringValue) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { note(key); return false }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { note(key); return "" }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { note(key); return 0 }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { note(key); return 0 }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { note(key); return 0 }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { note(key); return 0 }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { note(key); return 0 }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { note(key); return 0 }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { note(key); return 0 }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { note(key); return 0 }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { note(key); return 0 }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { note(key); return 0 }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { note(key); return 0 }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { note(key); return 0 }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        note(key)
        if let ints = [Int]() as? T { return ints }
        if let cases = T.self as? any CaseIterable.Type, let first = Self.firstCase(cases) as? T { return first }
        throw CaseDecoder.notHere
    }
    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { type.allCases.first }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw CaseDecoder.notHere
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { throw CaseDecoder.notHere }
    func superDecoder() throws -> Decoder { throw CaseDecoder.notHere }
    func superDecoder(forKey key: Key) throws -> Decoder { throw CaseDecoder.notHere }
}
