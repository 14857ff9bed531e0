import Foundation

/// A moment in an episode as a listener writes it: `41:07`, `1:02:30`, `90` or `90.5` (seconds).
enum MomentArgument {
    /// Seconds from the start, or nil when `text` is no such moment.
    static func seconds(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = Double(parts.last!), last >= 0, last.isFinite else { return nil }
        var total = last
        for (index, part) in parts.dropLast().reversed().enumerated() {
            guard let value = Int(part), value >= 0, part.allSatisfy(\.isASCII) else { return nil }
            guard last < 60 else { return nil }
            total += Double(value) * (index == 0 ? 60 : 3600)
        }
        if parts.count == 3, let minutes = Int(parts[1]), minutes >= 60 { return nil }
        return total
    }
}
