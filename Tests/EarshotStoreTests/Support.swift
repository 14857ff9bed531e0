import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Synchronization

/// A fresh directory under the system temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

enum Sample {
    static let feedURL = URL(string: "https://feeds.example/show.xml")!

    /// An episode with the given id and a few fields filled in.
    static func episode(_ id: String, title: String? = nil, day: Int = 1) -> Episode {
        Episode(
            id: id, title: title ?? "Episode \(id)", rawDescription: "<p>About \(id)</p>",
            releaseDate: ReleaseDate(text: "day \(day)", date: Date(timeIntervalSince1970: Double(day) * 86_400)),
            soundURL: URL(string: "https://cdn.example/\(id).mp3"), soundMIMEType: "audio/mpeg")
    }

    static func channel(_ ids: [String], title: String = "Show") -> Channel {
        Channel(title: title, description: "A show", episodes: ids.enumerated().map { episode($1, day: $0 + 1) })
    }

    /// An episode with every field set, in several scripts.
    static let fullEpisode = Episode(
        id: "urn:uuid:6f1c-中文-😀", title: "第1話 — 東京の夜 / 서울 / Ça va?",
        rawDescription: "<p>日本語の説明 &amp; <b>bold</b></p>\n<br/>second line", rawDescriptionFormat: .text,
        releaseDate: ReleaseDate(text: "Tue, 05 Mar 2024 08:30:00 +0900", date: Date(timeIntervalSinceReferenceDate: 731_287_800.123_456_7)),
        soundURL: URL(string: "https://cdn.example/%E6%9D%B1%E4%BA%AC.mp3?token=a%20b&x=1"), soundMIMEType: "audio/x-m4a",
        soundByteLength: 9_876_543_210, coverImage: URL(string: "https://img.example/ep.jpg"), duration: 3_723.5,
        season: 3, episodeNumber: 42, episodeType: "bonus", link: URL(string: "https://show.example/ep/42#notes"),
        chaptersURL: URL(string: "https://show.example/ep/42/chapters.json"),
        transcripts: [TranscriptLink(url: URL(string: "https://show.example/ep/42/transcript.vtt")!, type: "text/vtt", language: "en-GB", rel: "captions"),
                      TranscriptLink(url: URL(string: "https://show.example/ep/42/transcript.json")!)])

    /// An episode with only its id.
    static let bareEpisode = Episode(id: "bare")

    static let fullChannel = Channel(
        title: "ポッドキャスト 播客", link: URL(string: "https://show.example/"), author: "山田 太郎",
        description: "説明: plain text with\nnewlines and \"quotes\" and 'apostrophes'",
        profileImage: URL(string: "https://img.example/show.png"), newFeedURL: URL(string: "https://new.example/feed"),
        episodes: [fullEpisode, bareEpisode])
}

/// A stored feed read back whole, for checking what `storeFeed` wrote: the outline's row fields and
/// every episode's fields, in the outline's order.
struct StoredFeed: Equatable {
    var id: FeedID
    var url: URL
    var validators: FeedValidators
    var channel: Channel
    var lastCheckedAt: Date?
}

extension Store {
    /// The feed stored for `url`, with every field of every episode, or nil when there is none.
    func feed(url: URL) throws -> StoredFeed? { try podcastID(url: url).flatMap { try feed(id: $0) } }

    /// The feed stored as `id`, with every field of every episode, or nil when there is none.
    func feed(id: FeedID) throws -> StoredFeed? { try outline(id: id).map(whole) }

    private func whole(_ outline: FeedOutline) throws -> StoredFeed {
        var channel = outline.channel
        channel.episodes = try outline.episodes.map { entry in
            guard let stored = try storedEpisode(entry.key) else {
                throw StoreError.database(path: path, reason: "episode \(entry.id) vanished while reading")
            }
            return stored.episode
        }
        return StoredFeed(id: outline.id, url: outline.url, validators: outline.validators, channel: channel,
                          lastCheckedAt: outline.lastCheckedAt)
    }
}

/// A guid a test expected in a podcast's outline and did not find.
struct NoSuchGuid: Error, CustomStringConvertible {
    var guid: String
    var podcast: PodcastID
    var description: String { "\(podcast) has no episode \(guid)" }
}

extension Store {
    /// The identity of the episode `guid` of `podcast`, from the key of its outline entry.
    /// - Throws: `NoSuchGuid` when the podcast has no such episode.
    func episodeID(guid: String, in podcast: PodcastID) throws -> EpisodeID {
        guard let entry = try outline(id: podcast)?.episodes.first(where: { $0.id == guid }) else {
            throw NoSuchGuid(guid: guid, podcast: podcast)
        }
        return entry.key
    }

    /// `episodeStatuses(of:)` keyed by guid instead of identity, for tests that name episodes by guid.
    func statusesByGuid(of podcast: PodcastID) throws -> [String: EpisodeStatus] {
        let guids = Dictionary(uniqueKeysWithValues: try outline(id: podcast)?.episodes.map { ($0.key, $0.id) } ?? [])
        var statuses: [String: EpisodeStatus] = [:]
        for (id, status) in try episodeStatuses(of: podcast) {
            guard let guid = guids[id] else { continue }
            statuses[guid] = status
        }
        return statuses
    }
}

extension Store {
    /// The integer a query returns, e.g. a count.
    func executeCount(_ sql: String) throws -> Int {
        try read { try Int.fetchOne($0, sql: sql) ?? 0 }
    }
}

/// Collects the warnings a `Store` reports, for tests to read.
final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])

    /// Hands to `Store(path:warning:)`.
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }

    /// The warnings so far.
    var all: [String] { lines.withLock { $0 } }
}
