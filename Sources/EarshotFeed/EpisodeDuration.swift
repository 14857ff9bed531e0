/// Reads itunes:duration: `HH:MM:SS`, `MM:SS` (minutes may exceed 59, as in `61:08`), plain seconds, and
/// any of those with fractional seconds. Anything else is unknown (nil), never zero.
enum EpisodeDuration {
    /// Seconds, or nil when `text` is not a duration.
    static func seconds(_ text: String) -> Double? {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                  let value = Double(part), value.isFinite else { return nil }
            // Minutes and seconds after the first field must be below 60.
            if index > 0 && value >= 60 { return nil }
            total = total * 60 + value
        }
        return total
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> Substring {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s
    }
}
