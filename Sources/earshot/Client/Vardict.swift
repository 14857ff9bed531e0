import EarshotMPRIS
import Foundation

/// One `a{sv}` dictionary from the daemon, read leniently: a key that is missing or has an unexpected
/// type reads as nil (org.earshot.Earshot1 leaves out unknown values and may add keys later).
struct Vardict {
    private let values: [String: DBusValue]

    /// The dictionary in `value`, which must be an `a{sv}`; nil for anything else.
    init?(_ value: DBusValue) {
        guard case .dictionary("s", "v", _) = value, let entries = value.stringKeyedEntries else { return nil }
        values = entries.compactMapValues(\.variantValue)
    }

    func string(_ key: String) -> String? { values[key]?.stringValue }

    func bool(_ key: String) -> Bool? { values[key]?.boolValue }

    /// An `as` (empty when missing).
    func strings(_ key: String) -> [String] { values[key]?.arrayElements?.compactMap(\.stringValue) ?? [] }

    /// Any integer type, as Int64 (ids are x, counts u).
    func integer(_ key: String) -> Int64? {
        switch values[key] {
        case .byte(let v): Int64(v)
        case .int16(let v): Int64(v)
        case .uint16(let v): Int64(v)
        case .int32(let v): Int64(v)
        case .uint32(let v): Int64(v)
        case .int64(let v): v
        case .uint64(let v): Int64(exactly: v)
        default: nil
        }
    }

    /// A count (u), as Int.
    func count(_ key: String) -> Int? { integer(key).map { Int(clamping: $0) } }

    /// Seconds (d; an integer is accepted too). NaN and infinities read as nil.
    func seconds(_ key: String) -> Double? {
        let value = values[key]?.doubleValue ?? integer(key).map(Double.init)
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    /// An instant sent as x, seconds since 1970-01-01T00:00:00Z.
    func date(_ key: String) -> Date? { integer(key).map { Date(timeIntervalSince1970: TimeInterval($0)) } }

    /// A nested `a{sv}`.
    func dictionary(_ key: String) -> Vardict? { values[key].flatMap(Vardict.init) }

    /// A nested `aa{sv}` (empty when missing).
    func dictionaries(_ key: String) -> [Vardict] { values[key]?.arrayElements?.compactMap(Vardict.init) ?? [] }
}
