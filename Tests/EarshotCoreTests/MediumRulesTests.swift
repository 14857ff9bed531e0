@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// `show` with `podcast:medium` `medium`.
private func show(_ name: String, count: Int, medium: String) -> Channel {
    var channel = CoreFixture.show(name, count: count)
    channel.podcast.medium = medium
    return channel
}

@Suite("podcast:medium: an audiobook queues oldest first, music is finished only at its end")
struct MediumRulesTests {
    @Test func leavingASongInItsLastSecondsDoesNotFinishItButLeavingAnEpisodeThereDoes() {
        #expect(MediumRules.isFinished(leavingAt: 3590, duration: 3600, medium: nil))
        #expect(MediumRules.isFinished(leavingAt: 3590, duration: 3600, medium: "audiobook"))
        #expect(!MediumRules.isFinished(leavingAt: 3590, duration: 3600, medium: "music"))
    }

    @Test func anAudiobooksNewEpisodesAreQueuedOldestFirstOthersAsTheFeedListsThem() {
        let listings = [3, 2].map { day in
            EpisodeListing(id: EpisodeID(rawValue: Int64(day)), podcast: PodcastID(rawValue: 1), podcastTitle: nil, guid: "e\(day)", title: nil,
                           releaseDate: Date(timeIntervalSince1970: Double(day) * 86_400), duration: nil, status: .unplayed,
                           isPlayable: true, soundURL: nil, link: nil)
        }
        #expect(MediumRules.queueOrder(listings, medium: "audiobook").map(\.guid) == ["e2", "e3"])
        #expect(MediumRules.queueOrder(listings, medium: "podcast").map(\.guid) == ["e3", "e2"])
        #expect(MediumRules.queueOrder(listings, medium: nil).map(\.guid) == ["e3", "e2"])
    }

    @Test func aRefreshBringingTwoChaptersOfAnAudiobookQueuesTheEarlierFirst() throws {
        let f = try CoreFixture()
        let book = try f.subscribe("book", show("book", count: 1, medium: "audiobook"), autoQueue: true)
        f.feeds.answers[CoreFixture.url("book")] = .channel(show("book", count: 3, medium: "audiobook"))
        try f.library.refresh([book])
        #expect(f.library.medium(of: book) == "audiobook")
        #expect(f.player.upNext.episodes == [try f.episode("book-2"), try f.episode("book-3")])
    }

    @Test func stoppingASongNearItsEndKeepsItsPlaceInsteadOfMarkingItPlayed() throws {
        let f = try CoreFixture()
        try f.subscribe("songs", show("songs", count: 1, medium: "music"))
        let song = try f.episode("songs-1")
        try f.player.play(episode: song)
        f.engine.announceState()
        f.player.seek(to: .seconds(595))
        f.player.stop()
        let status = try #require(try f.store.storedEpisode(song)?.status)
        #expect(!status.hasCompleted && status.lastListenTime == 595)
    }
}
