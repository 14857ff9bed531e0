import EarshotFeed
import EarshotLocale
import Foundation

/// What values a setting takes, how they are written, and how they read: the one parser behind the
/// configuration file, D-Bus `Set` and `earshot set`.
public enum SettingKind: Sendable {
    /// on or off (true/false, yes/no and 1/0 too); stored as on or off.
    case flag
    /// A decimal number in a range, in `unit` (e.g. "seconds"; empty: none).
    case number(ClosedRange<Double>, unit: String)
    /// A whole number in a range, counting `unit` (e.g. "episodes").
    case count(ClosedRange<Int>, unit: String)
    /// A time like 90s, 30m, 12h, 1d, 2w (a bare number: days), or never.
    case timeSpan
    /// A size like 500MB, 2GiB, 1.5G (K, M, G, T as powers of 1024), or unlimited.
    case size
    /// One of these words.
    case choice([String])
    /// Some of these words, separated by commas, each once (or none).
    case list([String])
    /// An http or https URL.
    case address
    /// Any text that is not empty (an address, a GStreamer description, a folder).
    case text

    /// What a value is, in words, for messages and the README: "on or off", "a number from 0.5 to 3.0", ….
    public var form: String {
        switch self {
        case .flag:
            // TRANSLATORS: the values a setting takes; "on" and "off" are written as they are.
            return tr("on or off")
        case .number(let range, let unit):
            let decimals = [range.lowerBound, range.upperBound].contains { $0 != $0.rounded() } ? 1 : 0
            let bound = { (value: Double) in LocaleFormat.current.decimal(value, fractionDigits: decimals) }
            return Self.numberForm(unit, bound(range.lowerBound), bound(range.upperBound))
        case .count(let range, let unit):
            return Self.numberForm(unit, LocaleFormat.current.integer(range.lowerBound), LocaleFormat.current.integer(range.upperBound))
        case .timeSpan:
            // TRANSLATORS: the values a setting takes; the examples (1d, never…) are written as they are.
            return tr("a time like 1d, 12h, 30m or never")
        case .size:
            // TRANSLATORS: the values a setting takes; the examples (2GiB, unlimited…) are written as they are.
            return tr("a size like 2GiB, 500MB or unlimited")
        case .choice(let words):
            // TRANSLATORS: the values a setting takes: %1$s lists words, %2$s is the last word (written as they are).
            return tr("%1$s or %2$s", words.dropLast().joined(separator: ", "), words.last ?? "")
        case .list(let words):
            // TRANSLATORS: the values a setting takes: %1$s lists words, %2$s is the last word (written as they are, like "none").
            return tr("some of %1$s and %2$s, separated by commas, or none", words.dropLast().joined(separator: ", "), words.last ?? "")
        case .address:
            return tr("an http or https URL")
        case .text:
            return tr("any text")
        }
    }

    /// The names of the units the table counts in, marked for translation.
    private static let units: [String: StaticString] = [
        "seconds": N_("seconds"), "minutes": N_("minutes"), "episodes": N_("episodes"), "downloads": N_("downloads"),
    ]

    /// "a number of seconds from 0 to 60"; "a number from 0.5 to 3.0" without a unit.
    private static func numberForm(_ unit: String, _ lowest: String, _ highest: String) -> String {
        guard !unit.isEmpty else { return tr("a number from %1$s to %2$s", lowest, highest) }
        // TRANSLATORS: the values a setting takes: %1$s is a unit (seconds, minutes, episodes, downloads).
        return tr("a number of %1$s from %2$s to %3$s", units[unit].map { tr(marked: $0) } ?? unit, lowest, highest)
    }

    /// `text` as stored (normalised), or nil when it is not a value of this kind.
    func normalized(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch self {
        case .flag:
            return Self.flag(trimmed).map { $0 ? "on" : "off" }
        case .number(let range, _):
            guard let value = Double(trimmed), value.isFinite, range.contains(value) else { return nil }
            return String(value)
        case .count(let range, _):
            // A number sent over D-Bus as a double reads "5.0": a whole number is its integer.
            guard let value = Double(trimmed), value.isFinite, value == value.rounded(), abs(value) < 1e15,
                  range.contains(Int(value)) else { return nil }
            return String(Int(value))
        case .timeSpan:
            let lowered = trimmed.lowercased()
            return Self.seconds(lowered) == nil ? nil : lowered
        case .size:
            let lowered = trimmed.lowercased()
            return Self.bytes(lowered) == nil ? nil : lowered
        case .choice(let words):
            return words.first { $0 == trimmed.lowercased() }
        case .list(let words):
            return Self.list(trimmed, of: words).map { $0.isEmpty ? "none" : $0.joined(separator: ", ") }
        case .address:
            return WebAddress.http(trimmed)?.absoluteString
        case .text:
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// The words of a list setting (`itunes, fyyd`; `none`: empty), each once, in the order written; nil
    /// when one is not among `words`.
    public static func list(_ text: String, of words: [String]) -> [String]? {
        let written = text.lowercased().split { $0 == "," || $0.isWhitespace }.map(String.init)
        if written == ["none"] { return [] }
        guard !written.isEmpty, written.allSatisfy(words.contains) else { return nil }
        var seen = Set<String>()
        return written.filter { seen.insert($0).inserted }
    }

    /// on/off, true/false, yes/no, 1/0.
    public static func flag(_ text: String?) -> Bool? {
        switch text?.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }

    /// `never` → .some(nil); `90s`, `30m`, `12h`, `1d`, `2w` (a bare number: days) → seconds.
    static func seconds(_ text: String) -> Int64?? {
        if text == "never" { return .some(nil) }
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var number = Substring(text), unit: Int64 = 86_400
        if let last = text.last, let factor = units[last] {
            number = text.dropLast()
            unit = factor
        }
        guard let value = Int64(number.trimmingCharacters(in: .whitespaces)), value >= 0,
              value <= Int64(Int32.max) else { return nil }
        return .some(value * unit)
    }

    /// `unlimited` → .some(nil); `123`, `500K`, `500MB`, `2GiB`, `1.5G` → bytes.
    static func bytes(_ text: String) -> Int64?? {
        if text == "unlimited" || text == "none" { return .some(nil) }
        var rest = text.replacingOccurrences(of: " ", with: "")
        for suffix in ["ib", "b"] where rest.hasSuffix(suffix) {
            rest.removeLast(suffix.count)
            break
        }
        let units: [Character: Double] = ["k": 0x1p10, "m": 0x1p20, "g": 0x1p30, "t": 0x1p40]
        var factor = 1.0
        if let last = rest.last, let unit = units[last] {
            factor = unit
            rest.removeLast()
        }
        guard let value = Double(rest), value.isFinite, value >= 0, value * factor < 9e18 else { return nil }
        return .some(Int64(value * factor))
    }
}
