import ArgumentParser
import EarshotGLib
import EarshotPlayback
import EarshotTestSupport
import Foundation
import Glibc

/// `earshot-bench comforts`: what the listening comforts cost and save.
///
/// (a) Silence trimming: a generated episode, half speech-like tone, half silences of 2–5 s, is played
/// through at 1× to `fakesink sync=true` with trimming on; the wall time over the episode's length is the
/// figure (target ≤ 0.6). Then seeks into the tone, still trimming, must land with the first buffer on
/// the target to one sample. (b) CPU: the same episode plays for `--cpu-seconds` with every filter off,
/// then with silence trimming and voice boost on; the process's CPU time per second of audio played, and
/// per second of wall time, in the same run.
struct ListeningBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comforts", abstract: "Silence trimming's time saved and seek accuracy; CPU with the filters on and off.")

    @Option(help: "Length in seconds of the generated episode.")
    var seconds = 120

    @Option(help: "Seconds of playback per CPU measurement.")
    var cpuSeconds = 20.0

    @Option(help: "Seeks checked with trimming on.")
    var seeks = 20

    @Option(help: "Where the generated episode goes.")
    var fixture = "bench/out/comforts.mp3"

    func run() throws {
        let url = URL(fileURLWithPath: fixture)
        let spans = try ListeningBenchmarkFixture.prepare(url, seconds: seconds)
        let silent = spans.filter { !$0.isTone }.reduce(0) { $0 + $1.seconds }
        let length = spans.reduce(0) { $0 + $1.seconds }
        print(String(format: "episode: %@, %.0f s MP3, %.0f %% in %d silences of 2–5 s", url.path, length,
                     100 * silent / length, spans.filter { !$0.isTone }.count))
        try measureTrim(url, spans: spans)
        let off = try measureCPU(url, filtersOn: false)
        let on = try measureCPU(url, filtersOn: true)
        print(String(format: "CPU, filters off: %.2f %% of a core while playing, %.1f ms per second of audio", off.perWall * 100, off.perAudio * 1000))
        print(String(format: "CPU, trim + voice boost on: %.2f %% of a core while playing, %.1f ms per second of audio", on.perWall * 100, on.perAudio * 1000))
        print(String(format: "ratio on/off (target ≤ 2): %.2f per second of audio, %.2f per second of wall time", on.perAudio / off.perAudio, on.perWall / off.perWall))
    }

    private func measureTrim(_ url: URL, spans: [ListeningBenchmarkFixture.Span]) throws {
        let length = spans.reduce(0) { $0 + $1.seconds }
        try withEngine(sink: "audioconvert ! audio/x-raw,format=F32LE,channels=1 ! fakesink sync=true") { engine, wait in
            engine.trimSilence = true
            let tap = SinkTap()
            engine.observeOutputPad(tap.attach)
            let recorder = BenchRecorder()
            engine.delegate = recorder
            let started = ContinuousClock.now
            engine.load(uri: url)
            engine.play()
            guard wait(length * 2, { recorder.ended }) else { throw ValidationError("did not reach the end") }
            let wall = Self.seconds(ContinuousClock.now - started)
            print(String(format: "trim silence at 1× (from load to the end): played %.0f s in %.2f s, %.3f of its length (target ≤ 0.6); time saved reported %.2f s",
                         length, wall, wall / length, Self.seconds(engine.timeSaved)))
            var worst = 0.0
            let tones = spans.filter(\.isTone)
            for index in 0..<seeks {
                // Spread over the episode, each at another place inside its tone span.
                let span = tones[index * 7 % tones.count]
                let fraction = Double(index * 37 % 100) / 100
                let target = Duration.nanoseconds(Int64((span.start + 0.2 + fraction * (span.seconds - 0.6)) * 1e9 + 12_345))
                let landings = tap.landingCount, completions = recorder.completions
                engine.seek(to: target)
                engine.play()
                guard wait(10, { recorder.completions > completions && tap.landingCount > landings }) else { throw ValidationError("seek to \(target) never landed") }
                let first = tap.lastLanding!.firstBufferTime
                worst = max(worst, abs(Self.seconds(first) - Self.seconds(target)) * 44_100)
            }
            engine.stop()
            print(String(format: "seeks with trimming on: %d, first buffer at most %.3f samples from the target (one sample = 22.7 µs)", seeks, worst))
        }
    }

    private func measureCPU(_ url: URL, filtersOn: Bool) throws -> (perWall: Double, perAudio: Double) {
        try withEngine(sink: "fakesink sync=true") { engine, wait in
            engine.trimSilence = filtersOn
            engine.voiceBoost = filtersOn
            engine.load(uri: url)
            engine.play()
            guard wait(30, { (engine.position ?? .zero) > .milliseconds(500) }) else { throw ValidationError("did not play") }
            let startCPU = Self.cpuSeconds(), startWall = ContinuousClock.now, startPosition = engine.position ?? .zero
            _ = wait(cpuSeconds, { false })
            let cpu = Self.cpuSeconds() - startCPU
            let wall = Self.seconds(ContinuousClock.now - startWall)
            let audio = Self.seconds((engine.position ?? .zero) - startPosition)
            engine.stop()
            return (cpu / wall, cpu / audio)
        }
    }

    private func withEngine<T>(sink: String, _ body: (PlaybackEngine, (Double, () -> Bool) -> Bool) throws -> T) throws -> T {
        let context = MainContext()
        return try context.withThreadDefault {
            let engine = try PlaybackEngine(audioSink: sink)
            return try body(engine) { timeout, done in
                let ticker = context.addTimeout(milliseconds: 10) { true }
                defer { ticker.cancel() }
                return context.iterate(until: done, timeoutSeconds: timeout)
            }
        }
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Counts what the benchmark waits for.
private final class BenchRecorder: PlaybackEngineDelegate {
    var ended = false
    var completions = 0

    func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent, of load: LoadStamp) {
        switch event {
        case .endOfStream: ended = true
        case .seekCompleted: completions += 1
        default: break
        }
    }
}

/// The benchmark episode: alternating spans of a speech-like tone (a 220 Hz sine at -12 dBFS, a voice's
/// pitch and level) and digital silence, each 2–5 s; the silences are the tone spans' lengths in reverse
/// order, so exactly half is silence.
enum ListeningBenchmarkFixture {
    struct Span {
        let isTone: Bool
        let start: Double
        let seconds: Double
    }

    static func spans(seconds: Int) -> [Span] {
        let cycle: [Double] = [2, 4, 3, 5, 2, 3, 5, 4]
        var lengths: [Double] = []
        while lengths.reduce(0, +) * 2 < Double(seconds) { lengths.append(cycle[lengths.count % cycle.count]) }
        let silences = lengths.reversed()
        var spans: [Span] = [], start = 0.0
        for (tone, silence) in zip(lengths, silences) {
            spans.append(Span(isTone: true, start: start, seconds: tone))
            spans.append(Span(isTone: false, start: start + tone, seconds: silence))
            start += tone + silence
        }
        return spans
    }

    /// Makes the episode (MP3, 44.1 kHz mono) unless it is there; returns its spans.
    static func prepare(_ url: URL, seconds: Int) throws -> [Span] {
        let spans = spans(seconds: seconds)
        let total = spans.reduce(0) { $0 + $1.seconds }
        if FileManager.default.fileExists(atPath: url.path), FileManager.default.fileExists(atPath: url.path + ".\(total)") { return spans }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var arguments = ["-q", "concat", "name=c", "!", "identity", "single-segment=true", "!", "audioconvert", "!",
                         "lamemp3enc", "target=bitrate", "bitrate=64", "cbr=true", "!", "filesink", "location=\(url.path)"]
        let caps = "audio/x-raw,format=F32LE,rate=44100,channels=1"
        for span in spans {
            let buffers = String(Int(span.seconds * 100))
            if span.isTone {
                arguments += ["audiotestsrc", "wave=sine", "freq=220", "volume=0.25", "samplesperbuffer=441", "num-buffers=\(buffers)",
                              "!", caps, "!", "c."]
            } else {
                arguments += ["audiotestsrc", "wave=silence", "samplesperbuffer=441", "num-buffers=\(buffers)", "!", caps, "!", "c."]
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("gst-launch-1.0 failed making \(url.path)") }
        FileManager.default.createFile(atPath: url.path + ".\(total)", contents: nil)
        return spans
    }
}
