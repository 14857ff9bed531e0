import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: durability and other connections")
struct StoreDurabilityTests {
    @Test func aNewStoreOnTheSameFileSeesEverything() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let playedAt = Date()
        let (feed, full, before): (FeedID, EpisodeID, StoredFeed) = try {
            let store = try Store(path: path)
            let feed = try store.storeFeed(Sample.fullChannel, url: Sample.feedURL, validators: FeedValidators(etag: "x")).podcast
            let full = try store.episodeID(guid: Sample.fullEpisode.id, in: feed)
            try store.saveProgress(of: full, position: 1_234.5, completed: false, at: playedAt)
            try store.makeCurrent(full)
            return (feed, full, try #require(try store.feed(id: feed)))
        }()

        let reopened = try Store(path: path)
        #expect(try reopened.feed(url: Sample.feedURL) == before)
        let current = try #require(try reopened.currentEpisode())
        #expect(current.podcast == feed)
        #expect(current.episode == full)
        #expect(current.status == EpisodeStatus(lastListenTime: 1_234.5, lastPlayedAt: playedAt, hasCompleted: false, isCurrentlyPlaying: true))
    }

    @Test func aCommittedWriteIsVisibleAtOnceToAnotherConnection() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let writer = try Store(path: path)
        let reader = try Store(path: path)
        let feed = try writer.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        #expect(try reader.feed(url: Sample.feedURL)?.id == feed)
        let a = try reader.episodeID(guid: "a", in: feed)
        for step in 1...5 {
            try writer.saveProgress(of: a, position: Double(step), completed: false, at: Date())
            #expect(try reader.episodeStatuses(of: feed)[a]?.lastListenTime == Double(step))
        }
        // And the other way round: both connections write.
        try reader.makeCurrent(a)
        #expect(try writer.currentEpisode()?.status.lastListenTime == 5)
    }

    /// What a `kill -9` leaves: the files as they are on disk right after a commit, with the connection
    /// never closed and the WAL never checkpointed. A copy of them must open and hold the write.
    @Test func theFilesOnDiskRightAfterACommitHoldTheWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let store = try Store(path: path)
        let feed = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: feed)
        try store.makeCurrent(a)
        let playedAt = Date()
        try store.saveProgress(of: a, position: 77.5, completed: false, at: playedAt)

        let copy = directory.file("crashed/earshot.sqlite")
        try FileManager.default.createDirectory(atPath: directory.file("crashed"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")

        let recovered = try Store(path: copy)
        #expect(try recovered.pragma("integrity_check") == "ok")
        let current = try #require(try recovered.currentEpisode())
        #expect(current.podcast == feed && current.episode == a)
        #expect(current.status.lastListenTime == 77.5)
        #expect(current.status.lastPlayedAt == playedAt)
        #expect(try recovered.feed(id: feed)?.channel.episodes.map(\.id) == ["b", "a"])
        _ = store  // the original stays open, like a killed process's never-closed connection
    }
}
