/// How a method reads one of its in-arguments: the name the introspection XML gives it, its D-Bus type,
/// and the typed value, or the plain reason why a value is not acceptable (the caller gets
/// `org.freedesktop.DBus.Error.InvalidArgs` naming the method and the argument). A value is never
/// guessed at: a wrong type is refused like an out-of-range number.
public struct BusArgument<Value>: Sendable {
    /// The argument's name, as in the XML; error messages say it.
    public let name: String
    /// Its single complete D-Bus type, e.g. `x` or `as`.
    public let signature: String
    private let decode: @Sendable (DBusValue) throws(ArgumentRefusal) -> Value

    /// An argument named `name` of type `signature`, read by `decode` (which sees only values of that type).
    init(_ name: String, signature: String, decode: @escaping @Sendable (DBusValue) throws(ArgumentRefusal) -> Value) {
        self.name = name
        self.signature = signature
        self.decode = decode
    }

    /// The typed value of `value`, or why it is refused.
    func read(_ value: DBusValue) throws(ArgumentRefusal) -> Value {
        guard value.signature == signature else {
            throw ArgumentRefusal("is \(ArgumentCheck.plainType(value.signature)), not \(ArgumentCheck.plainType(signature))")
        }
        return try decode(value)
    }

    /// The same argument read further by `transform`, which turns the value into another type or refuses
    /// it (an id that must be 1 or more, a count with a top).
    public func map<T>(_ transform: @escaping @Sendable (Value) throws(ArgumentRefusal) -> T) -> BusArgument<T> {
        let decode = self.decode
        return BusArgument<T>(name, signature: signature) { value throws(ArgumentRefusal) in try transform(try decode(value)) }
    }
}

/// Why a value is not acceptable for an argument, in words that follow the argument's name: "must be 1
/// or more, not 0".
public struct ArgumentRefusal: Error, Sendable {
    /// The reason.
    public let reason: String

    /// A refusal saying `reason`.
    public init(_ reason: String) { self.reason = reason }
}

// MARK: - The basic types

extension BusArgument {
    /// An argument of type `signature` whose value `extract` takes out of its `DBusValue` (nil: refused).
    static func basic(_ name: String, _ signature: String, _ extract: @escaping @Sendable (DBusValue) -> Value?) -> Self {
        Self(name, signature: signature) { value throws(ArgumentRefusal) in
            guard let typed = extract(value) else { throw ArgumentRefusal("is not \(ArgumentCheck.plainType(signature))") }
            return typed
        }
    }
}

extension BusArgument where Value == Bool {
    /// A `b`.
    public static func bool(_ name: String) -> Self { basic(name, "b", \.boolValue) }
}

extension BusArgument where Value == Int32 {
    /// An `i`.
    public static func int32(_ name: String) -> Self { basic(name, "i", \.int32Value) }
}

extension BusArgument where Value == UInt32 {
    /// A `u`.
    public static func uint32(_ name: String) -> Self { basic(name, "u", \.uint32Value) }
}

extension BusArgument where Value == Int64 {
    /// An `x`.
    public static func int64(_ name: String) -> Self { basic(name, "x", \.int64Value) }
}

extension BusArgument where Value == Double {
    /// A `d`, any number (NaN and the infinities too: `finite` refuses them).
    public static func double(_ name: String) -> Self { basic(name, "d", \.doubleValue) }

    /// A `d` that is a finite number, at least `minimum`.
    public static func finite(_ name: String, atLeast minimum: Double = -.greatestFiniteMagnitude) -> Self {
        double(name).map { number throws(ArgumentRefusal) in
            guard number.isFinite else { throw ArgumentRefusal("must be a finite number, not \(number)") }
            guard number >= minimum else { throw ArgumentRefusal("must be \(minimum) or more, not \(number)") }
            return number
        }
    }
}

extension BusArgument where Value == String {
    /// An `s`.
    public static func string(_ name: String) -> Self { basic(name, "s", \.stringValue) }
}

extension BusArgument where Value == [String] {
    /// An `as`.
    public static func strings(_ name: String) -> Self { basic(name, "as", \.stringArrayValue) }
}

extension BusArgument where Value == [Int64] {
    /// An `ax`.
    public static func int64s(_ name: String) -> Self {
        basic(name, "ax") { value in value.arrayElements.map { $0.compactMap(\.int64Value) } }
    }
}

extension BusArgument where Value == DBusValue {
    /// A `v`: the value it holds.
    public static func variant(_ name: String) -> Self { basic(name, "v", \.variantValue) }
}
