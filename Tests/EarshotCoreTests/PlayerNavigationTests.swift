@testable import EarshotCore
import EarshotStore
import Foundation
import Testing

@Suite("Player: Up Next first, then the podcast's next newer episode; Previous walks back")
struct PlayerNavigationTests {
    @Test func theEndOfAnEpisodePlaysTheFirstOfUpNextWhichLeavesTheList() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("alpha-1"))
        try f.player.enqueue([f.episode("beta-2")])
        f.engine.finish()
        #expect(f.currentGUID == "beta-2")
        #expect(f.player.status == .playing)
        #expect(f.player.upNext.isEmpty)
        #expect(try f.store.storedEpisode(f.episode("alpha-1"))?.status.hasCompleted == true)
    }

    @Test func withUpNextEmptyTheNextNewerEpisodeOfTheSamePodcastPlays() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.finish()
        #expect(f.currentGUID == "alpha-2")
        #expect(f.player.status == .playing)
    }

    @Test func afterTheNewestWithNothingQueuedPlaybackStopsAtZero() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.player.play(episode: f.episode("alpha-2"))
        #expect(f.player.nextEpisode == nil)
        f.engine.finish()
        #expect(f.currentGUID == "alpha-2")
        #expect(f.player.status == .stopped)
        #expect(f.player.position == .zero)
    }

    @Test func canGoNextIsTrueOnTheNewestOnlyWhenSomethingIsQueued() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.subscribe("beta", CoreFixture.show("beta", count: 1))
        try f.player.play(episode: f.episode("alpha-2"))
        #expect(f.player.nextEpisode == nil)
        try f.player.enqueue([f.episode("beta-1")])
        #expect(f.player.nextEpisode == (try f.episode("beta-1")))
    }

    @Test func nextKeepsPausedAndTakesTheQueuedEpisodeOutOfUpNext() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("alpha-1"))
        f.player.pause()
        try f.player.enqueue([f.episode("beta-1"), f.episode("beta-2")])
        try f.player.next()
        #expect(f.currentGUID == "beta-1")
        #expect(f.player.status == .paused)
        #expect(f.player.upNext.episodes == [try f.episode("beta-2")])
    }

    @Test func previousGoesBackToTheEpisodePlayedBeforeElseTheNextOlderOne() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        try f.player.play(episode: f.episode("alpha-2"))
        try f.player.play(episode: f.episode("beta-2"))
        #expect(f.player.previousEpisode == (try f.episode("alpha-2")), "the episode played before, from another podcast")
        try f.player.previous()
        #expect(f.currentGUID == "alpha-2")
        #expect(f.player.previousEpisode == (try f.episode("alpha-1")), "history used up: the next older one of the podcast")
        try f.player.previous()
        #expect(f.currentGUID == "alpha-1")
        #expect(f.player.previousEpisode == nil)
        #expect(throws: LibraryError.self) { try f.player.previous() }
    }

    @Test func episodesWithoutAudioAreSkippedAndCannotBeQueued() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3, silent: [2]))
        try f.player.play(episode: f.episode("alpha-1"))
        #expect(f.player.nextEpisode == (try f.episode("alpha-3")))
        #expect(throws: LibraryError.self) { try f.player.enqueue([f.episode("alpha-2")]) }
        #expect(throws: LibraryError.self) { try f.player.play(episode: f.episode("alpha-2")) }
    }

    @Test func playingAPodcastResumesItsEpisodeInProgressElseItsOldestUnplayed() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.subscribe("beta", CoreFixture.show("beta", count: 1))
        try f.player.play(podcast: alpha)
        #expect(f.currentGUID == "alpha-1", "nothing started: the oldest unplayed")
        try f.player.play(episode: f.episode("alpha-2"))
        f.engine.currentPosition = .seconds(42)
        try f.player.play(episode: f.episode("beta-1"))
        try f.player.play(podcast: alpha)
        #expect(f.currentGUID == "alpha-2", "the one in progress")
        #expect(f.engine.loads.last?.1 == .seconds(42), "where it was left")
    }
}
