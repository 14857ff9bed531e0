import Foundation

/// Directory replies are read field by field and forgivingly: a field that is missing, null or of
/// another kind than documented (a number sent as text, a list where one value was expected) reads as
/// nil rather than failing the whole reply, and one entry that cannot be read at all is left out (see
/// `Lenient`). Only the fields a reply cannot do without are required.
extension KeyedDecodingContainer {
    /// Text: a string, or a number written out; nil when empty.
    func text(_ key: Key) -> String? {
        if let string = try? decodeIfPresent(String.self, forKey: key) {
            let trimmed = String(string.trimmingWhitespace())
            return trimmed.isEmpty ? nil : trimmed
        }
        if let number = try? decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        return nil
    }

    /// Text that may hold HTML or entities (`Tom &amp; Jerry`, `<b>Show</b>`), as plain text on one line.
    func plainText(_ key: Key) -> String? {
        guard let raw = text(key) else { return nil }
        let plain = PlainText.from(raw).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return plain.isEmpty ? nil : plain
    }

    /// A whole number that is not negative: a JSON number, or digits in a string.
    func count(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) {
            guard number.isFinite, number >= 0, number < 1e15, number == number.rounded() else { return nil }
            return Int(number)
        }
        return text(key).flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// An http or https address.
    func link(_ key: Key) -> URL? { text(key).flatMap(WebAddress.http) }

    /// An instant written as seconds since 1970 (a number or digits).
    func unixTime(_ key: Key) -> Date? {
        guard let seconds = count(key), seconds > 0, seconds < 32_503_680_000 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// An instant written as a date (ISO 8601, RFC 822, or `2017-04-13 02:03:27`, taken as UTC).
    func date(_ key: Key) -> Date? {
        guard let text = text(key) else { return nil }
        return FeedDate.parse(text) ?? FeedDate.parse(text.replacingOccurrences(of: " ", with: "T") + "Z")
    }
}

/// A value that may fail to decode: `value` is nil then, and the list it is in goes on.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: Decoder) throws { value = try? Value(from: decoder) }
}
