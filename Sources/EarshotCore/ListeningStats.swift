import EarshotLocale
import EarshotStore
import Foundation

/// How much was listened, computed from the history, so it is exact: wall time listened, audio gone
/// by, and the difference explained — speed, trimmed silences — beside the audio the intro and outro
/// rules skipped. Per podcast, per month and in all.
public struct ListeningStats: Sendable, Equatable {
    /// One line of the statistics.
    public struct Line: Sendable, Equatable {
        /// What it counts (a podcast's title, a month `YYYY-MM`, or "all").
        public var name: String
        /// The podcast, for per-podcast lines while subscribed.
        public var podcast: PodcastID?
        public var sessions = 0
        /// Stretches that ended with the episode finished.
        public var finished = 0
        /// Seconds of wall time listened.
        public var listened = 0.0
        /// Seconds of audio gone by (trimmed silences included).
        public var audio = 0.0
        /// Seconds saved by silence trimming (audio left out).
        public var savedBySilence = 0.0
        /// Seconds skipped by the intro and outro rules (not in `audio`).
        public var skipped = 0.0

        /// Seconds saved by playing faster than 1× (negative when slower): the audio heard minus the
        /// time it took. `listened + savedBySpeed + savedBySilence == audio`.
        public var savedBySpeed: Double { audio - savedBySilence - listened }

        mutating func add(_ totals: ListeningTotals) {
            sessions += totals.sessions
            finished += totals.finished
            listened += totals.wallTime
            audio += totals.span
            savedBySilence += totals.trimmed
            skipped += totals.skipped
        }
    }

    /// Everything together.
    public var all: Line
    /// Per podcast, most listened first.
    public var podcasts: [Line]
    /// Per month, latest first.
    public var months: [Line]

    /// The statistics of the store's totals: everything is the months added up.
    public init(_ totals: ListeningBreakdown) {
        var all = Line(name: "all")
        for month in totals.months { all.add(month) }
        self.all = all
        podcasts = totals.podcasts.map { total in
            var line = Line(name: total.podcastTitle ?? tr("(untitled)"), podcast: total.podcast)
            line.add(total)
            return line
        }.sorted { ($0.listened, $1.name) > ($1.listened, $0.name) }
        months = totals.months.map { total in
            var line = Line(name: total.month ?? "")
            line.add(total)
            return line
        }.sorted { $0.name > $1.name }
    }
}
