import Foundation

/// A podcast of the library as a row of the library view.
public struct PodcastItem: Equatable, Sendable {
    public var id: Int64
    public var title: String
    public var episodes: Int
    public var unplayed: Int
    /// When its feed was last fetched (nil: never).
    public var lastChecked: Date?
    /// Why its last refresh failed, when it did (from `Progress` while this interface ran).
    public var error: String?

    public init(id: Int64, title: String, episodes: Int, unplayed: Int, lastChecked: Date?, error: String? = nil) {
        self.id = id
        self.title = Columns.clean(title)
        self.episodes = episodes
        self.unplayed = unplayed
        self.lastChecked = lastChecked
        self.error = error.map(Columns.clean)
    }
}

/// An episode as a row of the podcast, Up Next and inbox views.
public struct EpisodeItem: Equatable, Sendable {
    public var id: Int64
    public var title: String
    public var podcastTitle: String
    public var released: Date?
    /// Seconds (nil: unknown).
    public var duration: Double?
    /// Where the listener left it, in seconds.
    public var position: Double
    public var completed: Bool
    /// 1-based place in Up Next (nil: not queued).
    public var queuePosition: Int?
    public var starred: Bool
    /// Whether it is the player's episode.
    public var current: Bool
    public var downloaded: Bool
    /// Its podcast's id (nil: not known), which leads to the cover art.
    public var podcast: Int64?

    public init(id: Int64, title: String, podcastTitle: String = "", released: Date? = nil, duration: Double? = nil,
                position: Double = 0, completed: Bool = false, queuePosition: Int? = nil, starred: Bool = false,
                current: Bool = false, downloaded: Bool = false, podcast: Int64? = nil) {
        self.id = id
        self.title = Columns.clean(title)
        self.podcastTitle = Columns.clean(podcastTitle)
        self.released = released
        self.duration = duration
        self.position = position
        self.completed = completed
        self.queuePosition = queuePosition
        self.starred = starred
        self.current = current
        self.downloaded = downloaded
        self.podcast = podcast
    }

    /// Whether it was started and not finished.
    public var inProgress: Bool { !completed && position > 0 }
}

/// A hit of Find: where words were found, and the words around them.
public struct FindHit: Equatable, Sendable {
    /// The hit's number in the daemon's last Find (what PlayFound takes).
    public var number: Int
    public var podcastTitle: String
    public var episodeTitle: String
    /// "podcast", "title", "notes", "chapter" or "transcript".
    public var place: String
    /// Seconds into the episode, for a chapter or a transcript moment.
    public var at: Double?
    /// The words around the match; each match between U+0001 and U+0002.
    public var snippet: String

    public init(number: Int, podcastTitle: String, episodeTitle: String, place: String, at: Double?, snippet: String) {
        self.number = number
        self.podcastTitle = Columns.clean(podcastTitle)
        self.episodeTitle = Columns.clean(episodeTitle)
        self.place = place
        self.at = at
        // The match marks are kept; every other active character is neutralised.
        self.snippet = snippet.split(separator: "\u{1}", omittingEmptySubsequences: false).map { part in
            part.split(separator: "\u{2}", omittingEmptySubsequences: false).map { Columns.clean(String($0)) }.joined(separator: "\u{2}")
        }.joined(separator: "\u{1}")
    }
}

/// A show found in the directories (Search, or Apple's top list), which Enter subscribes to.
public struct ShowItem: Equatable, Sendable {
    public var title: String
    public var author: String
    /// The feed's address.
    public var url: String
    public var episodes: Int?
    /// Whether the library has it already.
    public var subscribed: Bool

    public init(title: String, author: String, url: String, episodes: Int?, subscribed: Bool) {
        self.title = Columns.clean(title)
        self.author = Columns.clean(author)
        self.url = url
        self.episodes = episodes
        self.subscribed = subscribed
    }
}

/// A line of the downloads, history or stats views, or of an episode's page: text and a bar.
public struct InfoLine: Equatable, Sendable {
    public var text: String
    /// A proportion from 0 to 1 drawn as a bar after the text (nil: none).
    public var bar: Double?
    /// Text after the bar.
    public var trailing: String
    /// For a transcript line: the moment it is said (seconds), which Enter plays from and the page
    /// follows while the episode plays.
    public var at: Double?

    public init(_ text: String, bar: Double? = nil, trailing: String = "", at: Double? = nil) {
        self.text = Columns.clean(text)
        self.bar = bar
        self.trailing = Columns.clean(trailing)
        self.at = at
    }
}

/// What plays, for the bar at the bottom: from Status, kept current by MPRIS signals.
public struct NowPlaying: Equatable, Sendable {
    public enum State: String, Sendable { case playing = "Playing", paused = "Paused", stopped = "Stopped" }
    public var state: State
    public var episode: Int64?
    public var title: String
    public var podcastTitle: String
    /// Seconds, as known at `known`.
    public var position: Double
    public var duration: Double?
    public var rate: Double
    /// The sleep timer, in words ("12:00 left", "end of episode"), when armed.
    public var sleep: String?
    public var chapter: String?
    /// When `position` was true.
    public var known: Date

    public init(state: State = .stopped, episode: Int64? = nil, title: String = "", podcastTitle: String = "",
                position: Double = 0, duration: Double? = nil, rate: Double = 1, sleep: String? = nil,
                chapter: String? = nil, known: Date = Date(timeIntervalSince1970: 0)) {
        self.state = state
        self.episode = episode
        self.title = Columns.clean(title)
        self.podcastTitle = Columns.clean(podcastTitle)
        self.position = position
        self.duration = duration
        self.rate = rate
        self.sleep = sleep.map(Columns.clean)
        self.chapter = chapter.map(Columns.clean)
        self.known = known
    }

    /// Where the playhead is at `now`: it moves at `rate` while playing, without asking the daemon.
    public func position(at now: Date) -> Double {
        guard state == .playing else { return position }
        let moved = position + max(0, now.timeIntervalSince(known)) * rate
        return duration.map { min(moved, $0) } ?? moved
    }
}
