import EarshotLocale

/// The views of the interface. The numbered ones are tabs (keys 1 to 6); a podcast's episodes and an
/// episode's page are opened from a list, and left with h, ← or Esc.
public enum View: Equatable, Sendable {
    case library
    case podcast(id: Int64, title: String)
    case episode(EpisodeItem)
    case upNext
    case inbox
    case find
    case downloads
    case history
    case stats
    /// Directory search (and Apple's top list before anything is searched), with subscribe.
    case directory
    case help

    /// The views keys 1 to 8 open.
    public static let tabs: [View] = [.library, .upNext, .inbox, .find, .downloads, .history, .stats, .directory]

    /// The view's name in the title line, in the listener's language.
    public var name: String {
        switch self {
        case .library: trc("view", "Library")
        case .podcast(_, let title): title
        case .episode(let episode): episode.title
        case .upNext: trc("view", "Up Next")
        case .inbox: trc("view", "Inbox")
        case .find: trc("view", "Find")
        case .downloads: trc("view", "Downloads")
        case .history: trc("view", "History")
        case .stats: trc("view", "Stats")
        case .directory: trc("view", "Directory")
        case .help: trc("view", "Keys")
        }
    }
}

/// What the interface asks of the daemon after a key: the controller makes the D-Bus call and hands the
/// answer back. The interface changes nothing itself.
public enum Request: Equatable, Sendable {
    /// Read what `View` shows.
    case load(View)
    case play(episode: Int64)
    /// Play an episode from a moment (seconds): a transcript line.
    case playFrom(episode: Int64, at: Double)
    case playPodcast(Int64)
    /// Play hit `number` of the last Find, from the moment that matched.
    case playFound(number: Int)
    case togglePlay
    /// Seek by seconds (negative: back).
    case seek(by: Double)
    case next, previous
    /// Change the rate by this much.
    case speed(by: Double)
    case mark(Int64, played: Bool)
    case star(Int64, Bool)
    case download(Int64)
    case enqueue(Int64)
    case dequeue(Int64)
    /// Move a queued episode to a 1-based place.
    case move(Int64, to: Int)
    case dismiss(Int64)
    case find(String)
    /// Search the directories for shows.
    case search(String)
    /// Subscribe to the feed at this address.
    case subscribe(url: String)
    case refresh(podcast: Int64?)
    case quit
}
