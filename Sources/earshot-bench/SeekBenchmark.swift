import ArgumentParser
import CEarshot
import CGLib
import CGStreamer
import EarshotGLib
import EarshotPlayback
import EarshotTestSupport
import Foundation

/// `earshot-bench seek`: how fast and how exactly the playback engine seeks in a long VBR MP3, from a
/// file and over loopback HTTP.
///
/// For each source it plays the episode and performs `--seeks` seeks to random positions while playing
/// (one at a time, with 200 ms of playback after each), timing each from `seek(to:)` to `seekCompleted`.
/// Accuracy is measured twice: the stream time of the first buffer that reaches the output after the
/// flush against the target, and the audio itself — the landing's samples are located in a reference
/// decoded straight through from the start, with no seek at all (the offset must be 0).
struct SeekBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seek", abstract: "Time accurate seeks in a 60-minute VBR MP3, from a file and over HTTP.")

    @Option(help: "Where the generated episode is cached (made with audiotestsrc and lamemp3enc when missing).")
    var fixture = "bench/out/seek-60min-vbr.mp3"

    @Option(help: "Length in minutes of the generated episode.")
    var minutes = 60

    @Option(help: "Seeks per source.")
    var seeks = 100

    @Option(help: "Seed for the seek targets.")
    var seed: UInt64 = 1

    /// Which sources to measure.
    enum Source: String, ExpressibleByArgument, CaseIterable { case file, http, both }

    @Option(help: "file, http or both.")
    var source: Source = .both

    /// Samples compared per landing, after skipping the first `skip` (decoder warm-up).
    static let skip = 2048, window = 2048
    /// How far (in samples, 100 ms at 44.1 kHz) a landing's audio is searched for around its claimed place.
    static let radius = 4410

    func run() throws {
        let url = URL(fileURLWithPath: fixture)
        let spans = try SeekBenchmarkFixture.prepare(url, minutes: minutes)
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let targets = SeekBenchmarkFixture.targets(in: spans, count: seeks, seed: seed)
        print("file: \(url.path) (\(size / 1_048_576) MiB, \(minutes) min VBR MP3 without a Xing header), "
              + "\(seeks) seeks per source while playing, seed \(seed)")
        let clock = ContinuousClock()
        let referenceStart = clock.now
        let reference = try SeekBenchmarkReference.decode(url, around: targets.map { Self.sampleIndex($0) },
                                                           from: Self.skip - Self.radius, count: Self.window + 2 * Self.radius)
        print(String(format: "reference: decoded straight through in %.1f s", seconds(clock.now - referenceStart)))
        if source != .http {
            try measure(label: "file", uri: url, targets: targets, reference: reference)
        }
        if source != .file {
            let server = try FixtureServer()
            server.serve("/episode.mp3", body: [UInt8](try Data(contentsOf: url)), contentType: "audio/mpeg")
            try measure(label: "http (loopback)", uri: server.url("/episode.mp3"), targets: targets, reference: reference)
            withExtendedLifetime(server) {}
        }
    }

    private func measure(label: String, uri: URL, targets: [Duration], reference: SeekBenchmarkReference) throws {
        let context = MainContext()
        try context.withThreadDefault {
            let engine = try PlaybackEngine(audioSink: "audioconvert ! audio/x-raw,format=F32LE,channels=1 ! fakesink sync=true")
            let recorder = SeekBenchmarkRecorder()
            engine.delegate = recorder
            let tap = SinkTap(captureLimit: Self.skip + Self.window)
            engine.observeOutputPad(tap.attach)
            let loadStart = ContinuousClock.now
            engine.load(uri: uri)
            engine.play()
            guard wait(context, timeout: 30, until: { (engine.position ?? .zero) > .milliseconds(100) }) else {
                throw ValidationError("\(label): playback did not start (\(recorder.errors))")
            }
            let startup = ContinuousClock.now - loadStart
            var latencies: [Duration] = []
            var worstError: Duration = .zero
            var worstReported: Duration = .zero
            var worstLag = 0, lowestCorrelation = 1.0
            for (index, target) in targets.enumerated() {
                let completions = recorder.completions.count
                let started = ContinuousClock.now
                engine.seek(to: target)
                guard wait(context, timeout: 30, until: { recorder.completions.count > completions }) else {
                    throw ValidationError("\(label): seek \(index) to \(target) never completed")
                }
                latencies.append(ContinuousClock.now - started)
                worstReported = max(worstReported, distance(recorder.completions.last!, target))
                _ = wait(context, timeout: 1, until: { (tap.lastLanding?.samples.count ?? 0) >= Self.skip + Self.window })
                _ = wait(context, timeout: 0.2, until: { false })
                guard let landing = tap.lastLanding else { throw ValidationError("\(label): nothing reached the output") }
                worstError = max(worstError, distance(landing.firstBufferTime, target))
                let match = reference.locate(landing.samples.dropFirst(Self.skip).prefix(Self.window), landingAt: index,
                                             claimedOffset: Self.radius + Self.sampleIndex(landing.firstBufferTime) - Self.sampleIndex(target))
                worstLag = max(worstLag, abs(match.lag))
                lowestCorrelation = min(lowestCorrelation, match.correlation)
            }
            engine.stop()
            let sorted = latencies.map(milliseconds).sorted()
            let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
            print("## \(label)")
            print(String(format: "load to playing: %.1f ms", milliseconds(startup)))
            print(String(format: "seek to seek-completed: median %.1f ms, p95 %.1f ms, max %.1f ms, first %.1f ms (%d seeks, %d flushing)",
                         sorted[sorted.count / 2], p95, sorted.last!, milliseconds(latencies[0]), latencies.count,
                         tap.flushCount))
            print(String(format: "worst accuracy error: first buffer %.3f µs from the target, seekCompleted %.3f µs, audio %d samples off (lowest correlation %.4f)",
                         microseconds(worstError), microseconds(worstReported), worstLag, lowestCorrelation))
        }
    }

    /// The sample (44.1 kHz) at `time`.
    static func sampleIndex(_ time: Duration) -> Int {
        Int((Double(time.components.seconds) * 44_100 + Double(time.components.attoseconds) * 44_100e-18).rounded())
    }

    private func wait(_ context: MainContext, timeout: Double, until done: () -> Bool) -> Bool {
        let ticker = context.addTimeout(milliseconds: 5) { true }
        defer { ticker.cancel() }
        return context.iterate(until: done, timeoutSeconds: timeout)
    }

    private func distance(_ a: Duration, _ b: Duration) -> Duration { a > b ? a - b : b - a }

    private func seconds(_ duration: Duration) -> Double { microseconds(duration) / 1e6 }

    private func milliseconds(_ duration: Duration) -> Double { microseconds(duration) / 1000 }

    private func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}

/// Collects what the engine reports during the benchmark.
private final class SeekBenchmarkRecorder: PlaybackEngineDelegate {
    var completions: [Duration] = []
    var errors: [PlaybackError] = []

    func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent, of load: LoadStamp) {
        switch event {
        case .seekCompleted(let position): completions.append(position)
        case .error(let error): errors.append(error)
        default: break
        }
    }
}

/// The benchmark episode: a VBR MP3 whose bitrate really varies (white noise, a tone, silence and pink
/// noise in spans of 17–43 s), without a Xing header, so seeking cannot lean on an average bitrate or a
/// table of contents. A sidecar file lists the spans, so targets can be put where the audio is noise —
/// the only audio whose position can be recognised unambiguously.
enum SeekBenchmarkFixture {
    /// One span of the programme.
    struct Span {
        let wave: String
        let start: Double
        let seconds: Double
        var isNoise: Bool { wave.contains("noise") }
    }

    private static let waves = ["wave=white-noise volume=0.3", "wave=sine freq=440 volume=0.5", "wave=silence",
                                "wave=pink-noise volume=0.3"]

    /// The programme of a `minutes`-long episode (always the same for a given length).
    static func spans(minutes: Int) -> [Span] {
        var random = SeededRandom(seed: 60)
        var spans: [Span] = []
        var start = 0.0
        let total = Double(minutes * 60)
        while start < total {
            let seconds = min(total - start, Double(17 + random.next() % 27))
            spans.append(Span(wave: waves[spans.count % waves.count], start: start, seconds: seconds))
            start += seconds
        }
        return spans
    }

    /// Makes the episode at `url` unless it is there with its sidecar; returns its spans.
    static func prepare(_ url: URL, minutes: Int) throws -> [Span] {
        let spans = spans(minutes: minutes)
        let sidecar = URL(fileURLWithPath: url.path + ".spans")
        // The first line names how the file was made, so a change here regenerates it.
        let description = (["earshot seek fixture 2: concat, single segment, lamemp3enc quality 4"]
            + spans.map { "\($0.start) \($0.seconds) \($0.wave)" }).joined(separator: "\n")
        if FileManager.default.fileExists(atPath: url.path),
           (try? String(contentsOf: sidecar, encoding: .utf8)) == description {
            return spans
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let caps = "audio/x-raw,format=S16LE,rate=44100,channels=2,layout=interleaved"
        // One continuous segment for the encoder: a new segment at every span would make it drain and
        // pad a frame each time, shifting the spans.
        var arguments = ["-q", "concat", "name=c", "!", "identity", "single-segment=true", "!", "audioconvert", "!",
                         "lamemp3enc", "target=quality", "quality=4",
                         "!", "filesink", "location=\(url.path).partial"]
        for span in spans {
            arguments += ["audiotestsrc"] + span.wave.split(separator: " ").map(String.init)
                + ["samplesperbuffer=441", "num-buffers=\(Int((span.seconds * 100).rounded()))", "!", caps, "!", "c."]
        }
        print("generating \(url.path) (\(minutes) min, \(spans.count) spans) with gst-launch-1.0…")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gst-launch-1.0"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("gst-launch-1.0 failed with status \(process.terminationStatus)")
        }
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: URL(fileURLWithPath: url.path + ".partial"), to: url)
        try description.write(to: sidecar, atomically: true, encoding: .utf8)
        return spans
    }

    /// `count` targets at random places inside the noise spans, away from their edges.
    static func targets(in spans: [Span], count: Int, seed: UInt64) -> [Duration] {
        let noise = spans.filter { $0.isNoise && $0.seconds > 2 }
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let span = noise[Int(random.next() % UInt64(noise.count))]
            let offset = 0.5 + (span.seconds - 1.5) * Double(random.next() % 1_000_000) / 1_000_000
            return .nanoseconds(Int64(((span.start + offset) * 1e9).rounded()))
        }
    }
}

/// Windows of the episode decoded straight through from the start (no seek, so every sample's index is
/// simply counted), against which the landings are checked.
final class SeekBenchmarkReference: @unchecked Sendable {  // filled on the streaming thread, read after EOS
    private let starts: [Int]
    private let count: Int
    private var windows: [[Float]]
    private var next = 0  // sample index of the next decoded sample
    private let lock = NSLock()

    private init(starts: [Int], count: Int) {
        self.starts = starts
        self.count = count
        windows = starts.map { _ in [] }
    }

    /// Decodes `file` and keeps, for each index in `indices`, `count` samples from `index + offset`.
    static func decode(_ file: URL, around indices: [Int], from offset: Int, count: Int) throws -> SeekBenchmarkReference {
        let reference = SeekBenchmarkReference(starts: indices.map { $0 + offset }, count: count)
        gst_init(nil, nil)
        var error: UnsafeMutablePointer<GError>?
        let description = "filesrc location=\"\(file.path)\" ! decodebin ! audioconvert ! audio/x-raw,format=F32LE,channels=1 ! fakesink name=sink sync=false"
        guard let parsed = gst_parse_launch(description, &error), GLibError(taking: error) == nil else {
            throw ValidationError("cannot build the reference decoder")
        }
        let pipeline = UnsafeMutableRawPointer(gst_object_ref_sink(parsed)!).assumingMemoryBound(to: GstElement.self)
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let sink = gst_bin_get_by_name(bin, "sink"), let pad = gst_element_get_static_pad(sink, "sink") else {
            throw ValidationError("reference decoder has no sink")
        }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { _, info, data in
            if let info, let data, let buffer = earshot_probe_info_buffer(info) {
                Unmanaged<SeekBenchmarkReference>.fromOpaque(data).takeUnretainedValue().take(buffer)
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(reference).toOpaque(), { data in
            Unmanaged<SeekBenchmarkReference>.fromOpaque(data!).release()
        })
        gst_object_unref(pad)
        gst_object_unref(sink)
        let bus = gst_element_get_bus(pipeline)
        defer { gst_object_unref(bus) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let types = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, 600 * 1_000_000_000, types) else {
            throw ValidationError("reference decode timed out")
        }
        defer { gst_message_unref(message) }
        guard earshot_message_type(message) == GST_MESSAGE_EOS else { throw ValidationError("reference decode failed") }
        return reference
    }

    /// Where `samples`, which claim to start `claimedOffset` samples into landing `index`'s window, really
    /// are: the lag of the best normalised correlation, and that correlation.
    func locate(_ samples: ArraySlice<Float>, landingAt index: Int, claimedOffset: Int) -> (lag: Int, correlation: Double) {
        let window = lock.withLock { windows[index] }
        let captured = Array(samples)
        guard !captured.isEmpty, window.count == count else { return (Int.max / 2, 0) }
        var best = (lag: 0, correlation: -2.0)
        let energy = captured.reduce(0.0) { $0 + Double($1) * Double($1) }
        for start in 0...(count - captured.count) {
            var dot = 0.0, other = 0.0
            for i in 0..<captured.count {
                let y = Double(window[start + i])
                dot += Double(captured[i]) * y
                other += y * y
            }
            let correlation = energy > 0 && other > 0 ? dot / (energy * other).squareRoot() : 0
            if correlation > best.correlation { best = (start - claimedOffset, correlation) }
        }
        return best
    }

    private func take(_ buffer: UnsafeMutablePointer<GstBuffer>) {
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0, let data = map.data else { return }
        defer { gst_buffer_unmap(buffer, &map) }
        let frames = Int(map.size) / MemoryLayout<Float>.size
        let raw = UnsafeRawPointer(data)
        lock.withLock {
            let first = next
            next += frames
            for (w, start) in starts.enumerated() where start < next && start + count > first && windows[w].count < count {
                let from = max(start + windows[w].count, first)
                let to = min(start + count, next)
                for index in from..<to {
                    windows[w].append(raw.loadUnaligned(fromByteOffset: (index - first) * MemoryLayout<Float>.size, as: Float.self))
                }
            }
        }
    }
}

