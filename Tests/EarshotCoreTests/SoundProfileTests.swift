@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Sound profile")
struct SoundProfileTests {
    private func twoShows() throws -> (CoreFixture, PodcastID, PodcastID) {
        let f = try CoreFixture()
        let fast = try f.subscribe("fast", CoreFixture.show("fast", count: 2))
        let slow = try f.subscribe("slow", CoreFixture.show("slow", count: 2))
        return (f, fast, slow)
    }

    /// "fast-1" playing, 600 s long, its podcast skipping a 60 s outro.
    private func playingWithAnOutro() throws -> CoreFixture {
        let (f, fast, _) = try twoShows()
        try f.library.set("skip-outro", to: "60", for: fast)
        try f.player.play(episode: f.episode("fast-1"))
        f.engine.duration = .seconds(600)
        f.engine.emit(.durationChanged(.seconds(600)))
        f.engine.announceState()
        return f
    }

    @Test func aPodcastsSpeedAndFiltersApplyWhenItsEpisodeLoads() throws {
        let (f, fast, _) = try twoShows()
        try f.library.set("speed", to: "1.5", for: fast)
        try f.library.set("trim-silence", to: "on", for: fast)
        try f.player.play(episode: f.episode("slow-1"))
        #expect(f.engine.rate == 1 && !f.engine.trimSilence)
        try f.player.play(episode: f.episode("fast-1"))
        #expect(f.engine.rate == 1.5 && f.engine.trimSilence && !f.engine.voiceBoost)
        try f.player.play(episode: f.episode("slow-2"))
        #expect(f.engine.rate == 1 && !f.engine.trimSilence, "another podcast's profile is its own")
    }

    @Test func thePodcastsOwnSettingWinsOverTheSharedDefaultWhichWinsOverTheConfigurationFile() throws {
        let (f, fast, slow) = try twoShows()
        try f.library.configureDefaults(["speed": "1.1", "voice-boost": "on"])
        #expect(f.library.soundProfile(slow).speed == 1.1 && f.library.soundProfile(slow).voiceBoost)
        try f.library.set("speed", to: "1.3", for: nil)
        try f.library.set("speed", to: "2", for: fast)
        #expect(f.library.soundProfile(slow).speed == 1.3)
        #expect(f.library.soundProfile(fast).speed == 2)
    }

    @Test func changingASettingWhilePlayingAppliesAtOnceWithoutMovingThePosition() throws {
        let (f, fast, _) = try twoShows()
        try f.player.play(episode: f.episode("fast-1"))
        f.engine.announceState()
        f.timers.advance(by: .seconds(30))
        let loads = f.engine.loads.count
        try f.library.set("voice-boost", to: "on", for: fast)
        try f.library.set("trim-silence", to: "on", for: nil)
        try f.library.set("speed", to: "2", for: fast)
        #expect(f.engine.voiceBoost && f.engine.trimSilence && f.engine.rate == 2)
        #expect(f.engine.loads.count == loads && f.engine.seeks.isEmpty, "no reload, no seek")
        #expect(f.player.position == .seconds(30))
    }

    @Test func badValuesAreRefusedInPlainWords() throws {
        let (f, fast, _) = try twoShows()
        #expect(throws: LibraryError.invalidSetting("speed is a number from 0.5 to 3.0, not “4”")) {
            try f.library.set("speed", to: "4", for: fast)
        }
        #expect(throws: LibraryError.self) { try f.library.set("skip-intro", to: "-3", for: fast) }
        #expect(throws: LibraryError.self) { try f.library.set("trim-silence", to: "maybe", for: nil) }
        #expect(throws: LibraryError.self) { try f.library.configureDefaults(["speed": "fast"]) }
    }

    @Test func aRateSetByHandBecomesThePodcastsSpeedOnlyWhenItRemembersSpeeds() throws {
        let (f, fast, slow) = try twoShows()
        try f.player.play(episode: f.episode("fast-1"))
        f.player.setRate(1.75)
        #expect(f.library.soundProfile(fast).speed == 1.75)
        #expect(f.library.soundProfile(slow).speed == 1, "only the current podcast's")
        try f.library.set("remember-speed", to: "off", for: slow)
        try f.player.play(episode: f.episode("slow-1"))
        #expect(f.engine.rate == 1)
        f.player.setRate(2.5)
        #expect(f.library.soundProfile(slow).speed == 1)
        try f.player.play(episode: f.episode("fast-2"))
        #expect(f.engine.rate == 1.75)
    }

    @Test func anEpisodeStartingFromTheBeginningSkipsTheIntroButOneInProgressResumes() throws {
        let (f, fast, _) = try twoShows()
        try f.library.set("skip-intro", to: "45", for: fast)
        try f.player.play(episode: f.episode("fast-1"))
        #expect(f.engine.loads.last?.1 == .seconds(45))
        f.engine.currentPosition = .seconds(100)
        try f.player.play(episode: f.episode("fast-2"))
        try f.player.play(episode: f.episode("fast-1"))
        #expect(f.engine.loads.last?.1 == .seconds(100))
    }

    @Test func theOutrosStartCountsAsTheEndCompletingAndMovingOn() throws {
        let f = try playingWithAnOutro()
        f.timers.advance(by: .milliseconds(539_900))
        #expect(f.currentGUID == "fast-1")
        f.timers.advance(by: .milliseconds(100))
        #expect(f.currentGUID == "fast-2" && f.player.status == .playing)
        #expect(f.store.row(try f.episode("fast-1"))?.status.hasCompleted == true)
    }

    @Test func theOutroTimerFollowsSeeksAndRateAndSleepsWhilePaused() throws {
        let f = try playingWithAnOutro()
        f.player.seek(to: .seconds(500))
        f.player.setRate(2)
        f.pause()
        #expect(f.timers.waiting == 0, "no timer while paused")
        try f.play()
        f.timers.advance(by: .milliseconds(19_900))
        #expect(f.currentGUID == "fast-1")
        f.timers.advance(by: .milliseconds(100))
        #expect(f.currentGUID == "fast-2")
    }
}
