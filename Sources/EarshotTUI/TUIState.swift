import Foundation

/// Everything the interface shows: the open views, the lists the daemon gave for them, what plays, and
/// the cursor in each list. Keys change it through `handle` (pure: no terminal, no bus), answers through
/// the `receive` methods; `frame` draws it.
public struct TUIState: Equatable, Sendable {
    /// The open views; the last one shows.
    public private(set) var stack: [View] = [.library]
    public var podcasts: [PodcastItem] = []
    /// The open podcast's episodes, newest first.
    public var episodes: [EpisodeItem] = []
    public var upNext: [EpisodeItem] = []
    public var inbox: [EpisodeItem] = []
    public var hits: [FindHit] = []
    /// What is typed in the find view.
    public var query = ""
    /// Shows the directories found, and what is typed to search them.
    public var shows: [ShowItem] = []
    public var directoryQuery = ""
    /// The terms of the last search asked for ("": none yet, the top list shows).
    var searchedTerms = ""
    /// Whether keys type into the find view's query (after `/`, until Esc or Enter).
    public var typing = false
    /// The episode page's lines (its facts, chapters, transcript), the history, the stats.
    public internal(set) var page: [InfoLine] = []
    /// The page's lines as given, before they were wrapped to the screen's width.
    var pageSource: [InfoLine] = []
    /// Whether the page of the episode that plays keeps the line being spoken in view (movement keys
    /// stop it; `t` starts it again).
    public var following = true
    /// The downloads, moved by the daemon's `DownloadProgress` while they run.
    public internal(set) var downloads: [DownloadRow] = []
    public var history: [InfoLine] = []
    public var stats: [InfoLine] = []
    public var nowPlaying = NowPlaying()
    /// The cover art of the episode page `artEpisode` (nil: none, or not read yet).
    public internal(set) var art: ArtPicture?
    var artEpisode: Int64?
    /// A line above the player bar: the last error or a confirmation.
    public var message: (text: String, isError: Bool)?
    /// The screen's size.
    public private(set) var width = 80
    public private(set) var height = 24
    /// The cursor of each list, by `cursorKey`.
    var cursors: [String: ListCursor] = [:]
    /// Whether `g` was pressed and a second one makes `gg`.
    var pendingG = false

    public init(width: Int = 80, height: Int = 24) {
        self.width = width
        self.height = height
    }

    public static func == (a: TUIState, b: TUIState) -> Bool {
        a.stack == b.stack && a.podcasts == b.podcasts && a.episodes == b.episodes && a.upNext == b.upNext
            && a.inbox == b.inbox && a.hits == b.hits && a.query == b.query && a.typing == b.typing && a.page == b.page
            && a.shows == b.shows && a.directoryQuery == b.directoryQuery && a.nowPlaying == b.nowPlaying && a.message?.text == b.message?.text && a.cursors == b.cursors
            && a.width == b.width && a.height == b.height && a.downloads == b.downloads && a.history == b.history && a.stats == b.stats
            && a.art == b.art && a.artEpisode == b.artEpisode
    }

    /// The view that shows.
    public var view: View { stack[stack.count - 1] }

    /// Rows of the list area: the screen less the title line, the message line and the two player lines.
    public var listHeight: Int { max(1, height - 4) }

    /// The screen is now `width` × `height`.
    public mutating func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        page = Self.wrap(pageSource, to: pageWidth)
        resizeCursor(of: view, to: rowCount(of: view))
        var cursor = self.cursor
        cursor.select(cursor.selected, height: listHeight)
        self.cursor = cursor
    }

    // MARK: Views

    /// Opens `view` on top of the current one; the answer is to read it.
    mutating func push(_ view: View) -> [Request] {
        stack.append(view)
        cursors[Self.cursorKey(view)] = ListCursor(count: rowCount(of: view))
        return [.load(view)]
    }

    /// Goes back to the view under this one (the library stays).
    mutating func pop() -> [Request] {
        guard stack.count > 1 else { return [] }
        stack.removeLast()
        return [.load(view)]
    }

    /// Shows a tab: the stack becomes the library and that tab.
    mutating func showTab(_ tab: View) -> [Request] {
        stack = tab == .library ? [.library] : [.library, tab]
        typing = tab == .find || tab == .directory
        if cursors[Self.cursorKey(tab)] == nil { cursors[Self.cursorKey(tab)] = ListCursor(count: rowCount(of: tab)) }
        return tab == .find ? [] : [.load(tab)]  // the directory: Apple's top list until something is searched
    }

    static func cursorKey(_ view: View) -> String {
        switch view {
        case .library: "library"
        case .podcast(let id, _): "podcast-\(id)"
        case .episode(let episode): "episode-\(episode.id)"
        case .upNext: "up-next"
        case .inbox: "inbox"
        case .find: "find"
        case .downloads: "downloads"
        case .history: "history"
        case .stats: "stats"
        case .directory: "directory"
        case .help: "help"
        }
    }

    /// The cursor of the view that shows.
    public internal(set) var cursor: ListCursor {
        get { cursors[Self.cursorKey(view)] ?? ListCursor(count: rowCount(of: view)) }
        set { cursors[Self.cursorKey(view)] = newValue }
    }

    /// How many rows `view`'s list has.
    func rowCount(of view: View) -> Int {
        switch view {
        case .library: podcasts.count
        case .podcast: episodes.count
        case .episode: page.count
        case .upNext: upNext.count
        case .inbox: inbox.count
        case .find: hits.count
        case .downloads: downloads.count
        case .history: history.count
        case .stats: stats.count
        case .directory: shows.count
        case .help: KeyHelp.lines.count
        }
    }

    /// The selected episode of an episode list, if the view is one.
    public var selectedEpisode: EpisodeItem? {
        let list: [EpisodeItem]
        switch view {
        case .podcast: list = episodes
        case .upNext: list = upNext
        case .inbox: list = inbox
        case .episode(let episode): return episode
        default: return nil
        }
        return list.indices.contains(cursor.selected) ? list[cursor.selected] : nil
    }

    // MARK: Answers

    /// The daemon's answer for `view`: the lists it read. Cursors stay on their rows.
    public mutating func receivePodcasts(_ items: [PodcastItem]) {
        let errors = Dictionary(podcasts.compactMap { item in item.error.map { (item.id, $0) } }, uniquingKeysWith: { a, _ in a })
        podcasts = items.map { item in
            var item = item
            if item.error == nil { item.error = errors[item.id] }
            return item
        }
        resizeCursor(of: .library, to: podcasts.count)
    }

    public mutating func receiveEpisodes(_ items: [EpisodeItem], of podcast: Int64) {
        guard case .podcast(let id, _) = view, id == podcast else { return }
        episodes = items
        resizeCursor(of: view, to: items.count)
    }

    public mutating func receiveUpNext(_ items: [EpisodeItem]) {
        upNext = items
        resizeCursor(of: .upNext, to: items.count)
    }

    public mutating func receiveInbox(_ items: [EpisodeItem]) {
        inbox = items
        resizeCursor(of: .inbox, to: items.count)
    }

    /// Hits of a Find for `words`; an answer to words no longer typed is dropped.
    public mutating func receiveHits(_ items: [FindHit], for words: String) {
        guard words == query else { return }
        hits = items
        resizeCursor(of: .find, to: items.count)
    }

    /// An episode page's lines (wrapped here to the screen's width, and again when it changes).
    /// Shows found for `terms` ("" for the top list); an answer to other terms than those last asked
    /// for is dropped.
    public mutating func receiveShows(_ items: [ShowItem], for terms: String) {
        guard terms == searchedTerms else { return }
        shows = items
        resizeCursor(of: .directory, to: items.count)
    }

    public mutating func receivePage(_ lines: [InfoLine], of episode: Int64) {
        guard case .episode(let shown) = view, shown.id == episode else { return }
        pageSource = lines
        page = Self.wrap(lines, to: pageWidth)
        resizeCursor(of: view, to: page.count)
    }

    /// Lines longer than the screen broken at spaces (a bar's line stays one line); a transcript
    /// line's moment stays with its first piece.
    static func wrap(_ lines: [InfoLine], to width: Int) -> [InfoLine] {
        lines.flatMap { line -> [InfoLine] in
            guard line.bar == nil, Columns.width(of: line.text) > width - 2 else { return [line] }
            return Columns.wrap(line.text, to: max(1, width - 2)).enumerated().map { index, piece in
                var wrapped = line
                wrapped.text = piece
                if index > 0 { wrapped.at = nil }
                return wrapped
            }
        }
    }

    /// The row of the page being spoken at `now`, when the page is the playing episode's.
    public func spokenRow(now: Date) -> Int? {
        guard case .episode(let shown) = view, shown.id == nowPlaying.episode else { return nil }
        let position = nowPlaying.position(at: now)
        return page.lastIndex { ($0.at ?? .infinity) <= position }
    }

    public mutating func receiveLines(_ lines: [InfoLine], for view: View) {
        switch view {
        case .history: history = lines
        case .stats: stats = lines
        default: return
        }
        resizeCursor(of: view, to: lines.count)
    }

    /// A feed's refresh failed (from `Progress`): its podcast shows why, found by its title or address.
    public mutating func noteFailure(_ error: String, podcast: Int64) {
        guard let index = podcasts.firstIndex(where: { $0.id == podcast }) else { return }
        podcasts[index].error = Columns.clean(error)
    }

    public mutating func say(_ text: String, error: Bool = false) {
        message = (Columns.clean(text), error)
    }

    mutating func resizeCursor(of view: View, to count: Int) {
        var cursor = cursors[Self.cursorKey(view)] ?? ListCursor()
        cursor.resize(to: count)
        cursors[Self.cursorKey(view)] = cursor
    }
}
