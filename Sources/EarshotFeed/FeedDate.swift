import Foundation

/// Reads the dates podcast feeds write: RFC 822 (RSS pubDate) with or without a weekday, with numeric
/// or named zones, plus the common broken variants (full month or weekday names, no comma, two-digit
/// years, missing seconds or zone, `+01:00` zones), and RFC 3339 / ISO 8601 (Atom, some RSS).
///
/// Hand-written over the UTF-8 bytes: a feed has thousands of dates and `DateFormatter` costs more
/// than the rest of the parse.
public enum FeedDate {
    /// The instant `text` denotes, or nil when it is not a date.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            let trimmed = trim(bytes)
            guard !trimmed.isEmpty else { return nil }
            if let seconds = parseISO8601(trimmed) ?? parseRFC822(trimmed) {
                return Date(timeIntervalSince1970: seconds)
            }
            return nil
        }
    }

    // MARK: RFC 822 and its relatives

    private static func parseRFC822(_ s: UnsafeBufferPointer<UInt8>) -> Double? {
        var day: Int?, month: Int?, year: Int?, time: (Int, Int, Double)?, offset: Int?
        for token in tokens(s) {
            if let t = parseClock(token) {
                guard time == nil else { return nil }
                time = t
            } else if let first = token.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                offset = parseNumericZone(token.dropFirst(), negative: first == UInt8(ascii: "-"))
                if offset == nil { return nil }
            } else if let number = parseInt(token) {
                if token.count >= 3 || day != nil && month != nil && year == nil && time == nil {
                    guard year == nil else { return nil }
                    year = number
                } else if day == nil {
                    day = number
                } else if year == nil {
                    year = number
                } else { return nil }
            } else if let m = monthNumber(token) {
                guard month == nil else { return nil }
                month = m
            } else if let z = namedZoneOffset(token) {
                offset = z
            } else if isWeekday(token) {
                continue
            } else {
                return nil
            }
        }
        guard let day, let month, var year else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        let (hour, minute, second) = time ?? (0, 0, 0)
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                       offsetSeconds: offset ?? 0)
    }

    /// Splits on spaces and commas; a zone glued to the clock (`22:00:12+0000`) is split off.
    private static func tokens(_ s: UnsafeBufferPointer<UInt8>) -> [Slice<UnsafeBufferPointer<UInt8>>] {
        var result: [Slice<UnsafeBufferPointer<UInt8>>] = []
        var start = s.startIndex
        var i = s.startIndex
        func flush(_ end: Int) { if start < end { result.append(s[start..<end]) } }
        while i < s.endIndex {
            let c = s[i]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: ",") || c == UInt8(ascii: "\t") {
                flush(i)
                start = i + 1
            } else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && i > start && s[i - 1] >= 0x30 && s[i - 1] <= 0x39
                        && s[start..<i].contains(UInt8(ascii: ":")) {
                flush(i)
                start = i
            }
            i += 1
        }
        flush(s.endIndex)
        return result
    }

    private static func parseClock(_ t: Slice<UnsafeBufferPointer<UInt8>>) -> (Int, Int, Double)? {
        guard t.contains(UInt8(ascii: ":")) else { return nil }
        let parts = t.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let h = parseInt(parts[0]), let m = parseInt(parts[1]), h < 24, m < 60 else { return nil }
        var sec = 0.0
        if parts.count == 3 {
            guard let s = parseDecimal(parts[2]), s < 61 else { return nil }
            sec = s
        }
        return (h, m, sec)
    }

    private static func parseNumericZone(_ t: Slice<UnsafeBufferPointer<UInt8>>, negative: Bool) -> Int? {
        let digits = t.filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let (h, m) = digits.count == 4 ? (value / 100, value % 100) : (value, 0)
        guard h <= 14, m < 60 else { return nil }
        return (negative ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// Month, weekday and zone names, keyed by their lower-case ASCII bytes packed into an integer, so
    /// that looking a word up allocates nothing.
    private static let monthsByName: [UInt64: Int] = {
        let short = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let long = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                    "october", "november", "december"]
        var table: [UInt64: Int] = ["sept".packedKey: 9]
        for (index, name) in short.enumerated() { table[name.packedKey] = index + 1 }
        for (index, name) in long.enumerated() { table[name.packedKey] = index + 1 }
        return table
    }()

    private static let weekdays: Set<UInt64> = Set(
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "tues", "thur", "thurs", "monday", "tuesday",
         "wednesday", "thursday", "friday", "saturday", "sunday"].map(\.packedKey))

    /// RFC 822 zone names, and a few that feeds use although RFC 822 does not name them (hours east of UTC).
    private static let zoneOffsets: [UInt64: Int] = {
        let zones: [String: Int] = [
            "ut": 0, "utc": 0, "gmt": 0, "z": 0,
            "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
            "bst": 1, "cet": 1, "cest": 2, "eet": 2, "eest": 3, "wet": 0, "west": 1,
            "jst": 9, "kst": 9, "aest": 10, "aedt": 11, "nzst": 12, "nzdt": 13, "hkt": 8, "sgt": 8,
        ]
        return Dictionary(uniqueKeysWithValues: zones.map { ($0.key.packedKey, $0.value * 3600) })
    }()

    /// The token's letters in lower case packed into an integer (a trailing `.` ignored); nil when the
    /// token is not a short word of ASCII letters.
    private static func packedKey(_ t: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        var word = t
        if word.last == UInt8(ascii: ".") { word = word.dropLast() }
        guard !word.isEmpty, word.count <= 9 else { return nil }
        var key: UInt64 = 0
        for c in word {
            let lower = c | 0x20
            guard lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") else { return nil }
            key = key << 5 | UInt64(lower - UInt8(ascii: "a") + 1)
        }
        return key
    }

    private static func monthNumber(_ t: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        packedKey(t).flatMap { monthsByName[$0] }
    }

    private static func isWeekday(_ t: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        packedKey(t).map { weekdays.contains($0) } ?? false
    }

    private static func namedZoneOffset(_ t: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        packedKey(t).flatMap { zoneOffsets[$0] }
    }

    // MARK: RFC 3339 / ISO 8601

    private static func parseISO8601(_ s: UnsafeBufferPointer<UInt8>) -> Double? {
        // YYYY-MM-DD
        guard s.count >= 10, s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"),
              let year = parseInt(s[0..<4]), let month = parseInt(s[5..<7]), let day = parseInt(s[8..<10])
        else { return nil }
        var i = 10
        var hour = 0, minute = 0, second = 0.0, offset = 0
        if i < s.count, s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: "t") || s[i] == UInt8(ascii: " ") {
            i += 1
            var end = i
            while end < s.count, (s[end] >= 0x30 && s[end] <= 0x39) || s[end] == UInt8(ascii: ":") || s[end] == UInt8(ascii: ".") {
                end += 1
            }
            guard let clock = parseClock(s[i..<end]) else { return nil }
            (hour, minute, second) = clock
            i = end
            while i < s.count, s[i] == UInt8(ascii: " ") { i += 1 }
            if i < s.count {
                let c = s[i]
                if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
                    i += 1
                } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                    guard let z = parseNumericZone(s[(i + 1)...], negative: c == UInt8(ascii: "-")) else { return nil }
                    offset = z
                    i = s.count
                } else if let z = namedZoneOffset(s[i...]) {
                    offset = z
                    i = s.count
                }
            }
        }
        guard i == s.count else { return nil }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                       offsetSeconds: offset)
    }

    // MARK: Arithmetic

    private static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double,
                                offsetSeconds: Int) -> Double? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (1000...9999).contains(year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 - offsetSeconds) + second
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func trim(_ s: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lo = s.startIndex, hi = s.endIndex
        while lo < hi, s[lo] <= 0x20 { lo += 1 }
        while hi > lo, s[hi - 1] <= 0x20 { hi -= 1 }
        return UnsafeBufferPointer(rebasing: s[lo..<hi])
    }

    private static func parseInt<C: Collection<UInt8>>(_ t: C) -> Int? {
        guard !t.isEmpty, t.count <= 9 else { return nil }
        var value = 0
        for c in t {
            guard c >= 0x30 && c <= 0x39 else { return nil }
            value = value * 10 + Int(c - 0x30)
        }
        return value
    }

    private static func parseDecimal<C: Collection<UInt8>>(_ t: C) -> Double? {
        guard let dot = t.firstIndex(of: UInt8(ascii: ".")) else { return parseInt(t).map(Double.init) }
        guard let whole = parseInt(t[t.startIndex..<dot]) else { return nil }
        let fraction = t[t.index(after: dot)...]
        guard let f = parseInt(fraction.prefix(9)) else { return fraction.isEmpty ? Double(whole) : nil }
        return Double(whole) + Double(f) / pow(10, Double(min(fraction.count, 9)))
    }
}

private extension String {
    /// The same packing as `FeedDate.packedKey`, for building the tables.
    var packedKey: UInt64 {
        utf8.reduce(0) { $0 << 5 | UInt64($1 - UInt8(ascii: "a") + 1) }
    }
}
