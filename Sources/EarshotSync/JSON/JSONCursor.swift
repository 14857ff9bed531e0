/// A cursor over JSON text that reads values in place, for replies too big to turn into Foundation's
/// `Any` tree: a first sync's 60,000 episode actions took `JSONSerialization` 0.3 s and hundreds of
/// thousands of boxed values. Each read returns nil on text that is not JSON (the caller refuses the
/// reply); nesting is skipped without recursion, so no depth of brackets can exhaust the stack.
struct JSONCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// The next byte that is not white space, not consumed; nil at the end.
    mutating func peek() -> UInt8? {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case let byte: return byte
            }
        }
        return nil
    }

    /// Consumes `byte` (after white space) when it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Reads the members of an object, calling `member` with each key; `member` must read or skip the
    /// value and return false to give up. False when the text is not an object.
    mutating func object(_ member: (inout JSONCursor, JSONKey) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = key(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Reads the elements of an array, calling `element` for each (it reads or skips the value and
    /// returns false to give up). False when the text is not an array.
    mutating func array(_ element: (inout JSONCursor) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// A key, by its bytes (a key with escapes is decoded).
    private mutating func key() -> JSONKey? {
        guard peek() == Self.quote else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != Self.quote, bytes[end] != Self.backslash { end += 1 }
        if end < bytes.count, bytes[end] == Self.quote {
            index = end + 1
            return JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        guard let decoded = string() else { return nil }
        return JSONKey(decoded: decoded)
    }

    /// The value that comes next, whatever it is, skipped; false when it is not JSON.
    mutating func skip() -> Bool {
        var depth = 0
        repeat {
            guard let byte = peek() else { return false }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
                if take(byte + 2) { depth -= 1 } else { continue }  // `}` and `]` follow their openers by two
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return false }
                depth -= 1
                index += 1
            case Self.quote:
                guard stringBytes() != nil else { return false }
                if depth > 0, take(UInt8(ascii: ":")) { continue }
            default:
                guard scalar() != nil else { return false }
            }
            if depth > 0, !take(UInt8(ascii: ",")), let next = peek(), next != UInt8(ascii: "}"), next != UInt8(ascii: "]") { return false }
        } while depth > 0
        return true
    }

    /// A string value; nil (nothing consumed) when the next value is not a string.
    mutating func string() -> String? {
        guard peek() == Self.quote else { return nil }
        let start = index
        guard let raw = stringBytes() else {
            index = start
            return nil
        }
        if !raw.contains(Self.backslash) { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var at = 0
        while at < raw.count {
            let byte = raw[at]
            at += 1
            guard byte == Self.backslash, at < raw.count else {
                decoded.append(byte)
                continue
            }
            let escape = raw[at]
            at += 1
            switch escape {
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "u"):
                guard var unit = Self.hex(raw, at) else { return nil }
                at += 4
                if (0xD800..<0xDC00).contains(unit), at + 6 <= raw.count, raw[at] == Self.backslash, raw[at + 1] == UInt8(ascii: "u"),
                   let low = Self.hex(raw, at + 2), (0xDC00..<0xE000).contains(low) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    at += 6
                }
                decoded.append(contentsOf: String(Unicode.Scalar(unit).map(Character.init) ?? "\u{FFFD}").utf8)
            default: decoded.append(escape)  // `"`, `\`, `/`
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// A number value read as a whole number (a fraction rounded down, a string of digits read too, as
    /// servers differ); nil (the value skipped) for anything else.
    mutating func integer() -> Int64? {
        switch peek() {
        case Self.quote:
            return string().flatMap { Int64($0) }
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            guard let bytes = scalar() else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            return Int64(text) ?? Double(text).flatMap { Int64(exactly: $0.rounded(.down)) }
        default:
            _ = skip()
            return nil
        }
    }

    /// The raw bytes between a string's quotes (escapes left as they are), consumed.
    private mutating func stringBytes() -> UnsafeBufferPointer<UInt8>? {
        guard index < bytes.count, bytes[index] == Self.quote else { return nil }
        var end = index + 1
        while end < bytes.count {
            switch bytes[end] {
            case Self.quote:
                let raw = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
                index = end + 1
                return raw
            case Self.backslash: end += 2
            case 0..<0x20: return nil
            default: end += 1
            }
        }
        return nil
    }

    /// A number, `true`, `false` or `null`, by its bytes, consumed.
    private mutating func scalar() -> UnsafeBufferPointer<UInt8>? {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                 UInt8(ascii: "."), UInt8(ascii: "E"):
                index += 1
            default:
                return index > start ? UnsafeBufferPointer(rebasing: bytes[start..<index]) : nil
            }
        }
        return index > start ? UnsafeBufferPointer(rebasing: bytes[start..<index]) : nil
    }

    private static func hex(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
        guard at + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[at..<(at + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

/// An object's key as it stands in the text, compared without making a string of it.
struct JSONKey {
    private let raw: [UInt8]?
    private let bytes: UnsafeBufferPointer<UInt8>?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        raw = nil
    }

    init(decoded: String) {
        raw = Array(decoded.utf8)
        bytes = nil
    }

    static func == (key: JSONKey, name: StaticString) -> Bool {
        let name = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        if let bytes = key.bytes { return bytes.elementsEqual(name) }
        return key.raw?.elementsEqual(name) ?? false
    }
}
