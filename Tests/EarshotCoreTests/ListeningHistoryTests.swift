@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// The history is recorded by the player as listening happens: one row per stretch of listening (play
/// to pause, the end or another episode), exact about the audio gone by and the wall time it took.
@Suite("History: stretches of listening recorded by the player")
struct ListeningHistoryTests {
    /// A fixture playing "alpha-2" (600 s long, of 2) from the start.
    private func playing() throws -> CoreFixture {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.duration = .seconds(600)
        f.engine.emit(.durationChanged(.seconds(600)))
        f.engine.announceState()
        return f
    }

    private func records(_ f: CoreFixture) throws -> [ListeningRecord] {
        try f.store.listening(since: nil, limit: nil).reversed()
    }

    @Test func playingThenPausingIsOneRowWithTheAudioAndWallTimeOfThatStretch() throws {
        let f = try playing()
        f.timers.advance(42)
        f.pause()
        let rows = try records(f)
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.episode == (try f.episode("alpha-1")))
        #expect(row.episodeTitle == "Alpha 1" && row.podcastTitle == "Alpha")
        #expect(abs(row.span - 42) < 0.01 && abs(row.wallTime - 42) < 0.01)
        #expect(row.startPosition == 0 && abs(row.endPosition - 42) < 0.01)
        #expect(!row.finished)
    }

    @Test func aRowIsWrittenEveryFiveSecondsWhilePlayingSoAKillLosesAtMostThose() throws {
        let f = try playing()
        f.timers.advance(12)
        let row = try #require(try records(f).first, "written before any pause")
        #expect(abs(row.span - 10) < 0.01, "as of the last 5-second save")
    }

    @Test func aSeekIsNotListeningTheJumpIsLeftOutOfTheAudio() throws {
        let f = try playing()
        f.timers.advance(10)
        f.player.seek(to: .seconds(300))
        f.timers.advance(10)
        f.pause()
        let row = try #require(try records(f).first)
        #expect(abs(row.span - 20) < 0.01, "10 s before the seek and 10 s after it")
        #expect(abs(row.endPosition - 310) < 0.01)
    }

    @Test func atTwiceTheSpeedTheAudioIsTwiceTheWallTimeAndTheRateIsKept() throws {
        let f = try playing()
        f.player.setRate(2)
        f.timers.advance(30)
        f.pause()
        let row = try #require(try records(f).first)
        #expect(abs(row.wallTime - 30) < 0.01 && abs(row.span - 60) < 0.01)
        #expect(row.rate == 2)
    }

    @Test func pauseAndResumeMakeTwoRowsAndTheNextEpisodeAThird() throws {
        let f = try playing()
        f.timers.advance(5)
        f.pause()
        f.timers.advance(100)
        try f.play()
        f.timers.advance(5)
        try f.player.next()
        f.engine.announceState()
        f.timers.advance(5)
        f.pause()
        let rows = try records(f)
        #expect(rows.map(\.episodeTitle) == ["Alpha 1", "Alpha 1", "Alpha 2"])
        #expect(rows.allSatisfy { abs($0.wallTime - 5) < 0.01 }, "the paused 100 s are in no row")
        #expect(Set(rows.map(\.id)).count == 3)
    }

    @Test func reachingTheEndFinishesTheRowAndCountsAUseForTheEpisode() throws {
        let f = try playing()
        let first = try f.episode("alpha-1")
        f.engine.currentPosition = .seconds(600)
        f.engine.emit(.endOfStream)
        let row = try #require(try records(f).first)
        #expect(row.finished)
        #expect(try f.store.episodeUse(first).count == 1)
        try f.player.play(episode: first)
        #expect(f.player.currentUse.count == 1, "read when the episode becomes current again (xesam:useCount)")
    }

    @Test func theIntroAndOutroTheRulesSkipAreCountedBesideTheAudio() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        try f.library.set("skip-intro", to: "30", for: alpha)
        try f.library.set("skip-outro", to: "60", for: alpha)
        try f.player.play(episode: f.episode("alpha-1"))
        f.engine.duration = .seconds(600)
        f.engine.emit(.durationChanged(.seconds(600)))
        f.timers.advance(510)  // from 30 s to the outro at 540 s
        let row = try #require(try records(f).first)
        #expect(row.finished)
        #expect(abs(row.skipped - 90) < 0.5, "30 s of intro and 60 s of outro: \(row.skipped)")
        #expect(abs(row.span - 510) < 0.5)
    }

    @Test func trimmedSilenceIsCountedWithinTheAudio() throws {
        let f = try playing()
        f.timers.advance(20)
        f.engine.timeSaved = .seconds(3)
        f.pause()
        let row = try #require(try records(f).first)
        #expect(abs(row.trimmed - 3) < 0.01)
    }

    @Test func unsubscribingKeepsTheRowsWithTheirTitles() throws {
        let f = try playing()
        f.timers.advance(5)
        f.pause()
        try f.session.unsubscribe(try #require(f.player.current?.podcast), deletingFiles: false)
        let row = try #require(try records(f).first)
        #expect(row.episode == nil && row.episodeTitle == "Alpha 1" && row.podcastTitle == "Alpha")
    }
}
