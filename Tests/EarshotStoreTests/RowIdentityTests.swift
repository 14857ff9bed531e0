import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

/// A podcast's or an episode's number is never given again once it has been removed: a number a listener
/// (or GNOME, or KRunner) still holds names nothing rather than another episode (issue 37, point 15).
@Suite struct RowIdentityTests {
    @Test func numbersOfARemovedPodcastAndItsEpisodesAreNeverGivenAgain() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let kept = try store.storeFeed(Sample.channel(["k"], title: "Kept"), url: URL(string: "https://kept.example/rss")!,
                                       validators: FeedValidators()).podcast
        let removed = try store.storeFeed(Sample.channel(["a", "b", "c"], title: "Gone"), url: Sample.feedURL, validators: FeedValidators()).podcast
        let removedEpisodes = try store.listEpisodes(podcast: removed, filter: .all, matching: nil).map(\.id)
        try store.removePodcast(removed)

        let added = try store.storeFeed(Sample.channel(["x", "y", "z", "w"], title: "New"), url: URL(string: "https://new.example/rss")!,
                                        validators: FeedValidators()).podcast
        let addedEpisodes = try store.listEpisodes(podcast: added, filter: .all, matching: nil).map(\.id)
        #expect(added != removed && added.rawValue > removed.rawValue, "podcast \(added) reuses a removed number")
        #expect(Set(addedEpisodes).isDisjoint(with: removedEpisodes), "episodes \(addedEpisodes) reuse removed numbers \(removedEpisodes)")
        #expect(addedEpisodes.allSatisfy { $0.rawValue > removedEpisodes.map(\.rawValue).max()! })
        for id in removedEpisodes { #expect(try store.storedEpisode(id) == nil) }
        #expect(try store.podcasts().map(\.id) == [kept, added])
    }

    @Test func aRefreshOfAStoredEpisodeKeepsItsNumber() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a", "b"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let before = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil)
        _ = try store.storeFeed(Sample.channel(["c", "a", "b"]), url: Sample.feedURL, validators: FeedValidators())
        let after = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil)
        for episode in before { #expect(after.first { $0.guid == episode.guid }?.id == episode.id) }
        #expect(after.count == 3)
    }
}
