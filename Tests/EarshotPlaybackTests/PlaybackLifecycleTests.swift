import CGStreamer
import Foundation
import Testing
@testable import EarshotPlayback

/// Load, play, pause, stop, resume positions, duration and end of stream, with real pipelines.
@Suite("Playback lifecycle")
struct PlaybackLifecycleTests {
    private func fixture(_ format: AudioFormat = .wav) throws -> URL {
        try #require(try AudioFixtures.file(format))
    }

    @Test func statesFollowTheCommandsAndPositionAdvancesInRealTime() throws {
        let url = try fixture()
        try EngineHarness.run { harness in
            let engine = harness.engine
            #expect(engine.state == .stopped)
            #expect(engine.position == nil)
            engine.load(uri: url)
            #expect(engine.state == .paused)
            #expect(harness.waitUntilLoaded())
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.2 })
            // Compared with the wall-clock time between the two reads, not with the 0.5 s asked for:
            // on a loaded machine the spin can return late, and the position rightly ran on meanwhile.
            let t0 = Date()
            let before = engine.position!.testSeconds
            let t1 = Date()
            harness.spin(0.5)
            let t2 = Date()
            let advanced = engine.position!.testSeconds - before
            let t3 = Date()
            let (shortest, longest) = (t2.timeIntervalSince(t1), t3.timeIntervalSince(t0))
            #expect(advanced > shortest - 0.1 && advanced < longest + 0.15,
                    "advanced \(advanced) s in \(shortest)…\(longest) s")
            engine.pause()
            harness.spin(0.1)
            let paused = engine.position!.testSeconds
            harness.spin(0.3)
            #expect(abs(engine.position!.testSeconds - paused) < 0.01, "position holds while paused")
            engine.stop()
            #expect(engine.state == .stopped)
            #expect(engine.position == nil)
            harness.spin(0.05)
            #expect(harness.recorder.states == [.paused, .playing, .paused, .stopped])
            #expect(harness.recorder.errors.isEmpty)
        }
    }

    @Test func durationIsReportedOnce() throws {
        let url = try fixture(.flac)
        try EngineHarness.run { harness in
            harness.engine.load(uri: url)
            #expect(harness.wait { harness.engine.duration != nil })
            harness.spin(0.2)
            let durations = harness.recorder.events.compactMap { if case .durationChanged(let d) = $0 { d } else { nil } }
            #expect(durations.count == 1)
            #expect(abs((durations.first?.testSeconds ?? 0) - AudioFixtures.length) < 0.01)
        }
    }

    @Test func loadResumesAtStartPositionWithoutPlayingTheBeginning() throws {
        let url = try fixture(.mp3VBRXing)
        try EngineHarness.run(audioSink: EngineHarness.tapSink(sync: true)) { harness in
            let engine = harness.engine
            let tap = engine.tapOutput()
            engine.load(uri: url, startAt: .at(2.5))
            #expect(abs((engine.position?.testSeconds ?? 0) - 2.5) < 1e-9, "the pending resume position shows at once")
            engine.play()  // asked for before the pipeline can seek
            let landed = try #require(harness.waitForSeek(after: 0))
            #expect(abs(landed.testSeconds - 2.5) < 1.0 / 44_100)
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 2.7 })
            // The only audio that reached the output after the stream start was the resumed position's.
            let landing = try #require(tap.lastLanding)
            #expect(abs(landing.firstBufferTime.testSeconds - 2.5) < 1.0 / 44_100)
            #expect(engine.state == .playing)
        }
    }

    @Test func positionReportsThePendingTargetSoASliderNeverJumpsBack() throws {
        let url = try fixture()
        try EngineHarness.run { harness in
            let engine = harness.engine
            #expect(harness.loadAndPlay(url, untilPast: 0.1))
            engine.seek(to: .at(4))
            #expect(engine.position == .at(4))
            engine.seek(to: .at(1.5))
            #expect(engine.position == .at(1.5))
            let landed = try #require(harness.waitForSeek(after: 0))
            #expect(abs(landed.testSeconds - 1.5) < 1.0 / 44_100)
            #expect(harness.recorder.seekCompletions.count == 1, "only the newest target is reported")
        }
    }

    @Test func seekingPastTheEndEndsTheEpisodeAndNegativeTargetsMeanTheStart() throws {
        let url = try fixture(.flac)
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            engine.seek(to: .seconds(-5))
            #expect(engine.position == .zero)
            #expect(harness.wait { harness.isSettled })
            engine.play()
            engine.seek(to: .seconds(3600))
            #expect(harness.wait { harness.recorder.endOfStreamCount == 1 })
            #expect(harness.wait { engine.state == .paused })
            #expect(harness.recorder.errors.isEmpty)
        }
    }

    @Test func endOfStreamIsReportedAndTheEngineRestsPausedAtTheEnd() throws {
        let url = try fixture(.vorbis)
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url, startAt: .at(AudioFixtures.length - 0.4))
            engine.play()
            #expect(harness.wait(timeout: 5) { harness.recorder.endOfStreamCount == 1 })
            harness.spin(0.05)
            #expect(engine.state == .paused)
            #expect(harness.recorder.states.last == .paused)
            let end = try #require(engine.position).testSeconds
            #expect(abs(end - (engine.duration?.testSeconds ?? 0)) < 0.05)
            // Seeking back and playing works after the end.
            engine.seek(to: .at(1))
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 1.1 })
        }
    }

    /// The EOS of a segment that a later seek flushed away can still reach the bus after that seek
    /// completed (the old segment ended just as the next seek flushed; seen over HTTP with a sync=false
    /// sink on a loaded machine). It carries the earlier seek's seqnum and must not end the episode.
    @Test func anEndOfStreamFromASegmentALaterSeekFlushedAwayIsIgnored() throws {
        let url = try fixture(.flac)
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url)
            #expect(harness.waitUntilLoaded())
            engine.seek(to: .at(1))
            #expect(harness.wait { harness.isSettled })
            let flushedAway = try #require(engine.currentSeekSeqnum)
            engine.seek(to: .at(2))
            #expect(harness.wait { harness.isSettled })
            #expect(engine.currentSeekSeqnum != flushedAway)
            engine.play()
            #expect(harness.wait { engine.state == .playing && harness.isSettled })
            // What the pipeline posts in that race: an EOS with the seqnum of the first seek's segment.
            let stale = try #require(gst_message_new_eos(UnsafeMutableRawPointer(engine.playbin.element).assumingMemoryBound(to: GstObject.self)))
            gst_message_set_seqnum(stale, flushedAway)
            gst_element_post_message(engine.playbin.element, stale)
            harness.spin(0.3)
            #expect(harness.recorder.endOfStreamCount == 0)
            #expect(engine.state == .playing)
            // The EOS of the current segment still ends the episode.
            engine.seek(to: .seconds(3600))
            #expect(harness.wait { harness.recorder.endOfStreamCount == 1 })
        }
    }

    @Test func playAfterStopStartsFromTheBeginning() throws {
        let url = try fixture()
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url, startAt: .at(3))
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 3.1 })
            engine.stop()
            engine.play()
            #expect(harness.wait { engine.state == .playing && (engine.position?.testSeconds ?? 9) < 1 && harness.recorder.states.last == .playing })
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.1 })
            #expect(engine.position!.testSeconds < 1)
        }
    }

    @Test func commandsWithoutAnEpisodeDoNothing() throws {
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.play()
            engine.pause()
            engine.seek(to: .seconds(3))
            engine.stop()
            harness.spin(0.05)
            #expect(engine.state == .stopped)
            #expect(harness.recorder.events.isEmpty)
        }
    }

    @Test func eventsAreNeverDeliveredInsideACommand() throws {
        let url = try fixture()
        try EngineHarness.run { harness in
            harness.engine.load(uri: url)
            #expect(harness.recorder.events.isEmpty)
            harness.spin(0.01)
            #expect(harness.recorder.states == [.paused])
        }
    }
}
