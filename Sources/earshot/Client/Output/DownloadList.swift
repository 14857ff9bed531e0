import EarshotFeed
import Foundation

/// `earshot downloads` as text: the running ones first, each with a progress bar, its rate and the time
/// left; then the waiting, the failed (with the reason and the next try) and the completed ones. Titles and
/// reasons show control and bidi characters as visible escapes.
enum DownloadList {
    static func render(_ items: [DownloadItem], width: Int?, now: Date = Date()) -> String {
        guard !items.isEmpty else { return "No downloads. Download an episode with earshot download EPISODE." }
        let order = ["downloading", "queued", "failed", "completed"]
        let sorted = items.enumerated().sorted { a, b in
            let (x, y) = (order.firstIndex(of: a.element.state) ?? 9, order.firstIndex(of: b.element.state) ?? 9)
            return (x, a.offset) < (y, b.offset)
        }.map(\.element)
        let limit = max((width ?? 100) - 1, 20)
        return sorted.map { item in
            let name = "#\(item.episode) \(item.title ?? "episode \(item.episode)")"
            let show = item.podcastTitle.map { " (\($0))" } ?? ""
            return SafeText.escaped(name + show).truncated(toWidth: limit) + "\n  "
                + SafeText.escaped(detail(item, now: now)).truncated(toWidth: limit - 2)
        }.joined(separator: "\n")
    }

    static func detail(_ item: DownloadItem, now: Date) -> String {
        let bytes = item.bytes ?? 0
        switch item.state {
        case "downloading":
            var line: String
            if let total = item.totalBytes, total > 0 {
                let filled = Int(Double(ProgressBar.barWidth) * min(1, Double(bytes) / Double(total)))
                let bar = String(repeating: "=", count: filled)
                    + (filled < ProgressBar.barWidth ? ">" + String(repeating: " ", count: ProgressBar.barWidth - filled - 1) : "")
                line = "[\(bar)] \(Int(100 * Double(bytes) / Double(total)))%  \(size(bytes)) of \(size(total))"
            } else {
                line = "downloading  \(size(bytes))"
            }
            if let rate = item.rate { line += "  \(size(Int64(rate)))/s" }
            if let eta = item.eta { line += "  ~\(TimeText.approximate(eta)) left" }
            return line
        case "queued":
            return bytes > 0 ? "waiting (\(size(bytes)) already here)" : "waiting"
        case "failed":
            var line = "failed: \(item.error ?? "no reason given")"
            if let next = item.nextAttempt { line += "; trying again in \(TimeText.approximate(max(0, next.timeIntervalSince(now))))" }
            return line
        case "completed":
            return "downloaded, \(size(bytes))" + (item.path.map { "  \($0)" } ?? "")
        default:
            return item.state
        }
    }

    /// 512 B, 12.3 KB, 45.6 MB, 1.2 GB (powers of 1024, as disk tools show them).
    static func size(_ bytes: Int64) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard bytes >= 1024 else { return "\(bytes) B" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }
}
