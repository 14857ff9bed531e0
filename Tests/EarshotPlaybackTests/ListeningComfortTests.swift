import Foundation
import Testing
@testable import EarshotPlayback

/// Silence trimming, voice boost, fades and chapters from the audio, with real pipelines; every switch
/// happens while playing, without a rebuild of the pipeline or a move of the position.
@Suite("Listening comforts")
struct ListeningComfortTests {
    /// 0.5 s tone, 2 s silence, 0.5 s tone, 2 s silence, 0.5 s tone: 5.5 s, of which 4 s silent.
    private static let gappy: [ComfortFixtures.Span] = [.tone(0.5), .silence(2), .tone(0.5), .silence(2), .tone(0.5)]

    @Test func trimmingSilenceAtNormalSpeedReallyEndsTheEpisodeSoonerOnASynchronisedSink() throws {
        let url = try ComfortFixtures.make("gappy.wav", Self.gappy)
        try EngineHarness.run(audioSink: "fakesink sync=true") { harness in
            let engine = harness.engine
            engine.trimSilence = true
            engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            let started = Date()
            engine.play()
            var positions: [Double] = []
            #expect(harness.wait(timeout: 8) {
                if let position = engine.position?.testSeconds { positions.append(position) }
                return harness.recorder.endOfStreamCount > 0
            })
            let wall = Date().timeIntervalSince(started)
            // 1.5 s of tone and 2 × 0.3 s of kept pause: about 2.1 s instead of 5.5 s.
            #expect(wall < 2.8, "played 5.5 s in \(wall) s")
            let saved = engine.timeSaved.testSeconds
            #expect(abs(saved - 3.4) < 0.1, "saved \(saved) s")
            // Positions stay in the episode's timeline: they only move forward and end at its length.
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 + 0.001 }, "\(positions)")
            #expect(abs((engine.position?.testSeconds ?? 0) - 5.5) < 0.05)
            #expect(abs((engine.duration?.testSeconds ?? 0) - 5.5) < 0.05)
            #expect(harness.recorder.errors.isEmpty)
        }
    }

    @Test func positionsJumpOverTheCutSilenceInTheEpisodesOwnTimeline() throws {
        let url = try ComfortFixtures.make("gappy-position.wav", Self.gappy)
        try EngineHarness.run(audioSink: "fakesink sync=true") { harness in
            let engine = harness.engine
            engine.trimSilence = true
            #expect(harness.loadAndPlay(url, untilPast: 0.1))
            // About 1 s of audio in, the first tone (0.5 s) and its kept pause (0.3 s) are behind and the
            // rest of the silence (1.7 s) is skipped: playback is in the second tone, 1.7 s further into
            // the episode than the audio played. The audio played is measured from the position read at
            // the start plus the wall time since, so a spin that returns late on a loaded machine moves
            // the expectation with it.
            let startWall = Date()
            let start = engine.position?.testSeconds ?? 0
            harness.spin(0.9)
            let position = engine.position?.testSeconds ?? 0
            let played = start + Date().timeIntervalSince(startWall)
            #expect(played > 0.85 && played < 1.3, "measured \(played) s of audio: the read did not land in the second tone")
            #expect(position > played + 1.7 - 0.15 && position < played + 1.7 + 0.2, "position \(position) after \(played) s of audio")
        }
    }

    @Test func switchingTrimOnAndOffWhilePlayingKeepsThePositionAndSendsNoSeek() throws {
        let url = try ComfortFixtures.make("gappy-switch.wav", Self.gappy)
        try EngineHarness.run(audioSink: "fakesink sync=true") { harness in
            let engine = harness.engine
            let tap = engine.tapOutput()
            #expect(harness.loadAndPlay(url, untilPast: 0.2))
            let flushes = tap.flushCount
            let before = engine.position!.testSeconds
            engine.trimSilence = true
            engine.voiceBoost = true
            let after = engine.position!.testSeconds
            #expect(abs(after - before) < 0.05)
            harness.spin(0.3)
            engine.trimSilence = false
            engine.voiceBoost = false
            harness.spin(0.1)
            #expect(tap.flushCount == flushes, "no flush reached the output")
            #expect(engine.state == .playing)
            #expect(engine.position!.testSeconds > after)
        }
    }

    @Test func voiceBoostNeverLetsALoudEpisodePastFullScale() throws {
        let url = try ComfortFixtures.make("loud.wav", [.tone(1, volume: 1.0)])
        try EngineHarness.run(audioSink: EngineHarness.tapSink(sync: false)) { harness in
            let engine = harness.engine
            engine.voiceBoost = true
            let tap = engine.tapOutput(captureLimit: 20_000)
            engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            engine.play()
            #expect(harness.wait { (tap.lastLanding?.samples.count ?? 0) >= 20_000 })
            let peak = tap.lastLanding?.samples.map(abs).max() ?? 0
            #expect(peak <= 1.0, "peak \(peak)")
            #expect(peak > 0.9, "peak \(peak): the loud tone should stay loud")
        }
    }

    @Test func voiceBoostLiftsQuietSpeech() throws {
        let url = try ComfortFixtures.make("quiet.wav", [.tone(1, volume: 0.05)])
        func rms(boost: Bool) throws -> Float {
            try EngineHarness.run(audioSink: EngineHarness.tapSink(sync: false)) { harness in
                harness.engine.voiceBoost = boost
                let tap = harness.engine.tapOutput(captureLimit: 20_000)
                harness.engine.load(uri: url)
                #expect(harness.waitUntilLoaded())
                harness.engine.play()
                #expect(harness.wait { (tap.lastLanding?.samples.count ?? 0) >= 20_000 })
                let samples = tap.lastLanding?.samples ?? []
                return (samples.reduce(0) { $0 + $1 * $1 } / Float(max(samples.count, 1))).squareRoot()
            }
        }
        let plain = try rms(boost: false), boosted = try rms(boost: true)
        #expect(boosted > plain * 2.5, "RMS \(plain) → \(boosted)")
    }

    @Test func aFadeRampsTheVolumeDownOverItsDurationAndSaysWhenItIsDone() throws {
        let url = try ComfortFixtures.make("fade.wav", [.tone(3)])
        try EngineHarness.run { harness in
            let engine = harness.engine
            #expect(harness.loadAndPlay(url, untilPast: 0.1))
            let started = Date()
            engine.fade(to: 0, over: .milliseconds(600))
            var volumes: [Double] = []
            #expect(harness.wait(timeout: 3) {
                volumes.append(engine.volume)
                return harness.recorder.listeningEvents.contains(.fadeFinished)
            })
            let took = Date().timeIntervalSince(started)
            #expect(took > 0.55 && took < 1.0, "faded in \(took) s")
            #expect(engine.volume == 0)
            #expect(zip(volumes, volumes.dropFirst()).allSatisfy { $0 >= $1 })
            #expect(volumes.contains { $0 > 0.2 && $0 < 0.8 }, "no step in between: \(volumes)")
            #expect(engine.state == .playing, "the caller pauses, not the fade")
            engine.pause()
            engine.setVolume(1)
            #expect(engine.volume == 1)
        }
    }

    @Test func settingTheVolumeCancelsAFade() throws {
        let url = try ComfortFixtures.make("fade-cancel.wav", [.tone(2)])
        try EngineHarness.run { harness in
            let engine = harness.engine
            #expect(harness.loadAndPlay(url, untilPast: 0.1))
            engine.fade(to: 0, over: .milliseconds(400))
            harness.spin(0.1)
            engine.setVolume(0.7)
            harness.spin(0.5)
            #expect(engine.volume == 0.7)
            #expect(!harness.recorder.listeningEvents.contains(.fadeFinished))
        }
    }

    @Test func chaptersInID3FramesOfAnMP3ArriveAsOneEvent() throws {
        let plain = try ComfortFixtures.make("chapters-plain.mp3", [.tone(2), .silence(1)], encoder: "lamemp3enc")
        let url = try ComfortFixtures.withChapters(plain, [(0, "Intro"), (1_500, "Middle part"), (2_250, "Ünïcode end")],
                                                  end: 3_000, name: "chapters.mp3")
        try EngineHarness.run { harness in
            harness.engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            harness.spin(0.1)
            let expected = [AudioChapter(start: 0, title: "Intro"), AudioChapter(start: 1.5, title: "Middle part"),
                            AudioChapter(start: 2.25, title: "Ünïcode end")]
            #expect(harness.recorder.chapterLists == [expected])
            #expect(harness.engine.chapters == expected)
        }
    }

    @Test func anEpisodeWithoutChaptersSendsNoChapterEvent() throws {
        let url = try ComfortFixtures.make("no-chapters.mp3", [.tone(1)], encoder: "lamemp3enc")
        try EngineHarness.run { harness in
            harness.engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            harness.spin(0.1)
            #expect(harness.recorder.chapterLists.isEmpty)
        }
    }
}
