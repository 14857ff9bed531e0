@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation

/// A session — library, player, downloads — over in-memory doubles, with helpers to make shows of
/// dated episodes.
final class CoreFixture {
    let store = MemoryStore()
    let engine = ScriptedEngine()
    let feeds = FeedTable()
    let background = InlineBackground()
    let timers = ManualTimers()
    let chapterFiles = ChapterFiles()
    let downloadStore = MemoryDownloadStore()
    let files = MemoryFiles()
    let transfers: ScriptedTransfers
    let session: Session
    var library: Library { session.library }
    var player: Listening { session.listening }
    var downloads: Downloads { session.downloads }
    var downloadRules: DownloadRules { session.downloadRules }
    /// Every event the session published, in order.
    private(set) var events: [SessionEvent] = []

    init(demo: URL? = nil, downloadDefaults: (inout DownloadSettings) -> Void = { _ in }) throws {
        transfers = ScriptedTransfers(files: files)
        let library = try Library(store: store, background: background, fetcher: feeds, events: SessionEvents(), timers: timers,
                                  demoURL: demo)
        downloadDefaults(&library.downloadDefaults)
        session = Session(library: library, engine: engine, store: store, downloadStore: downloadStore, background: background,
                          transfers: transfers, files: files, downloadFolder: URL(fileURLWithPath: "/data/earshot/episodes"),
                          timers: timers, chapters: chapterFiles)
        engine.clock = timers
        store.isOnLoop = { [background] in !background.isWorking }
        session.events.subscribe { [unowned self] in self.events.append($0) }
    }

    /// A show at `http://<name>.test/feed.xml` whose episodes `<name>-1` (oldest) … `<name>-<count>` have
    /// audio (except those in `silent`).
    static func show(_ name: String, count: Int, silent: Set<Int> = []) -> Channel {
        Channel(title: name.capitalized, author: nil, episodes: (1...count).reversed().map { number in
            Episode(id: "\(name)-\(number)", title: "\(name.capitalized) \(number)",
                    releaseDate: ReleaseDate(text: "day \(number)", date: Date(timeIntervalSince1970: Double(number) * 86_400)),
                    soundURL: silent.contains(number) ? nil : URL(string: "http://\(name).test/\(number).mp3"), duration: 600)
        })
    }

    static func url(_ name: String) -> URL { URL(string: "http://\(name).test/feed.xml")! }

    /// Serves `channel` as `name`'s feed and subscribes to it; the podcast's id.
    @discardableResult
    func subscribe(_ name: String, _ channel: Channel, autoQueue: Bool = true) throws -> PodcastID {
        feeds.answers[Self.url(name)] = .channel(channel)
        var reports: [UpdateReport] = []
        library.subscribe([Self.url(name)], autoQueue: autoQueue) { reports = $0 }
        guard let id = reports.first?.podcast else { throw FixtureError("subscribing to \(name) failed: \(reports)") }
        return id
    }

    /// The id of the episode with `guid` (of `podcast`, when two podcasts use the same guid).
    func episode(_ guid: String, of podcast: PodcastID? = nil) throws -> EpisodeID {
        guard let id = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil).first(where: { $0.guid == guid })?.id else {
            throw FixtureError("no episode \(guid)")
        }
        return id
    }

    /// The guid of the current episode.
    var currentGUID: String? { player.current?.episode.id }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CoreFixture {
    /// Plays the current episode and lets the engine report it, as the real one does a moment later.
    func play() throws {
        try player.play()
        engine.announceState()
    }

    /// Pauses, with the engine's report.
    func pause() {
        player.pause()
        engine.announceState()
    }
}
