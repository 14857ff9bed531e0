@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Sleep timer")
struct SleepTimerTests {
    private func playing() throws -> CoreFixture {
        let f = try CoreFixture()
        try f.subscribe("show", CoreFixture.show("show", count: 3))
        try f.player.play(episode: f.episode("show-1"))
        f.engine.duration = .seconds(600)
        f.engine.announceState()
        return f
    }

    @Test func aTimedSleepFadesOutOverItsLastTenSecondsThenPausesSavesAndGivesTheVolumeBack() throws {
        let f = try playing()
        f.player.setVolume(0.8)
        try f.player.setSleepTimer(.after(.seconds(60)))
        f.timers.advance(by: .milliseconds(49_900))
        #expect(f.engine.fades.isEmpty)
        f.timers.advance(by: .milliseconds(100))
        #expect(f.engine.fades.count == 1 && f.engine.fades.first?.0 == 0 && f.engine.fades.first?.1 == .seconds(10))
        #expect(f.player.status == .playing)
        f.timers.advance(by: .milliseconds(9_999))
        #expect(f.player.status == .playing)
        f.timers.advance(by: .milliseconds(1))
        #expect(f.player.status == .paused)
        #expect(f.engine.volume == 0.8, "the volume is back for the next play")
        #expect(f.player.sleepTimer == nil)
        let id = try f.episode("show-1")
        #expect(f.store.row(id)?.status.lastListenTime == 60, "progress saved where it paused")
    }

    @Test func playingByHandAfterItFiredDoesNotArmItAgain() throws {
        let f = try playing()
        try f.player.setSleepTimer(.after(.seconds(20)))
        f.timers.advance(by: .seconds(20))
        #expect(f.player.status == .paused)
        try f.play()
        f.timers.advance(by: .seconds(300))
        #expect(f.player.status == .playing)
        #expect(f.timers.waiting == 1, "nothing left scheduled but the 5-second progress save")
    }

    @Test func aPauseByHandDuringTheFadeGivesTheVolumeBackAndPlayingAgainFadesOverWhatIsLeft() throws {
        let f = try playing()
        try f.player.setSleepTimer(.after(.seconds(30)))
        f.timers.advance(by: .seconds(25))
        #expect(f.engine.fading)
        f.pause()
        #expect(!f.engine.fading && f.engine.volume == 1)
        f.timers.advance(by: .seconds(2))
        try f.play()
        #expect(f.engine.fades.last?.1 == .seconds(3))
        f.timers.advance(by: .seconds(3))
        #expect(f.player.status == .paused && f.engine.volume == 1)
    }

    @Test func turningItOffCancelsItsTimersAndTheFade() throws {
        let f = try playing()
        try f.player.setSleepTimer(.after(.seconds(30)))
        f.timers.advance(by: .seconds(25))
        try f.player.setSleepTimer(nil)
        #expect(!f.engine.fading && f.engine.volume == 1)
        #expect(f.timers.waiting == 1, "only the 5-second progress save")
        f.timers.advance(by: .seconds(60))
        #expect(f.player.status == .playing)
    }

    @Test func endOfEpisodeCompletesItAndLeavesTheNextEpisodePausedAtItsStart() throws {
        let f = try playing()
        try f.player.setSleepTimer(.endOfEpisode)
        #expect(f.player.sleepTimer?.remaining == .seconds(600))
        f.timers.advance(by: .seconds(589))
        #expect(f.engine.fades.isEmpty)
        f.timers.advance(by: .seconds(1))
        #expect(f.engine.fades.last?.0 == 0 && f.engine.fades.last?.1 == .seconds(10))
        f.timers.advance(by: .seconds(10))
        f.engine.finish()
        #expect(f.currentGUID == "show-2")
        #expect(f.player.status == .paused)
        #expect(f.engine.volume == 1)
        #expect(f.store.row(try f.episode("show-1"))?.status.hasCompleted == true)
        #expect(f.player.sleepTimer == nil)
    }

    @Test func theFadeBeforeTheEndOfTheEpisodeFollowsTheRate() throws {
        let f = try playing()
        f.player.setRate(2)
        try f.player.setSleepTimer(.endOfEpisode)
        f.timers.advance(by: .milliseconds(289_900))
        #expect(f.engine.fades.isEmpty, "at 2×, 10 s before the end is 580 s in, reached after 290 s")
        #expect(f.player.sleepTimer?.remaining == .milliseconds(10_100))
        f.timers.advance(by: .milliseconds(100))
        #expect(f.engine.fades.last?.1 == .seconds(10))
    }

    @Test func threeEpisodesCountsTheCurrentOneAsTheFirst() throws {
        let f = try CoreFixture()
        try f.subscribe("show", CoreFixture.show("show", count: 5))
        try f.player.play(episode: f.episode("show-1"))
        try f.player.setSleepTimer(.episodes(3))
        f.engine.finish()
        #expect(f.currentGUID == "show-2" && f.player.status == .playing)
        #expect(f.player.sleepTimer?.episodesLeft == 2)
        f.engine.finish()
        #expect(f.currentGUID == "show-3" && f.player.status == .playing)
        f.engine.finish()
        #expect(f.currentGUID == "show-4" && f.player.status == .paused)
        #expect(f.player.sleepTimer == nil)
    }

    @Test func endOfChapterPausesWhereTheNextChapterStarts() throws {
        let f = try CoreFixture()
        var show = CoreFixture.show("show", count: 1)
        show.episodes[0].chapters = [Chapter(start: 0, title: "Hello"), Chapter(start: 120, title: "News"), Chapter(start: 300, title: "Bye")]
        try f.subscribe("show", show)
        try f.player.play(episode: f.episode("show-1"))
        f.engine.announceState()
        f.player.seek(to: .seconds(100))
        try f.player.setSleepTimer(.endOfChapter)
        #expect(f.player.sleepTimer?.remaining == .seconds(20))
        f.timers.advance(by: .seconds(10))
        #expect(f.engine.fades.last?.1 == .seconds(10))
        f.timers.advance(by: .seconds(10))
        #expect(f.player.status == .paused)
        #expect(abs(f.player.position.inSeconds - 120) < 0.05)
        #expect(f.player.sleepTimer == nil)
    }

    @Test func endOfChapterIsRefusedForAnEpisodeWithoutChapters() throws {
        let f = try playing()
        #expect(throws: LibraryError.self) { try f.player.setSleepTimer(.endOfChapter) }
        #expect(f.player.sleepTimer == nil)
    }

    @Test func aTimedSleepWhilePausedEndsWithoutPlaying() throws {
        let f = try playing()
        f.pause()
        try f.player.setSleepTimer(.after(.seconds(5)))
        f.timers.advance(by: .seconds(5))
        #expect(f.player.status == .paused && f.engine.fades.isEmpty && f.player.sleepTimer == nil)
    }
}
