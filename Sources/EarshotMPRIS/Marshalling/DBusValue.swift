/// One D-Bus value with its exact wire type: what interface code reads from and writes to messages.
///
/// Containers carry the signatures of their elements, so an empty array or dictionary keeps its type
/// (`as` stays `as`, `a{sv}` stays `a{sv}`). Interface code builds and inspects these values; only the
/// marshalling layer (`MessageWriter`, `MessageReader`) touches libdbus iterators.
public indirect enum DBusValue: Sendable, CustomStringConvertible {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    /// An object path such as `/org/mpris/MediaPlayer2` (validated when written).
    case objectPath(String)
    /// A type signature such as `a{sv}` (validated when written).
    case signature(String)
    /// An array whose elements all have the complete type `elementSignature`.
    case array(elementSignature: String, [DBusValue])
    /// A dictionary `a{kv}`: `keySignature` must be a basic type; entries keep their order.
    case dictionary(keySignature: String, valueSignature: String, [DictionaryEntry])
    /// A struct `(…)` with at least one member.
    case structure([DBusValue])
    /// A variant `v`: a value that carries its own type.
    case variant(DBusValue)

    /// One key/value pair of a `dictionary`.
    public struct DictionaryEntry: Sendable, Equatable {
        /// The key (a basic type).
        public var key: DBusValue
        /// The value.
        public var value: DBusValue

        /// An entry mapping `key` to `value`.
        public init(key: DBusValue, value: DBusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value's complete D-Bus type signature, e.g. `x`, `as`, `a{sv}`, `(ii)`.
    /// Whether this is a basic value (no container), whose signature is one type code.
    var isBasic: Bool {
        switch self {
        case .array, .dictionary, .structure, .variant: false
        default: true
        }
    }

    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let members): "(" + members.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    public var description: String {
        switch self {
        case .byte(let v): "byte \(v)"
        case .boolean(let v): "\(v)"
        case .int16(let v): "int16 \(v)"
        case .uint16(let v): "uint16 \(v)"
        case .int32(let v): "int32 \(v)"
        case .uint32(let v): "uint32 \(v)"
        case .int64(let v): "int64 \(v)"
        case .uint64(let v): "uint64 \(v)"
        case .double(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .objectPath(let v): "objpath \(v)"
        case .signature(let v): "signature \(v)"
        case .array(_, let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\($0.key.description): \($0.value.description)" }.joined(separator: ", ") + "}"
        case .structure(let members): "(" + members.map(\.description).joined(separator: ", ") + ")"
        case .variant(let inner): "<\(inner.description)>"
        }
    }
}

// MARK: - Building

extension DBusValue {
    /// An `as` array.
    public static func stringArray(_ strings: [String]) -> DBusValue {
        .array(elementSignature: "s", strings.map(DBusValue.string))
    }

    /// An `a{sv}` dictionary (the usual "vardict") with the values wrapped in variants, in order.
    public static func vardict(_ entries: [(String, DBusValue)]) -> DBusValue {
        .dictionary(
            keySignature: "s", valueSignature: "v",
            entries.map { DictionaryEntry(key: .string($0.0), value: .variant($0.1)) })
    }

    /// An empty `a{sv}`.
    public static var emptyVardict: DBusValue { .vardict([]) }
}

// MARK: - Reading

extension DBusValue {
    /// The payload of a `string`, or nil for any other type.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The payload of an `objectPath`, or nil for any other type.
    public var objectPathValue: String? { if case .objectPath(let v) = self { v } else { nil } }
    /// The payload of a `boolean`, or nil for any other type.
    public var boolValue: Bool? { if case .boolean(let v) = self { v } else { nil } }
    /// The payload of an `int64`, or nil for any other type.
    public var int64Value: Int64? { if case .int64(let v) = self { v } else { nil } }
    /// The payload of an `int32`, or nil for any other type.
    public var int32Value: Int32? { if case .int32(let v) = self { v } else { nil } }
    /// The payload of a `uint32`, or nil for any other type.
    public var uint32Value: UInt32? { if case .uint32(let v) = self { v } else { nil } }
    /// The payload of a `double`, or nil for any other type.
    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }
    /// The value inside a `variant`, or nil for any other type.
    public var variantValue: DBusValue? { if case .variant(let v) = self { v } else { nil } }
    /// The members of a `structure`, or nil for any other type.
    public var structureMembers: [DBusValue]? { if case .structure(let v) = self { v } else { nil } }
    /// The elements of an `array`, or nil for any other type.
    public var arrayElements: [DBusValue]? { if case .array(_, let v) = self { v } else { nil } }
    /// The strings of an `as` array, or nil for any other type.
    public var stringArrayValue: [String]? {
        guard case .array("s", let items) = self else { return nil }
        return items.compactMap(\.stringValue)
    }
    /// The entries of an `a{s…}` dictionary keyed by string (later duplicates win), or nil.
    public var stringKeyedEntries: [String: DBusValue]? {
        guard case .dictionary("s", _, let entries) = self else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries { if let key = entry.key.stringValue { result[key] = entry.value } }
        return result
    }
}

// MARK: - Equality

extension DBusValue: Equatable {
    /// Same type and same payload. Doubles compare by value, except that NaN equals NaN, so a change
    /// tracker never sees a NaN as "changed again".
    public static func == (lhs: DBusValue, rhs: DBusValue) -> Bool {
        switch (lhs, rhs) {
        case (.byte(let a), .byte(let b)): a == b
        case (.boolean(let a), .boolean(let b)): a == b
        case (.int16(let a), .int16(let b)): a == b
        case (.uint16(let a), .uint16(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.uint32(let a), .uint32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.uint64(let a), .uint64(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a == b
        case (.objectPath(let a), .objectPath(let b)): a == b
        case (.signature(let a), .signature(let b)): a == b
        case (.array(let sa, let a), .array(let sb, let b)): sa == sb && a == b
        case (.dictionary(let ka, let va, let a), .dictionary(let kb, let vb, let b)): ka == kb && va == vb && a == b
        case (.structure(let a), .structure(let b)): a == b
        case (.variant(let a), .variant(let b)): a == b
        default: false
        }
    }
}
