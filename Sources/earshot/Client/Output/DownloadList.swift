import EarshotFeed
import EarshotLocale
import Foundation

/// `earshot downloads` as text: the running ones first, each with a progress bar, its rate and the time
/// left; then the waiting, the failed (with the reason and the next try) and the completed ones. Titles and
/// reasons show control and bidi characters as visible escapes.
enum DownloadList {
    static func render(_ items: [DownloadItem], width: Int?, now: Date = Date()) -> String {
        // TRANSLATORS: "earshot download EPISODE" is a command: keep it as it is.
        guard !items.isEmpty else { return tr("No downloads. Download an episode with earshot download EPISODE.") }
        let order = ["downloading", "queued", "failed", "completed"]
        let sorted = items.enumerated().sorted { a, b in
            let (x, y) = (order.firstIndex(of: a.element.state) ?? 9, order.firstIndex(of: b.element.state) ?? 9)
            return (x, a.offset) < (y, b.offset)
        }.map(\.element)
        let limit = max((width ?? 100) - 1, 20)
        return sorted.map { item in
            // TRANSLATORS: an episode without a title, named by its number.
            let title = item.title ?? tr("episode %d", Int(item.episode))
            let name = "#\(item.episode) \(title)"
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
                // TRANSLATORS: how much of a download is here, as a percentage.
                line = "[\(bar)] " + tr("%d%%", Int(100 * Double(bytes) / Double(total)))
                // TRANSLATORS: the bytes downloaded of the file's size: "12.3 MB of 45.6 MB".
                    + "  " + tr("%1$s of %2$s", size(bytes), size(total))
            } else {
                // TRANSLATORS: a download's state, followed by the bytes so far: "downloading  12.3 MB".
                line = trc("download state", "downloading") + "  " + size(bytes)
            }
            // TRANSLATORS: a download's rate: "1.2 MB/s".
            if let rate = item.rate { line += "  " + tr("%s/s", size(Int64(rate))) }
            // TRANSLATORS: the time a download has left: "~3 min left".
            if let eta = item.eta { line += "  " + tr("~%s left", TimeText.approximate(eta)) }
            return line
        case "queued":
            // TRANSLATORS: a download waiting its turn, of which a part is downloaded already: "waiting (1.2 MB already here)".
            return bytes > 0 ? tr("waiting (%s already here)", size(bytes)) : trc("download state", "waiting")
        case "failed":
            // TRANSLATORS: a failed download has no cause to show.
            let reason = item.error ?? tr("no reason given")
            guard let next = item.nextAttempt else { return tr("failed: %s", reason) }
            // TRANSLATORS: a failed download: the cause, then when it is tried again ("in 3 min").
            return tr("failed: %1$s; trying again in %2$s", reason, TimeText.approximate(max(0, next.timeIntervalSince(now))))
        case "completed":
            // TRANSLATORS: a completed download and the size of its file.
            return tr("downloaded, %s", size(bytes)) + (item.path.map { "  \($0)" } ?? "")
        default:
            return item.state
        }
    }

    /// 512 B, 12.3 KB, 45.6 MB, 1.2 GB (powers of 1024, as disk tools show them), with the locale's
    /// decimal sign.
    static func size(_ bytes: Int64) -> String {
        // TRANSLATORS: a size in bytes: "512 B".
        guard bytes >= 1024 else { return trn("%d B", "%d B", Int(bytes), Int(bytes)) }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < 3 {
            value /= 1024
            unit += 1
        }
        let number = LocaleFormat.current.decimal(value, fractionDigits: 1)
        switch unit {
        // TRANSLATORS: a size in kilobytes (1024 bytes), the number with one decimal: "12.3 KB".
        case 0: return tr("%s KB", number)
        // TRANSLATORS: a size in megabytes: "45.6 MB".
        case 1: return tr("%s MB", number)
        // TRANSLATORS: a size in gigabytes: "1.2 GB".
        case 2: return tr("%s GB", number)
        // TRANSLATORS: a size in terabytes: "1.2 TB".
        default: return tr("%s TB", number)
        }
    }
}
