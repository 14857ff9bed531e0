import EarshotFeed
import EarshotLocale

/// The one-line progress bar of a long job: `Importing [=====>    ] 12/40  ~2 min left  https://…`,
/// cut to fit `width` columns (less one, so the terminal never wraps it); the item's control and bidi
/// characters are shown as visible escapes.
enum ProgressBar {
    static let barWidth = 20

    static func render(label: String, done: Int, total: Int, remaining: Double?, item: String, width: Int) -> String {
        let total = max(total, 1), done = min(max(done, 0), total)
        let filled = barWidth * done / total
        let bar = String(repeating: "=", count: filled)
            + (filled < barWidth ? ">" + String(repeating: " ", count: barWidth - filled - 1) : "")
        var line = "\(label) [\(bar)] \(done)/\(total)"
        // TRANSLATORS: the time a long job has left, after its progress bar: "~3 min left".
        if let remaining { line += "  " + tr("~%s left", TimeText.approximate(remaining)) }
        let room = width - 1 - line.displayWidth - 2
        if !item.isEmpty, room >= 8 { line += "  " + SafeText.escaped(item).truncated(toWidth: room) }
        return line.truncated(toWidth: max(width - 1, 1))
    }
}

/// When a progress line may be redrawn: at most once per `interval` seconds, except the first and
/// the last (done == total), which are always drawn.
struct ProgressThrottle {
    var interval: Double = 0.1
    private var lastDrawn: Double?

    init(interval: Double = 0.1) { self.interval = interval }

    mutating func shouldDraw(at time: Double, final: Bool) -> Bool {
        if final || lastDrawn == nil || time - lastDrawn! >= interval {
            lastDrawn = time
            return true
        }
        return false
    }
}

/// The time a job has left, from the pace so far: nil until a feed is done and a second has passed.
enum ProgressEstimate {
    static func remaining(elapsed: Double, done: Int, total: Int) -> Double? {
        guard done > 0, done < total, elapsed >= 1 else { return nil }
        return elapsed / Double(done) * Double(total - done)
    }
}
