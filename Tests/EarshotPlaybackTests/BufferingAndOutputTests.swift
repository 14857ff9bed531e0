import CEarshot
import CGStreamer
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// Buffering pauses the pipeline without the owner seeing it; outputs fall back when no device works.
@Suite("Buffering and audio output")
struct BufferingAndOutputTests {
    @Test func bufferingHoldsThePipelineButNotTheOwnersState() throws {
        let server = try FixtureServer()
        server.serve("/episode.wav", body: try #require(try AudioFixtures.bytes(.wav)), contentType: "audio/wav")
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: server.url("/episode.wav"))
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.3 && harness.isSettled })
            let statesBefore = harness.recorder.states

            // queue2 posts these when the network falls behind; post one the same way.
            post(buffering: 30, on: engine)
            #expect(harness.wait { engine.isBuffering })
            #expect(harness.wait { pipelineState(engine) == GST_STATE_PAUSED })
            let held = engine.position!.testSeconds
            harness.spin(0.3)
            #expect(abs(engine.position!.testSeconds - held) < 0.02, "position holds while buffering")
            #expect(engine.state == .playing)

            post(buffering: 100, on: engine)
            #expect(harness.wait { pipelineState(engine) == GST_STATE_PLAYING })
            #expect(harness.wait { engine.position!.testSeconds > held + 0.2 })
            #expect(harness.recorder.states == statesBefore, "the owner never saw a pause")
            #expect(harness.recorder.events.contains(.buffering(percent: 30)))
            #expect(harness.recorder.events.contains(.buffering(percent: 100)))
        }
        withExtendedLifetime(server) {}
    }

    @Test func pausingWhileBufferingStaysPausedWhenBufferingEnds() throws {
        let url = try #require(try AudioFixtures.file(.wav))
        try EngineHarness.run { harness in
            let engine = harness.engine
            engine.load(uri: url)
            engine.play()
            #expect(harness.wait { harness.isSettled && pipelineState(engine) == GST_STATE_PLAYING })
            post(buffering: 10, on: engine)
            #expect(harness.wait { engine.isBuffering })
            engine.pause()
            post(buffering: 100, on: engine)
            #expect(harness.wait { !engine.isBuffering })
            harness.spin(0.1)
            #expect(pipelineState(engine) == GST_STATE_PAUSED)
            #expect(engine.state == .paused)
        }
    }

    @Test func anOutputThatCannotOpenFallsBackToASynchronisedFakesink() throws {
        let url = try #require(try AudioFixtures.file(.wav))
        try EngineHarness.run(audioSink: "pulsesink server=unix:/nonexistent/earshot-test-socket") { harness in
            let engine = harness.engine
            #expect(engine.isUsingFallbackOutput)
            #expect(engine.audioOutputDescription == "fakesink sync=true")
            engine.load(uri: url)
            engine.play()
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 0.2 })
            let start = engine.position!.testSeconds
            harness.spin(0.5)
            let advanced = engine.position!.testSeconds - start
            #expect(advanced > 0.4 && advanced < 0.65, "real time on the fallback: \(advanced) s in 0.5 s")
        }
    }

    @Test func anOutputThatFailsWhilePlayingIsReplacedWithoutAnError() throws {
        let url = try #require(try AudioFixtures.file(.wav))
        // An output that opens (NULL → READY) but fails when it starts streaming, like a device that
        // disappears or is busy.
        try EngineHarness.run(audioSink: "fakesink sync=true state-error=ready-to-paused") { harness in
            let engine = harness.engine
            #expect(!engine.isUsingFallbackOutput)
            engine.load(uri: url, startAt: .at(1))
            engine.play()
            #expect(harness.wait { engine.isUsingFallbackOutput })
            #expect(harness.wait { (engine.position?.testSeconds ?? 0) > 1.2 })
            #expect(engine.state == .playing)
            #expect(harness.recorder.errors.isEmpty)
        }
    }

    @Test func anInvalidDescriptionFallsBackToo() throws {
        try EngineHarness.run(audioSink: "nosuchsink-earshot ! !") { harness in
            #expect(harness.engine.isUsingFallbackOutput)
        }
    }

    @Test func aWorkingDescriptionIsUsedAsGiven() throws {
        try EngineHarness.run(audioSink: "audioconvert ! fakesink sync=true") { harness in
            #expect(!harness.engine.isUsingFallbackOutput)
            #expect(harness.engine.audioOutputDescription == "audioconvert ! fakesink sync=true")
        }
    }

    /// Posts a BUFFERING message on the engine's pipeline, as queue2 does.
    private func post(buffering percent: Int32, on engine: PlaybackEngine) {
        let source = UnsafeMutableRawPointer(engine.playbin.element).assumingMemoryBound(to: GstObject.self)
        gst_element_post_message(engine.playbin.element, gst_message_new_buffering(source, percent))
    }

    private func pipelineState(_ engine: PlaybackEngine) -> GstState {
        var current = GST_STATE_VOID_PENDING
        gst_element_get_state(engine.playbin.element, &current, nil, 0)
        return current
    }
}
