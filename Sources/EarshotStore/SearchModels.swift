/// Where in the library a search matched.
public enum SearchPlace: Sendable, Equatable {
    /// The podcast's title (the hit has no episode).
    case podcastTitle
    /// The episode's title.
    case episodeTitle
    /// The episode's show notes.
    case notes
    /// The title of one of the episode's chapters (the feed's, else those stored), which starts here.
    case chapter(start: Double, title: String)
    /// A moment of the episode's transcript: when it is said (nil for an untimed transcript) and by whom.
    case transcript(start: Double?, speaker: String?)
    /// One of the listener's bookmarks (its note or the words said around it matched), at its moment.
    case bookmark(id: Int64, start: Double)
    /// A person the feed names (`podcast:person`): in the episode's item, or, for a hit without an
    /// episode, in the podcast's channel (a host of every episode); `role` as the feed gives it (`guest`).
    case person(name: String, role: String)
}

/// One result of `Store.find`.
public struct SearchHit: Sendable, Equatable {
    /// The podcast: the one whose title matched, or the episode's.
    public var podcast: PodcastID
    /// The episode; nil for a podcast-title hit.
    public var episode: EpisodeID?
    /// Where it matched best: the title, then a chapter, then the notes, of the episode's best match.
    public var place: SearchPlace
    /// The matching words in context (at most about a dozen words, a chapter's whole title), each match
    /// between the marks asked for, cut text replaced by their ellipsis.
    public var snippet: String
    /// How many moments of the episode's transcript match (0 for none, or for a podcast-title hit).
    public var moments: Int
    /// Relevance (`SearchRank`: BM25's term frequencies with Earshot's weights, titles 10, chapters 5,
    /// notes 2, transcript 1): higher is better; comparable within one search only.
    public var relevance: Double
    /// For a transcript moment: the engine that made the transcript on this computer (nil: the publisher's).
    public var generator: TranscriptGenerator?

    /// A hit with the given fields.
    public init(podcast: PodcastID, episode: EpisodeID?, place: SearchPlace, snippet: String, moments: Int, relevance: Double,
                generator: TranscriptGenerator? = nil) {
        self.generator = generator
        self.podcast = podcast
        self.episode = episode
        self.place = place
        self.snippet = snippet
        self.moments = moments
        self.relevance = relevance
    }
}

/// How a snippet marks the matching words and the text it leaves out.
public struct SnippetMarks: Sendable, Equatable {
    /// Before each match.
    public var open: String
    /// After each match.
    public var close: String
    /// In place of the text left out before or after.
    public var ellipsis: String

    /// Marks with the given text.
    public init(open: String, close: String, ellipsis: String = "…") {
        self.open = open
        self.close = close
        self.ellipsis = ellipsis
    }

    /// U+0001 before and U+0002 after each match, for a caller that styles them itself (a terminal, a
    /// desktop search provider).
    public static let control = SnippetMarks(open: "\u{1}", close: "\u{2}")
}

/// The results a search keeps to (`Store.find(_:within:)`): the desktop's search narrowing what it
/// showed as more is typed.
public struct SearchScope: Sendable, Equatable {
    /// Podcasts whose titles may match.
    public var podcasts: [PodcastID]
    /// Episodes whose titles, chapters, notes and transcripts may match.
    public var episodes: [EpisodeID]

    /// A scope of these podcasts and episodes.
    public init(podcasts: [PodcastID], episodes: [EpisodeID]) {
        self.podcasts = podcasts
        self.episodes = episodes
    }
}
