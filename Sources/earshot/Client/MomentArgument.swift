import Foundation

/// A moment in an episode as a listener writes it: `41:07`, `1:02:30`, `90` or `90.5` (seconds).
enum MomentArgument {
    /// Seconds from the start, or nil when `text` is no such moment.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...3).contains(parts.count), let seconds = Double(parts.last!), seconds.isFinite, seconds >= 0 else { return nil }
        guard parts.count > 1 else { return seconds }
        let units = parts.dropLast().compactMap { $0.allSatisfy(\.isASCII) ? Int($0) : nil }
        // Whole hours and minutes; below the largest unit written, minutes and seconds stay under 60.
        guard units.count == parts.count - 1, units.allSatisfy({ $0 >= 0 }), seconds < 60, units.dropFirst().allSatisfy({ $0 < 60 })
        else { return nil }
        return units.reduce(0) { $0 * 60 + Double($1) } * 60 + seconds
    }
}
