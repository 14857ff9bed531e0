@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

/// The comforts on a bare playhead: each follows the playhead's events with an alarm of its own, with no
/// `Listening` or session around it.
@Suite("Comforts: following the playhead's events with their own alarms")
struct ComfortTests {
    @Test func theChapterGuideFollowsThePlayheadAndAnnouncesABoundaryOnce() throws {
        let b = try PlayheadTests.Bench()
        let guide = ChapterGuide(playhead: b.playhead, timers: b.f.timers, fetcher: nil)
        var stored = try #require(try b.f.store.storedEpisode(b.f.episode("alpha-1")))
        stored.episode.chapters = [Chapter(start: 0, title: "Opening"), Chapter(start: 60, title: "Interview")]
        var announced = 0
        b.events.subscribe { if case .nowPlayingChanged = $0 { announced += 1 } }
        b.playhead.becomeCurrent(stored)
        #expect(guide.chapters.map(\.title) == ["Opening", "Interview"])
        b.playhead.load(play: true, introEnd: 0)
        b.engine.announceState()
        #expect(guide.currentIndex == 0)
        let before = announced
        b.f.timers.advance(59)
        #expect(guide.currentIndex == 0 && announced == before, "nothing before the boundary")
        b.f.timers.advance(2)
        #expect(guide.currentIndex == 1)
        #expect(announced == before + 1, "the boundary is announced once, by the guide's own alarm")
        b.playhead.seek(to: .seconds(10))
        #expect(guide.currentIndex == 0, "a seek is a jump the guide follows")
    }

    @Test func theSoundProfilerPutsTheProfileOnAtLoadAndEndsTheEpisodeAtTheOutro() throws {
        let b = try PlayheadTests.Bench()
        let podcast = try #require(b.f.library.podcasts.first?.id)
        try b.f.library.set(SoundProfile.speedKey, to: "1.5", for: podcast)
        try b.f.library.set(SoundProfile.skipOutroKey, to: "30", for: podcast)
        let profiler = SoundProfiler(playhead: b.playhead, engine: b.engine, library: b.f.library, timers: b.f.timers, events: b.events)
        var skipped: [Double] = []
        profiler.outroReached = { skipped.append($0) }
        try b.current("alpha-1", at: 500)
        b.playhead.load(play: true, introEnd: 0)
        #expect(b.engine.rate == 1.5, "the podcast's speed is on before anything plays")
        b.engine.announceState()
        b.f.timers.advance(46)
        #expect(skipped.isEmpty, "70 s of audio to the outro take 46.7 s at 1.5x")
        b.f.timers.advance(1)
        #expect(skipped.count == 1)
        #expect(abs((skipped.first ?? 0) - 30) < 0.1, "the outro's 30 s are what was skipped")
    }
}
