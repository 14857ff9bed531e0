import EarshotLocale
import EarshotMPRIS
import EarshotTUI
import Foundation

/// The client's records as the rows of the terminal interface.
extension PodcastItem {
    init(_ record: PodcastRecord) {
        self.init(id: record.id, title: record.displayTitle, episodes: record.episodes ?? 0, unplayed: record.unplayed ?? 0,
                  lastChecked: record.lastChecked)
    }
}

extension EpisodeItem {
    init(_ record: EpisodeRecord, downloaded: Bool = false) {
        self.init(id: record.id, title: record.displayTitle, podcastTitle: record.podcastTitle ?? "", released: record.released,
                  duration: record.duration, position: record.position ?? 0, completed: record.completed ?? false,
                  queuePosition: record.queuePosition, starred: record.starred ?? false, current: record.current ?? false,
                  downloaded: downloaded, podcast: record.podcast)
    }
}

extension DownloadRow {
    init(_ item: DownloadItem) {
        self.init(episode: item.episode, title: item.title, podcastTitle: item.podcastTitle, state: item.state, bytes: item.bytes,
                  totalBytes: item.totalBytes, error: item.error)
    }
}

extension DownloadMove {
    /// One entry of `DownloadProgress`'s `a(xsxx)`: episode, state, bytes, size (-1: unknown).
    init?(_ entry: DBusValue) {
        guard case .structure(let fields) = entry, fields.count == 4, let episode = fields[0].int64Value,
              let state = fields[1].stringValue, let bytes = fields[2].int64Value, let total = fields[3].int64Value else { return nil }
        self.init(episode: episode, state: state, bytes: bytes, totalBytes: total < 0 ? nil : total)
    }
}

extension EarshotTUI.FindHit {
    init(_ hit: FindHit) {
        self.init(number: hit.number, podcastTitle: hit.podcastTitle ?? "", episodeTitle: hit.episodeTitle ?? "",
                  place: hit.place, at: hit.at, snippet: hit.snippet)
    }
}

extension NowPlaying {
    /// What Status says plays, known at `now`.
    init(_ status: StatusRecord, now: Date) {
        let sleep = status.sleepTimer.map { timer in
            timer.remaining.map { Clock.time($0) } ?? TUILines.sleepMode(timer.mode)
        }
        self.init(state: State(rawValue: status.status) ?? .stopped, episode: status.episode?.id,
                  title: status.episode?.displayTitle ?? "", podcastTitle: status.podcast?.displayTitle ?? status.episode?.podcastTitle ?? "",
                  position: status.position ?? 0, duration: status.episode?.duration, rate: status.rate ?? 1, sleep: sleep,
                  chapter: status.chapter?.title, known: now)
    }
}

/// Lines of the episode page, the downloads, the history and the stats.
enum TUILines {
    static func page(of episode: EpisodeItem) -> [InfoLine] {
        var lines = [InfoLine(episode.title), InfoLine(episode.podcastTitle), InfoLine("")]
        var facts = [Clock.day(episode.released), Clock.time(episode.duration)]
        if episode.completed { facts.append(trc("episode", "played")) } else if episode.inProgress { facts.append(tr("at %s", Clock.time(episode.position))) }
        if episode.starred { facts.append(trc("episode", "starred")) }
        if let place = episode.queuePosition { facts.append(tr("#%d in Up Next", place)) }
        lines.append(InfoLine(facts.filter { !$0.isEmpty }.joined(separator: " · "),
                              bar: episode.inProgress ? episode.duration.map { episode.position / max(1, $0) } : nil))
        lines.append(InfoLine(tr("Enter plays · m marks played · s stars · d downloads · a adds to Up Next")))
        return lines
    }

    static func chapters(_ chapters: [ChapterRecord]) -> [InfoLine] {
        guard !chapters.isEmpty else { return [] }
        return [InfoLine(""), InfoLine(tr("Chapters"))] + chapters.map { chapter in
            InfoLine((chapter.current ? "▶ " : "  ") + Clock.time(chapter.start) + "  " + chapter.title + (chapter.link.map { "  <\($0)>" } ?? ""))
        }
    }

    static func transcript(_ transcript: TranscriptRecord) -> [InfoLine] {
        guard !transcript.segments.isEmpty else { return [] }
        return [InfoLine(""), InfoLine(tr("Transcript (Enter plays from a line)"))] + transcript.segments.map { line in
            InfoLine((line.start.map { Clock.time($0) + "  " } ?? "") + (line.speaker.map { $0 + ": " } ?? "") + line.text, at: line.start)
        }
    }

    /// Show notes, a line a paragraph, then the addresses they link to.
    static func notes(_ text: String, links: [String]) -> [InfoLine] {
        let paragraphs = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var lines = paragraphs.isEmpty ? [] : [InfoLine(""), InfoLine(tr("Show notes"))] + paragraphs.map { InfoLine($0) }
        if !links.isEmpty {
            lines += [InfoLine(""), InfoLine(tr("Links"))] + links.enumerated().map { InfoLine("[\($0.offset + 1)] " + $0.element) }
        }
        return lines
    }

    /// The sleep timer's mode in words ("end-of-episode" → "end of episode").
    static func sleepMode(_ mode: String) -> String {
        switch mode {
        case "end-of-episode": tr("end of episode")
        case "end-of-chapter": tr("end of chapter")
        default: mode.replacingOccurrences(of: "-", with: " ")
        }
    }

    static func history(_ entries: [HistoryEntry]) -> [InfoLine] {
        entries.map { entry in
            InfoLine(Clock.day(entry.started) + "  " + (entry.title ?? "") + " — " + (entry.podcastTitle ?? ""),
                     trailing: Clock.time(entry.listened) + (entry.finished == true ? " ✓" : ""))
        }
    }

    /// Time listened per week (from the history), per month and per podcast, as bars against the largest.
    static func stats(_ stats: StatsRecord, weeks: [(name: String, listened: Double)] = []) -> [InfoLine] {
        func bars(_ lines: [(name: String, listened: Double)]) -> [InfoLine] {
            let most = max(1, lines.map(\.listened).max() ?? 1)
            return lines.map { InfoLine($0.name, bar: $0.listened / most, trailing: Clock.time($0.listened)) }
        }
        let sessions = stats.all.sessions
        let all = InfoLine(trn("All: %1$s listened in %2$d session, %3$d finished", "All: %1$s listened in %2$d sessions, %3$d finished",
                               sessions, Clock.time(stats.all.listened), sessions, stats.all.finished))
        let perWeek = weeks.isEmpty ? [] : [InfoLine(""), InfoLine(tr("Per week"))] + bars(weeks)
        return [all] + perWeek + [InfoLine(""), InfoLine(tr("Per month"))] + bars(stats.months.map { ($0.name, $0.listened) })
            + [InfoLine(""), InfoLine(tr("Per podcast"))] + bars(stats.podcasts.map { ($0.name, $0.listened) })
    }

    /// The time listened in each of the `count` weeks (Monday to Sunday, local time) up to the one of
    /// `now`, latest first, from the history's stretches (each counted in the week it started).
    static func weeks(_ entries: [HistoryEntry], now: Date, count: Int = 12) -> [(name: String, listened: Double)] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .current
        guard let thisWeek = calendar.dateInterval(of: .weekOfYear, for: now)?.start else { return [] }
        let starts = (0..<count).compactMap { calendar.date(byAdding: .weekOfYear, value: -$0, to: thisWeek) }
        var listened = [Double](repeating: 0, count: starts.count)
        for entry in entries {
            guard let started = entry.started, let index = starts.firstIndex(where: { started >= $0 }) else { continue }
            listened[index] += max(0, entry.listened ?? 0)
        }
        return zip(starts, listened).map { (tr("week of %s", Clock.day($0)), $1) }
    }
}
