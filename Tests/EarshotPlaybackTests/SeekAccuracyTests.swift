import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// After `seek(to: t)` completes, the first buffer that reaches the output carries stream time t (within
/// one sample period), and its audio really is the audio found at t when the file is decoded from the
/// start — for every format, from a file and over HTTP.
@Suite("Seek accuracy")
struct SeekAccuracyTests {
    @Test("from a file", arguments: AudioFormat.allCases)
    func fromFile(_ format: AudioFormat) throws {
        guard let url = try AudioFixtures.file(format) else { return }  // encoder not installed
        try checkLandings(format: format, uri: url)
    }

    @Test("over HTTP", arguments: AudioFormat.allCases)
    func overHTTP(_ format: AudioFormat) throws {
        guard let bytes = try AudioFixtures.bytes(format) else { return }
        let server = try FixtureServer()
        let path = "/episode.\(format.fileExtension)"
        server.serve(path, body: bytes, contentType: format.contentType)
        try checkLandings(format: format, uri: server.url(path))
        withExtendedLifetime(server) {}
    }

    /// `pushfile://` makes every demuxer work in push mode, as it would on a network stream without
    /// progressive download; landings must be exact there too (`LandingGuard` trims the demuxers that
    /// land early). GStreamer 1.22's oggdemux cannot seek reliably in push mode at all (it often disables
    /// seeking after its duration probe, or restarts from 0) — which is why the engine reads network
    /// streams through progressive download, where oggdemux pulls; that case is covered by "over HTTP".
    @Test("in push mode", arguments: AudioFormat.allCases)
    func inPushMode(_ format: AudioFormat) throws {
        guard let url = try AudioFixtures.file(format) else { return }
        let pushURL = URL(string: "pushfile://" + url.path)!
        if format == .vorbis || format == .opus {
            withKnownIssue("oggdemux seeks unreliably in push mode", isIntermittent: true) {
                try checkLandings(format: format, uri: pushURL)
            }
        } else {
            try checkLandings(format: format, uri: pushURL)
        }
    }

    /// Silence trimming changes when the audio plays, never which audio a position means: the landings
    /// stay exact with it on (the programme's silences are long enough to be cut).
    @Test("with silence trimming on", arguments: AudioFormat.allCases)
    func withSilenceTrimming(_ format: AudioFormat) throws {
        guard let url = try AudioFixtures.file(format) else { return }
        try checkLandings(format: format, uri: url, trimSilence: true)
    }

    private func checkLandings(format: AudioFormat, uri: URL, trimSilence: Bool = false) throws {
        let reference = try ReferenceAudio.of(format)
        let period = 1.0 / Double(reference.sampleRate)
        try EngineHarness.run(audioSink: EngineHarness.tapSink(sync: false)) { harness in
            let engine = harness.engine
            let tap = engine.tapOutput(captureLimit: 8192)
            engine.trimSilence = trimSilence
            engine.load(uri: uri)
            try #require(harness.waitUntilLoaded(), "\(format) did not load")
            for target in AudioFixtures.noiseTargets {
                let completions = harness.recorder.seekCompletions.count
                engine.seek(to: .at(target))
                let landed = try #require(harness.waitForSeek(after: completions), "\(format): seek to \(target) never completed")
                #expect(abs(landed.testSeconds - target) <= period, "\(format): seekCompleted at \(landed) for \(target)")

                let first = try #require(tap.lastLanding).firstBufferTime.testSeconds
                #expect(abs(first - target) <= period,
                        "\(format): first buffer after seek to \(target) s is at \(first) s (\(((first - target) / period).rounded()) samples off)")

                // Let enough audio through to compare it with the reference, then stop where it is.
                // The landing is taken in the same look that finds it full: the streaming thread goes on
                // until the pause, and whatever it starts next must not replace what is compared.
                let ends = harness.recorder.endOfStreamCount
                engine.play()
                var full: SinkTap.Landing?
                let filled = harness.wait {
                    if let landing = tap.lastLanding, landing.samples.count >= 8192 { full = landing }
                    return full != nil || harness.recorder.endOfStreamCount > ends
                }
                if !filled, uri.scheme == "http" {
                    HTTPStall.record("\(format) at \(target) s: fewer than 8192 samples reached the output in 10 s")
                    return  // the engine is stuck: the rest of this format's landings cannot be checked
                }
                try #require(filled, "\(format) at \(target) s: fewer than 8192 samples reached the output in 10 s")
                engine.pause()
                let landing = try #require(full ?? tap.lastLanding)
                if full == nil, uri.scheme == "pushfile" {
                    // GStreamer 1.22's wavparse sometimes ends the stream a few milliseconds after a seek in
                    // push mode (seen 1 run in 6 under load; the stream time of the landing was right). The
                    // engine never plays a file or a download in push mode, so this is recorded, not failed.
                    withKnownIssue("the demuxer ended the stream early after a seek in push mode", isIntermittent: true) {
                        Issue.record("\(format) at \(target) s: the stream ended after \(landing.samples.count) samples")
                    }
                    continue
                }
                let claimedStart = Int((landing.firstBufferTime.testSeconds * Double(reference.sampleRate)).rounded())
                let found = Alignment.find(landing.samples, claimedStart: claimedStart, in: reference.samples)
                let captured = landing.samples.count, available = reference.samples.count
                let alignment = try #require(found, "\(format) at \(target) s: cannot compare \(captured) samples from index \(claimedStart) with \(available) reference samples (landing \(tap.landingCount) after flush \(landing.flushIndex), end of stream: \(harness.recorder.endOfStreamCount > ends))")
                // The target falls between two samples: the audio may start on either (one sample period).
                #expect(abs(alignment.lag) <= 1, "\(format) at \(target) s: the audio is \(alignment)")
                #expect(alignment.correlation > 0.9, "\(format) at \(target) s: \(alignment)")
                if format.isLossless {
                    #expect(alignment.maxDifference < 1e-6, "\(format) at \(target) s: \(alignment)")
                }
            }
        }
    }
}
