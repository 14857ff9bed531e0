/// JSON written straight into bytes: objects and lists of strings and whole numbers, commas placed
/// as members come. Strings are escaped as RFC 8259 asks (quote, backslash, control characters).
struct JSONText {
    private(set) var bytes: [UInt8] = []
    /// Whether the container being written has had a member or element yet.
    private var first = true

    /// Starts an object (`{`) or a list (`[`) as the next element.
    mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
        first = true
    }

    /// Ends the object or list.
    mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        first = false
    }

    mutating func member(_ key: String, _ value: String) {
        name(key)
        string(value)
    }

    mutating func member(_ key: String, _ value: Int) {
        name(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    private mutating func name(_ key: String) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 15)]])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
