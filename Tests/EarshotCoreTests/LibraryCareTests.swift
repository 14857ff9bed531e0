@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// Marking played and unplayed, stars and the inbox: the rules, over the in-memory store.
@Suite("Looking after a library: marks, stars, the inbox")
struct LibraryCareTests {
    private func marked(_ f: CoreFixture, _ episodes: [EpisodeID], played: Bool) throws -> [EpisodeID] {
        var answer: Result<[EpisodeID], LibraryError>?
        f.session.mark(episodes, played: played) { answer = $0 }
        return try #require(answer).get()
    }

    @Test func markingPlayedPutsThePlaceAtTheEndAndTakesTheEpisodeOutOfUpNext() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        let one = try f.episode("alpha-1")
        try f.session.enqueue([one])
        #expect(try marked(f, [one], played: true) == [one])
        let status = try #require(f.store.row(one)).status
        #expect(status.hasCompleted && status.lastListenTime == 600)
        #expect(!f.player.upNext.episodes.contains(one))
    }

    @Test func markingUnplayedUndoesIt() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        let one = try f.episode("alpha-1")
        _ = try marked(f, [one], played: true)
        _ = try marked(f, [one], played: false)
        let status = try #require(f.store.row(one)).status
        #expect(!status.hasCompleted && status.lastListenTime == 0)
    }

    @Test func markingThePlayingEpisodePlayedMovesOnToTheNextStillPlaying() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.player.play(episode: f.episode("alpha-1"))
        f.timers.advance(7)
        _ = try marked(f, [try f.episode("alpha-1")], played: true)
        #expect(f.currentGUID == "alpha-2")
        #expect(f.player.status == .playing)
        let status = try #require(f.store.row(try f.episode("alpha-1"))).status
        #expect(status.hasCompleted, "the place it was at is not saved over the mark")
    }

    @Test func markingThePausedEpisodeUnplayedTakesItBackToTheStart() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))
        try f.player.play(episode: f.episode("alpha-1"))
        f.timers.advance(7)
        f.pause()
        _ = try marked(f, [try f.episode("alpha-1")], played: false)
        #expect(f.player.position == .zero)
        #expect(f.player.status == .paused)
    }

    @Test func aBacklogIsMarkedBeforeAnEpisodeOrADate() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 5))
        var answer: Result<[EpisodeID], LibraryError>?
        f.session.mark(podcast: alpha, played: true, before: try f.episode("alpha-4")) { answer = $0 }
        #expect(try #require(answer).get() == [try f.episode("alpha-3"), try f.episode("alpha-2"), try f.episode("alpha-1")])
        f.session.mark(podcast: alpha, played: true, releasedBefore: Date(timeIntervalSince1970: 4.5 * 86_400)) { answer = $0 }
        #expect(try #require(answer).get().count == 4)
        f.session.mark(podcast: alpha, played: false) { answer = $0 }
        #expect(try #require(answer).get().count == 5, "--all")
    }

    @Test func markingBeforeAnEpisodeOfAnotherPodcastIsRefusedInPlainWords() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.subscribe("beta", CoreFixture.show("beta", count: 2))
        var answer: Result<[EpisodeID], LibraryError>?
        f.session.mark(podcast: alpha, played: true, before: try f.episode("beta-2")) { answer = $0 }
        #expect(throws: LibraryError.self) { try #require(answer).get() }
    }

    @Test func starsAreKeptAndListed() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let one = try f.episode("alpha-1")
        var answer: Result<[EpisodeID], LibraryError>?
        f.session.star([one], starred: true) { answer = $0 }
        #expect(try #require(answer).get() == [one])
        #expect(try f.store.listEpisodes(podcast: nil, filter: .starred, matching: nil).map(\.id) == [one])
        f.session.star([EpisodeID(rawValue: 999)], starred: true) { answer = $0 }
        #expect(throws: LibraryError.self) { try #require(answer).get() }
    }

    @Test func newEpisodesOfARefreshEnterTheInboxUnlessAutoQueuedAndTheFirstFetchBringsNone() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2), autoQueue: false)
        try f.subscribe("beta", CoreFixture.show("beta", count: 2), autoQueue: true)
        #expect(try f.store.inboxEpisodes().isEmpty, "a backlog is not news")
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 3))
        f.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 3))
        try f.session.refresh(nil, progress: { _, _, _ in }, completion: { _ in })
        #expect(try f.store.inboxEpisodes() == [try f.episode("alpha-3")], "beta-3 went to Up Next instead")
        #expect(f.player.upNext.episodes.contains(try f.episode("beta-3")))
    }

    @Test func queueingOrPlayingAnInboxEpisodeTakesItOutAndDismissingEmptiesIt() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 4))
        try f.session.refresh(nil, progress: { _, _, _ in }, completion: { _ in })
        #expect(try f.store.inboxEpisodes().count == 3)
        try f.session.queueFromInbox([f.episode("alpha-2")])
        #expect(try f.store.inboxEpisodes() == [try f.episode("alpha-4"), try f.episode("alpha-3")])
        try f.session.inbox.playNewest()
        #expect(f.currentGUID == "alpha-4", "the newest of the inbox")
        #expect(try f.store.inboxEpisodes() == [try f.episode("alpha-3")])
        var count: Result<Int, LibraryError>?
        f.session.inbox.dismissAll { count = $0 }
        #expect(try #require(count).get() == 1)
        #expect(throws: LibraryError.self) { try f.session.inbox.playNewest() }
    }

    @Test func markingPlayedTakesEpisodesOutOfTheInbox() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 2))
        try f.session.refresh(nil, progress: { _, _, _ in }, completion: { _ in })
        _ = try marked(f, [try f.episode("alpha-2")], played: true)
        #expect(try f.store.inboxEpisodes().isEmpty)
    }
}

/// The statistics are arithmetic over the history's totals: exact, and the difference explained.
@Suite("Statistics from the history")
struct ListeningStatsTests {
    @Test func theSavingsExplainTheDifferenceBetweenAudioAndWallTime() {
        let stats = ListeningStats(ListeningBreakdown(
            podcasts: [
                ListeningTotals(podcast: PodcastID(rawValue: 1), podcastTitle: "Alpha", sessions: 3, finished: 1, wallTime: 700,
                                span: 1100, trimmed: 100, skipped: 30),
                ListeningTotals(podcast: nil, podcastTitle: "Gone", sessions: 1, finished: 1, wallTime: 900, span: 900, trimmed: 0, skipped: 0),
            ],
            months: [
                ListeningTotals(month: "2026-10", sessions: 2, finished: 1, wallTime: 600, span: 1000, trimmed: 100, skipped: 30),
                ListeningTotals(month: "2026-11", sessions: 2, finished: 1, wallTime: 1000, span: 1000, trimmed: 0, skipped: 0),
            ]))
        #expect(stats.all.sessions == 4 && stats.all.finished == 2)
        #expect(stats.all.listened == 1600 && stats.all.audio == 2000)
        #expect(stats.all.savedBySilence == 100 && stats.all.savedBySpeed == 300)
        #expect(stats.all.listened + stats.all.savedBySpeed + stats.all.savedBySilence == stats.all.audio)
        #expect(stats.podcasts.map(\.name) == ["Gone", "Alpha"], "most listened first")
        #expect(stats.podcasts[1].listened == 700 && stats.podcasts[1].podcast == PodcastID(rawValue: 1))
        #expect(stats.months.map(\.name) == ["2026-11", "2026-10"], "latest first")
        #expect(stats.months[0].listened == 1000)
    }

    @Test func slowerThanOnceSavesNegativeTime() {
        let slow = ListeningTotals(month: "2026-11", sessions: 1, finished: 0, wallTime: 125, span: 100, trimmed: 0, skipped: 0)
        let stats = ListeningStats(ListeningBreakdown(podcasts: [], months: [slow]))
        #expect(stats.all.savedBySpeed == -25)
    }
}
