import Foundation

/// `earshot history` and `earshot stats` as text.
enum HistoryText {
    /// One row per stretch of listening: when, for how long, which episode, where in it, on which device.
    static func render(_ entries: [HistoryEntry], width: Int?, timeZone: TimeZone = .current) -> String {
        guard !entries.isEmpty else { return "Nothing heard yet." }
        var table = TextTable(columns: [
            .init(header: "when"), .init(header: "listened", alignRight: true), .init(header: "from–to"),
            .init(header: "rate", alignRight: true), .init(header: "device"), .init(header: "podcast", flexible: true),
            .init(header: "episode", flexible: true),
        ])
        table.rows = entries.map { entry in
            [
                entry.started.map { moment($0, timeZone: timeZone) } ?? "?",
                TimeText.clock(entry.listened),
                "\(TimeText.clock(entry.startPosition))–\(TimeText.clock(entry.endPosition))\(entry.finished == true ? " ✓" : "")",
                entry.rate.map { rate($0) } ?? "",
                entry.device ?? "",
                entry.podcastTitle ?? "",
                (entry.episode == nil ? "" : "#\(entry.episode!) ") + (entry.title ?? "(untitled episode)"),
            ]
        }
        return table.render(width: width)
    }

    /// In all, where the time went, per podcast (most listened first) and per month.
    static func render(_ stats: StatsRecord, width: Int?) -> String {
        guard stats.all.sessions > 0 else { return "Nothing heard yet." }
        let all = stats.all
        var lines = [
            "Listened for \(hours(all.listened)), to \(hours(all.audio)) of audio, in \(count(all.sessions, "sitting")); "
                + "\(count(all.finished, "episode")) finished.",
            "Saved \(hours(all.savedBySpeed + all.savedBySilence)): \(hours(all.savedBySpeed)) by speed, "
                + "\(hours(all.savedBySilence)) by trimmed silences; \(hours(all.skipped)) of intros and outros skipped.",
            "",
        ]
        lines.append(table(stats.podcasts, first: "podcast", width: width))
        lines.append("")
        lines.append(table(stats.months, first: "month", width: width))
        return lines.joined(separator: "\n")
    }

    private static func table(_ rows: [StatsRecord.Line], first: String, width: Int?) -> String {
        var table = TextTable(columns: [
            .init(header: first, flexible: true), .init(header: "listened", alignRight: true),
            .init(header: "audio", alignRight: true), .init(header: "finished", alignRight: true),
            .init(header: "saved: speed", alignRight: true), .init(header: "silence", alignRight: true),
            .init(header: "skipped", alignRight: true),
        ])
        table.rows = rows.map { line in
            [line.name, hours(line.listened), hours(line.audio), String(line.finished), hours(line.savedBySpeed),
             hours(line.savedBySilence), hours(line.skipped)]
        }
        return table.render(width: width)
    }

    /// "1 sitting", "3 sittings".
    private static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// Seconds as "3 h 05 min", "12 min", "40 s" (a minus sign when negative).
    static func hours(_ seconds: Double) -> String {
        let total = Int(abs(seconds).rounded())
        let sign = seconds < 0 && total > 0 ? "−" : ""
        if total < 60 { return "\(sign)\(total) s" }
        let minutes = total / 60
        return minutes < 60 ? "\(sign)\(minutes) min" : sign + String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }

    private static func rate(_ rate: Double) -> String {
        rate == rate.rounded() ? "\(Int(rate))×" : String(format: "%g×", rate)
    }

    private static func moment(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
