import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

/// Smart playlists evaluated as one query: each rule, their combination, the orders and the limit,
/// against a real SQLite library of two podcasts.
@Suite("Store: smart playlists, each rule, together, in order, to a limit")
struct SmartPlaylistStoreTests {
    /// Day `n` of the sample episodes is 1970-01-0n; "now" is day 10.
    static let now = Date(timeIntervalSince1970: 10 * 86_400)

    /// Podcast "Alpha": a1 (day 1, 10 min, "Mars rover news"), a2 (day 2, 30 min, "Venus"), a3 (day 3,
    /// 60 min, "Jupiter"); podcast "Beta": b1 (day 4, 20 min, "Mars base"), b2 (day 9, no length,
    /// "Comets"). a2 is in progress, a3 played, b1 starred, a1 downloaded, b2 in the inbox; a3's
    /// transcript says "the rings of saturn".
    struct Library {
        let directory: TemporaryDirectory
        let store: Store
        let alpha: PodcastID, beta: PodcastID
        let e: [String: EpisodeID]
    }

    static func library() throws -> Library {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        func episode(_ id: String, _ title: String, day: Int, minutes: Double?, notes: String = "") -> Episode {
            var episode = Sample.episode(id, title: title, day: day)
            episode.duration = minutes.map { $0 * 60 }
            episode.rawDescription = "<p>\(notes)</p>"
            return episode
        }
        let alpha = try store.storeFeed(Channel(title: "Alpha", episodes: [
            episode("a3", "Jupiter", day: 3, minutes: 60), episode("a2", "Venus", day: 2, minutes: 30, notes: "with a guest astronomer"),
            episode("a1", "Mars rover news", day: 1, minutes: 10),
        ]), url: URL(string: "https://alpha.example/feed")!, validators: FeedValidators(), checkedAt: Date()).podcast
        let beta = try store.storeFeed(Channel(title: "Beta", episodes: [
            episode("b2", "Comets", day: 9, minutes: nil), episode("b1", "Mars base", day: 4, minutes: 20),
        ]), url: URL(string: "https://beta.example/feed")!, validators: FeedValidators(), checkedAt: Date()).podcast
        var e: [String: EpisodeID] = [:]
        for id in ["a1", "a2", "a3"] { e[id] = try store.episodeID(guid: id, in: alpha) }
        for id in ["b1", "b2"] { e[id] = try store.episodeID(guid: id, in: beta) }
        try store.saveProgress(of: e["a2"]!, position: 300, completed: false, at: now)
        try store.saveProgress(of: e["a3"]!, position: 3600, completed: true, at: now)
        _ = try store.star([e["b1"]!], at: now)
        try store.addToInbox([e["b2"]!], at: now)
        try store.saveDownload(DownloadRecord(episode: e["a1"]!, podcast: alpha, path: directory.file("a1.mp3"), state: .completed,
                                              bytes: 10, requestedAt: now))
        try store.storeTranscript([TranscriptSegment(start: 0, text: "Welcome back"), TranscriptSegment(start: 5, text: "the rings of Saturn")],
                                  for: e["a3"]!, from: URL(string: "https://alpha.example/a3.vtt")!)
        return Library(directory: directory, store: store, alpha: alpha, beta: beta, e: e)
    }

    static func names(_ library: Library, _ configure: (inout PlaylistRules) -> Void) throws -> [String] {
        var rules = PlaylistRules()
        configure(&rules)
        let byID = Dictionary(uniqueKeysWithValues: library.e.map { ($1, $0) })
        return try library.store.playlistEpisodes(rules, now: now).map { byID[$0] ?? "?" }
    }

    @Test func noRulesHoldsEveryEpisodeNewestFirst() throws {
        let library = try Self.library()
        #expect(try Self.names(library) { _ in } == ["b2", "b1", "a3", "a2", "a1"])
    }

    @Test func eachRuleAloneLetsThroughOnlyItsEpisodes() throws {
        let l = try Self.library()
        #expect(try Self.names(l) { $0.podcasts = [l.beta] } == ["b2", "b1"])
        #expect(try Self.names(l) { $0.excludedPodcasts = [l.beta] } == ["a3", "a2", "a1"])
        #expect(try Self.names(l) { $0.states = [.unplayed] } == ["b2", "b1", "a1"])
        #expect(try Self.names(l) { $0.states = [.inProgress] } == ["a2"])
        #expect(try Self.names(l) { $0.states = [.played] } == ["a3"])
        #expect(try Self.names(l) { $0.states = [.played, .inProgress] } == ["a3", "a2"], "several states: any of them")
        #expect(try Self.names(l) { $0.downloaded = true } == ["a1"])
        #expect(try Self.names(l) { $0.downloaded = false } == ["b2", "b1", "a3", "a2"])
        #expect(try Self.names(l) { $0.starred = true } == ["b1"])
        #expect(try Self.names(l) { $0.starred = false } == ["b2", "a3", "a2", "a1"])
        #expect(try Self.names(l) { $0.inInbox = true } == ["b2"])
        #expect(try Self.names(l) { $0.minimumSeconds = 30 * 60 } == ["a3", "a2"], "at least: an unknown length is left out")
        #expect(try Self.names(l) { $0.maximumSeconds = 20 * 60 } == ["b1", "a1"])
        #expect(try Self.names(l) { $0.publishedWithinSeconds = 7 * 86_400 } == ["b2", "b1", "a3"], "since day 3")
        #expect(try Self.names(l) { $0.publishedBeforeSeconds = 7 * 86_400 } == ["a2", "a1"])
        #expect(try Self.names(l) { $0.titleWords = "mars" } == ["b1", "a1"])
        #expect(try Self.names(l) { $0.titleWords = "MARS Rover" } == ["a1"], "all the words, regardless of case")
        #expect(try Self.names(l) { $0.titleWords = "mar" }.isEmpty, "whole words: a rule is not a prefix being typed")
        #expect(try Self.names(l) { $0.notesWords = "astronomer" } == ["a2"])
        #expect(try Self.names(l) { $0.titleWords = "astronomer" }.isEmpty, "the notes are not the title")
        #expect(try Self.names(l) { $0.saidWords = "saturn rings" } == ["a3"])
        #expect(try Self.names(l) { $0.saidWords = "welcome saturn" }.isEmpty, "what was said: the words in one line")
    }

    @Test func rulesTogetherMustAllHold() throws {
        let l = try Self.library()
        #expect(try Self.names(l) { $0.titleWords = "mars"; $0.states = [.unplayed]; $0.maximumSeconds = 15 * 60 } == ["a1"])
        #expect(try Self.names(l) { $0.podcasts = [l.alpha]; $0.starred = true }.isEmpty)
        #expect(try Self.names(l) { $0.podcasts = [l.alpha, l.beta]; $0.excludedPodcasts = []; $0.publishedWithinSeconds = 8 * 86_400; $0.states = [.unplayed] }
            == ["b2", "b1"])
    }

    @Test func theOrdersAndTheLimit() throws {
        let l = try Self.library()
        #expect(try Self.names(l) { $0.order = .oldest } == ["a1", "a2", "a3", "b1", "b2"])
        #expect(try Self.names(l) { $0.order = .shortest } == ["a1", "b1", "a2", "a3", "b2"], "unknown length last")
        #expect(try Self.names(l) { $0.order = .longest } == ["a3", "a2", "b1", "a1", "b2"], "unknown length last")
        #expect(try Self.names(l) { $0.order = .podcast } == ["a1", "a2", "a3", "b1", "b2"], "by podcast title, each oldest first")
        #expect(try Self.names(l) { $0.limit = 2 } == ["b2", "b1"])
        #expect(try Self.names(l) { $0.order = .oldest; $0.limit = 1 } == ["a1"])
    }

    @Test func theDownloadsComeInEveryOrderThroughTheFactsIndex() throws {
        let l = try Self.library()
        for name in ["a3", "b1", "b2"] {
            try l.store.saveDownload(DownloadRecord(episode: l.e[name]!, podcast: name.hasPrefix("a") ? l.alpha : l.beta,
                                                    path: l.directory.file("\(name).mp3"), state: .completed, bytes: 10, requestedAt: Self.now))
        }
        #expect(try Self.names(l) { $0.downloaded = true } == ["b2", "b1", "a3", "a1"])
        #expect(try Self.names(l) { $0.downloaded = true; $0.order = .oldest } == ["a1", "a3", "b1", "b2"])
        #expect(try Self.names(l) { $0.downloaded = true; $0.order = .shortest } == ["a1", "b1", "a3", "b2"], "unknown length last")
        #expect(try Self.names(l) { $0.downloaded = true; $0.order = .longest } == ["a3", "b1", "a1", "b2"], "unknown length last")
        #expect(try Self.names(l) { $0.downloaded = true; $0.order = .podcast } == ["a1", "a3", "b1", "b2"])
        #expect(try Self.names(l) { $0.downloaded = true; $0.states = [.unplayed]; $0.order = .oldest; $0.limit = 2 } == ["a1", "b1"])
        #expect(try Self.names(l) { $0.downloaded = true; $0.podcasts = [l.beta]; $0.minimumSeconds = 60 } == ["b1"])
    }

    @Test func episodesWithoutAudioAreNeverInAPlaylist() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var silent = Sample.episode("s")
        silent.soundURL = nil
        _ = try store.storeFeed(Channel(title: "Show", episodes: [silent, Sample.episode("t")]), url: Sample.feedURL,
                                validators: FeedValidators(), checkedAt: Date())
        #expect(try store.playlistEpisodes(PlaylistRules(), now: Self.now).count == 1)
    }

    @Test func playlistsAreStoredByNameRegardlessOfCaseAndRemoved() throws {
        let l = try Self.library()
        var rules = PlaylistRules()
        rules.states = [.unplayed]
        let made = try l.store.saveSmartPlaylist(named: "Short news", rules: rules, at: Self.now)
        rules.limit = 5
        let changed = try l.store.saveSmartPlaylist(named: "short NEWS", rules: rules, at: Self.now.addingTimeInterval(60))
        #expect(changed.id == made.id && changed.createdAt == made.createdAt, "the same playlist, renamed as written")
        try l.store.smartPlaylistPlayed(made.id, at: Self.now)
        let stored = try l.store.smartPlaylists()
        #expect(stored.map(\.name) == ["short NEWS"] && stored[0].rules == rules && stored[0].playedAt == Self.now)
        #expect(try l.store.removeSmartPlaylist(named: "Short News"))
        #expect(try !l.store.removeSmartPlaylist(named: "Short News"))
        #expect(try l.store.smartPlaylists().isEmpty)
    }

    @Test func wordsThatHoldNoWordAreRefusedInPlainWords() throws {
        let l = try Self.library()
        var rules = PlaylistRules()
        rules.saidWords = "?!"
        #expect(throws: SearchQueryError.noWords) { try l.store.playlistEpisodes(rules, now: Self.now) }
    }
}
