import CDBus

/// D-Bus type signatures: validation and splitting into complete types.
///
/// libdbus aborts the process when handed an invalid signature, object path or name (its "check
/// failed" warnings are fatal by default), so everything that comes from outside the marshalling layer
/// is validated here first and turned into a thrown error instead.
public enum DBusSignature {
    /// Whether `signature` is a valid signature (zero or more complete types, at most 255 bytes).
    public static func isValid(_ signature: String) -> Bool {
        dbus_signature_validate(signature, nil) != 0
    }

    /// Whether `signature` is exactly one valid complete type.
    public static func isSingleCompleteType(_ signature: String) -> Bool {
        dbus_signature_validate_single(signature, nil) != 0
    }

    /// The complete types of a valid signature, in order: `"sa{sv}as"` → `["s", "a{sv}", "as"]`.
    /// Nil when the signature is not valid.
    public static func completeTypes(of signature: String) -> [String]? {
        guard isValid(signature) else { return nil }
        let bytes = Array(signature.utf8)
        var result: [String] = []
        var index = 0
        while index < bytes.count {
            let end = endOfCompleteType(bytes, from: index)
            result.append(String(decoding: bytes[index..<end], as: UTF8.self))
            index = end
        }
        return result
    }

    /// The index just past the complete type starting at `start` (the signature is known valid).
    private static func endOfCompleteType(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while bytes[index] == UInt8(ascii: "a") { index += 1 }
        let opener = bytes[index]
        guard opener == UInt8(ascii: "(") || opener == UInt8(ascii: "{") else { return index + 1 }
        let closer = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var depth = 0
        while true {
            let byte = bytes[index]
            if byte == opener { depth += 1 } else if byte == closer { depth -= 1 }
            index += 1
            if depth == 0 { return index }
        }
    }
}

/// Validation of the names and paths libdbus would otherwise abort on.
public enum DBusNames {
    /// Whether `path` is a valid object path.
    public static func isValidObjectPath(_ path: String) -> Bool { dbus_validate_path(path, nil) != 0 }
    /// Whether `name` is a valid interface name.
    public static func isValidInterface(_ name: String) -> Bool { dbus_validate_interface(name, nil) != 0 }
    /// Whether `name` is a valid member (method or signal) name.
    public static func isValidMember(_ name: String) -> Bool { dbus_validate_member(name, nil) != 0 }
    /// Whether `name` is a valid error name.
    public static func isValidErrorName(_ name: String) -> Bool { dbus_validate_error_name(name, nil) != 0 }
    /// Whether `name` is a valid bus name (unique or well-known).
    public static func isValidBusName(_ name: String) -> Bool { dbus_validate_bus_name(name, nil) != 0 }
}

/// The single-character type codes of the D-Bus wire format (libdbus defines them as casting macros,
/// which Swift cannot import).
enum DBusTypeCode {
    static let invalid: Int32 = 0
    static let byte = code("y")
    static let boolean = code("b")
    static let int16 = code("n")
    static let uint16 = code("q")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let int64 = code("x")
    static let uint64 = code("t")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let signature = code("g")
    static let unixFD = code("h")
    static let array = code("a")
    static let variant = code("v")
    static let structure = code("r")
    static let dictEntry = code("e")

    private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }
}
