import EarshotLocale
import Foundation

/// `earshot history` and `earshot stats` as text, with the locale's days, times and numbers.
enum HistoryText {
    /// One row per stretch of listening: when, for how long, which episode, where in it, on which device.
    static func render(_ entries: [HistoryEntry], width: Int?, timeZone: TimeZone = .current) -> String {
        guard !entries.isEmpty else { return tr("Nothing heard yet.") }
        // TRANSLATORS: column headings of `earshot history`; a column widens to fit its heading, so keep them short.
        var table = TextTable(columns: [
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "when")), .init(header: trc("column heading", "listened"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "from–to")), .init(header: trc("column heading", "rate"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "device")), .init(header: trc("column heading", "podcast"), flexible: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "episode"), flexible: true),
        ])
        table.rows = entries.map { entry -> [String] in
            let when: String = entry.started.map { LocaleFormat.current.dayAndTime($0, timeZone: timeZone) } ?? "?"
            let span: String = "\(TimeText.clock(entry.startPosition))–\(TimeText.clock(entry.endPosition))\(entry.finished == true ? " ✓" : "")"
            let rate: String = entry.rate.map { NumberText.short($0) + "×" } ?? ""
            let number: String = entry.episode.map { "#\($0) " } ?? ""
            let title: String = entry.title ?? tr("(untitled episode)")
            return [when, TimeText.clock(entry.listened), span, rate, entry.device ?? "", entry.podcastTitle ?? "", number + title]
        }
        return table.render(width: width)
    }

    /// In all, where the time went, per podcast (most listened first) and per month.
    static func render(_ stats: StatsRecord, width: Int?) -> String {
        guard stats.all.sessions > 0 else { return tr("Nothing heard yet.") }
        let all = stats.all
        let figures = LocaleFormat.current
        // TRANSLATORS: a count of times a person sat down to listen, used in "in %3$s" of the stats' first line.
        let sittings = trn("%s sitting", "%s sittings", all.sessions, figures.integer(all.sessions))
        // TRANSLATORS: a count of episodes heard to the end, used in "%4$s finished" of the stats' first line.
        let finished = trn("%s episode", "%s episodes", all.finished, figures.integer(all.finished))
        var lines = [
            // TRANSLATORS: the first line of `earshot stats`: time listened, length of the audio heard, "3 sittings",
            // "12 episodes"; "3 h 05 min" style durations.
            tr("Listened for %1$s, to %2$s of audio, in %3$s; %4$s finished.", hours(all.listened), hours(all.audio), sittings, finished),
            // TRANSLATORS: the second line of `earshot stats`: the time saved in all, then by playing faster, then by
            // trimming silences, and the time of intros and outros skipped.
            tr("Saved %1$s: %2$s by speed, %3$s by trimmed silences; %4$s of intros and outros skipped.",
               hours(all.savedBySpeed + all.savedBySilence), hours(all.savedBySpeed), hours(all.savedBySilence), hours(all.skipped)),
            "",
        ]
        // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
        lines.append(table(stats.podcasts, first: trc("column heading", "podcast"), width: width))
        lines.append("")
        // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
        lines.append(table(stats.months, first: trc("column heading", "month"), width: width))
        return lines.joined(separator: "\n")
    }

    private static func table(_ rows: [StatsRecord.Line], first: String, width: Int?) -> String {
        // TRANSLATORS: column headings of `earshot stats`; a column widens to fit its heading, so keep them short.
        // "saved: speed" is the time saved by playing faster, "silence" the time saved by trimming silences.
        var table = TextTable(columns: [
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: first, flexible: true), .init(header: trc("column heading", "listened"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "audio"), alignRight: true), .init(header: trc("column heading", "finished"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "saved: speed"), alignRight: true), .init(header: trc("column heading", "silence"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "skipped"), alignRight: true),
        ])
        table.rows = rows.map { line in
            [line.name, hours(line.listened), hours(line.audio), LocaleFormat.current.integer(line.finished), hours(line.savedBySpeed),
             hours(line.savedBySilence), hours(line.skipped)]
        }
        return table.render(width: width)
    }

    /// Seconds as "3 h 05 min", "12 min", "40 s" (a minus sign when negative), the numbers as the locale
    /// writes them.
    static func hours(_ seconds: Double) -> String {
        let total = Int(abs(seconds).rounded())
        let sign = seconds < 0 && total > 0 ? "−" : ""
        let figures = LocaleFormat.current
        // TRANSLATORS: a time listened or saved, in seconds; %s is the number (with a minus sign when negative).
        if total < 60 { return trn("%s s", "%s s", total, sign + figures.integer(total)) }
        let minutes = total / 60
        // TRANSLATORS: a time listened or saved, in minutes; %s is the number (with a minus sign when negative).
        if minutes < 60 { return trn("%s min", "%s min", minutes, sign + figures.integer(minutes)) }
        let padded = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
        // TRANSLATORS: a time listened or saved, hours then minutes: "3 h 05 min"; %2$s is always two digits.
        return tr("%1$s h %2$s min", sign + figures.integer(minutes / 60), padded)
    }
}
