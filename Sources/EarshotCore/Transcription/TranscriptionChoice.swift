import EarshotLocale
import EarshotStore
import Foundation

/// The rules of which episode is transcribed next and why one is not, as pure functions.
public enum TranscriptionChoice {
    /// Whether an engine that hears `languages` can hear a feed in `feedLanguage`: the primary
    /// subtags match, case aside (`en-US` is `en`). A feed that declares none is tried.
    public static func knows(_ languages: [String], _ feedLanguage: String?) -> Bool {
        guard let feedLanguage = primary(feedLanguage) else { return true }
        return languages.contains { primary($0) == feedLanguage }
    }

    /// Why `engine` does not transcribe an episode of a feed in `feedLanguage`, or nil when it does.
    public static func languageReason(_ feedLanguage: String?, engine: EngineDescription) -> String? {
        guard !knows(engine.languages, feedLanguage), let feedLanguage else { return nil }
        // TRANSLATORS: %1$s is a language code (fr), %2$s the transcriber's name, %3$s the codes it knows (de, en).
        return tr("its feed's language is %1$s, which the transcriber (%2$s) does not know (it knows %3$s)",
                  feedLanguage, "\(engine.generator)", engine.languages.joined(separator: ", "))
    }

    /// Whether the `transcribe` setting is on for a podcast: its own value, else the library's, else on.
    public static func isOn(podcast: String?, library: String?) -> Bool {
        (podcast ?? library).flatMap(SettingKind.flag) ?? true
    }

    /// The next episode to transcribe: the first of `requested` (in the listener's order) that is
    /// downloaded, in a language the engine knows and not waiting after a failure; else, of the
    /// downloaded episodes in `automatic`, those whose feed offers no transcript, whose setting is on,
    /// in a language the engine knows and not waiting: in-progress ones first, then the newest.
    public static func next(requested: [TranscriptionCandidate], automatic: [TranscriptionCandidate], libraryOn: String?,
                            engine: EngineDescription, waiting: Set<EpisodeID>,
                            downloaded: Set<EpisodeID>) -> TranscriptionCandidate? {
        let hearable = { (candidate: TranscriptionCandidate) in
            !waiting.contains(candidate.episode) && knows(engine.languages, candidate.language) && downloaded.contains(candidate.episode)
        }
        if let first = requested.first(where: hearable) { return first }
        return automatic.filter { candidate in
            !candidate.offersTranscript && isOn(podcast: candidate.podcastSetting, library: libraryOn) && hearable(candidate)
        }.sorted(by: comesFirst).first
    }

    /// In-progress (listened to, not finished) before the rest, then the newest, then the highest id.
    static func comesFirst(_ a: TranscriptionCandidate, _ b: TranscriptionCandidate) -> Bool {
        let (aListening, bListening) = (a.listenedTo > 0 && !a.finished, b.listenedTo > 0 && !b.finished)
        if aListening != bListening { return aListening }
        let (aDate, bDate) = (a.released ?? .distantPast, b.released ?? .distantPast)
        if aDate != bDate { return aDate > bDate }
        return a.episode.rawValue > b.episode.rawValue
    }

    /// How long an episode waits after `failures` failures in a row (1 minute, 10, then an hour), or nil
    /// once it failed `maximumFailures` times: then only the listener's `transcribe` tries it again.
    public static func retryDelay(afterFailures failures: Int) -> Duration? {
        guard failures < maximumFailures else { return nil }
        return [Duration.seconds(60), .seconds(600), .seconds(3_600)][min(max(failures, 1), 3) - 1]
    }

    /// Failures in a row after which an episode is left alone.
    public static let maximumFailures = 4

    private static func primary(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
        return primary?.isEmpty == false ? primary : nil
    }
}
