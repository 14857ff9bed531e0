import Foundation
import Testing
@testable import EarshotPlayback

/// Playback rate (pitch kept by scaletempo) and volume, both kept across episodes.
@Suite("Rate and volume")
struct RateAndVolumeTests {
    @Test func rateTwoAdvancesPositionTwiceAsFastAsTheClock() throws {
        let url = try #require(try AudioFixtures.file(.mp3CBR))
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url)
            engine.setRate(2)
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.3 && harness.isSettled })
            let ratio = measureRate(harness, seconds: 1.2)
            #expect(abs(ratio - 2) <= 0.1, "position advanced \(ratio)× the wall clock")
            #expect(harness.recorder.seekCompletions.isEmpty, "a rate change is not a seek the owner asked for")
            #expect(harness.wait(timeout: 5) { harness.recorder.endOfStreamCount == 1 })
        }
    }

    @Test func rateSurvivesLoadingTheNextEpisode() throws {
        let first = try #require(try AudioFixtures.file(.wav))
        let second = try #require(try AudioFixtures.file(.flac))
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: first)
            engine.setRate(1.5)
            engine.load(uri: second, startAt: .at(1))
            engine.play()
            #expect(engine.rate == 1.5)
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 1.2 && harness.isSettled })
            let ratio = measureRate(harness, seconds: 1)
            #expect(abs(ratio - 1.5) <= 0.075, "position advanced \(ratio)× the wall clock")
        }
    }

    @Test func rateChangeWhilePlayingKeepsThePosition() throws {
        let url = try #require(try AudioFixtures.file(.vorbis))
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url, startAt: .at(2))
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 2.3 })
            let before = engine.position!.testSeconds
            engine.setRate(0.5)
            #expect(harness.wait { harness.isSettled })
            let after = engine.position!.testSeconds
            #expect(abs(after - before) < 0.1, "rate change moved position from \(before) to \(after)")
            let ratio = measureRate(harness, seconds: 1)
            #expect(abs(ratio - 0.5) <= 0.025, "position advanced \(ratio)× the wall clock")
        }
    }

    @Test func rateIsClampedToTheSupportedRange() throws {
        try EngineHarness.run { harness in
            harness.engine.setRate(10)
            #expect(harness.engine.rate == 3)
            harness.engine.setRate(0.1)
            #expect(harness.engine.rate == 0.5)
            harness.engine.setRate(.nan)
            #expect(harness.engine.rate == 0.5)
        }
    }

    @Test func volumeIsClampedAndSurvivesTrackChanges() throws {
        let wav = try #require(try AudioFixtures.file(.wav))
        let reference = try ReferenceAudio.of(.wav)
        try EngineHarness.run(audioSink: EngineHarness.tapSink(sync: false)) { harness in
            let engine = harness.engine
            engine.setVolume(-0.5)
            #expect(engine.volume == 0)
            engine.setVolume(7)
            #expect(engine.volume == 1)
            engine.setVolume(0.5)
            engine.load(uri: try #require(try AudioFixtures.file(.flac)))
            engine.load(uri: wav)
            #expect(engine.volume == 0.5)
            #expect(abs(engine.playbin.filters.volume - 0.5) < 1e-9)
            // The audio itself is at half amplitude.
            let tap = engine.tapOutput(captureLimit: 8192)
            #expect(harness.waitUntilLoaded())
            engine.seek(to: .at(1))
            _ = try #require(harness.waitForSeek(after: 0))
            engine.play()
            #expect(harness.wait { (tap.lastLanding?.samples.count ?? 0) >= 8192 })
            let samples = try #require(tap.lastLanding).samples
            try #require(samples.count >= 8192, "only \(samples.count) samples reached the output")
            let start = 44_100
            var worst: Float = 0
            for i in 0..<8192 { worst = max(worst, abs(samples[i] - 0.5 * reference.samples[start + i])) }
            #expect(worst < 1e-3, "samples differ from half the reference by up to \(worst)")
        }
    }

    /// Position advance divided by wall-clock time over `seconds` of playback.
    private func measureRate(_ harness: EngineHarness, seconds: Double) -> Double {
        let start = timedPosition(harness)
        harness.spin(seconds)
        let end = timedPosition(harness)
        return (end.position - start.position) / end.wall.timeIntervalSince(start.wall)
    }

    /// The position and the wall-clock moment it was read: the middle of the tightest of a few
    /// back-to-back reads. (Reading the clock once before or after the query counted any time the
    /// thread lost to a preemption there, on a loaded machine, as playback time: 60 ms of it was
    /// already 5 % of a one-second measurement.)
    private func timedPosition(_ harness: EngineHarness) -> (position: Double, wall: Date) {
        var best: (position: Double, wall: Date, width: TimeInterval)?
        for _ in 0..<5 {
            let before = Date()
            let position = harness.engine.position!.testSeconds
            let width = Date().timeIntervalSince(before)
            if width < best?.width ?? .infinity { best = (position, before.addingTimeInterval(width / 2), width) }
        }
        return (best!.position, best!.wall)
    }
}
