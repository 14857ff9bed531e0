import ArgumentParser
import EarshotGLib
import EarshotPlayback
import EarshotTestSupport
import Foundation

/// `earshot-bench loads`: what loading episode after episode leaves behind, as a burst of Next and
/// Previous does.
///
/// One engine loads a short episode `--count` times, each load waiting until its audio opened (the
/// pipeline prerolled, as a paused Next does). After `--warm-up` loads and after all of them it prints a
/// row: the loads so far, how many `GstVolume` objects are alive (counted by GStreamer's leaks tracer,
/// which this command switches on unless `GST_TRACERS` is set) and the process's resident memory.
/// Both should stay flat: the last row equal to the first. The tracer's own bookkeeping grows with the
/// objects it sees come and go, so read memory with it off: `GST_TRACERS= earshot-bench loads`.
struct LoadsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loads", abstract: "Live GstVolume objects and resident memory over many episode loads.")

    @Option(help: "Loads in all.")
    var count = 3000

    @Option(help: "Loads before the first row (the pipeline's first-use allocations).")
    var warmUp = 20

    @Option(help: "The episode loaded (a 2-second MP3 is generated there when missing).")
    var fixture = "bench/out/loads-2s.mp3"

    @Option(help: "The audio output, as a gst-launch description.")
    var sink = "fakesink sync=true"

    func validate() throws {
        guard count >= warmUp, warmUp > 0 else { throw ValidationError("--count must be at least --warm-up, which is at least 1") }
    }

    func run() throws {
        GStreamerObjectCensus.trackBeforeInitialising(["GstVolume"])
        let url = URL(fileURLWithPath: fixture)
        try Self.prepareFixture(url)
        let context = MainContext()
        try context.withThreadDefault {
            let census = GStreamerObjectCensus()  // before the engine: every GstVolume it makes is counted
            let engine = try PlaybackEngine(audioSink: sink)
            let recorder = OpeningRecorder()
            engine.delegate = recorder
            print("loads\tlive GstVolume\tresident MB")
            for done in 1...count {
                let load = engine.load(uri: url)
                guard Self.wait(context, timeout: 10, until: { recorder.opened.contains(load) || recorder.failure != nil }) else {
                    throw ValidationError("load \(done) never opened")
                }
                if let failure = recorder.failure { throw ValidationError("load \(done) failed: \(failure)") }
                recorder.opened.remove(load)
                if done == warmUp || done == count { printRow(loads: done, census: census) }
            }
            engine.stop()
            _ = Self.wait(context, timeout: 1, until: { false })
        }
    }

    private func printRow(loads: Int, census: GStreamerObjectCensus?) {
        let live = census.map { String($0.netCreated("GstVolume")) } ?? "n/a"
        print(String(format: "%d\t%@\t%.1f", loads, live, Double(Self.residentBytes()) / 1e6))
    }

    private static func wait(_ context: MainContext, timeout: Double, until done: () -> Bool) -> Bool {
        let ticker = context.addTimeout(milliseconds: 5) { true }
        defer { ticker.cancel() }
        return context.iterate(until: done, timeoutSeconds: timeout)
    }

    /// VmRSS of this process, in bytes.
    private static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    /// Makes a 2-second 440 Hz MP3 at `url` unless a file is there.
    private static func prepareFixture(_ url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q", "audiotestsrc", "wave=sine", "samplesperbuffer=441", "num-buffers=200", "!",
                             "audio/x-raw,rate=44100,channels=1", "!", "audioconvert", "!", "lamemp3enc", "!",
                             "filesink", "location=\(url.path)"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("gst-launch-1.0 failed making \(url.path)") }
    }
}

/// The loads whose audio opened, and the first error.
private final class OpeningRecorder: PlaybackEngineDelegate {
    var opened: Set<LoadStamp> = []
    var failure: PlaybackError?

    func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent, of load: LoadStamp) {
        switch event {
        case .opened: opened.insert(load)
        case .error(let error): failure = failure ?? error
        default: break
        }
    }
}
