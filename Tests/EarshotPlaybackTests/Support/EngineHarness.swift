import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// Records everything an engine tells its owner.
final class EventRecorder: PlaybackEngineDelegate {
    private(set) var events: [PlaybackEvent] = []

    private(set) var listeningEvents: [ListeningEvent] = []

    /// The load each playback event belongs to.
    private(set) var loads: [LoadStamp] = []

    func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent, of load: LoadStamp) {
        events.append(event)
        loads.append(load)
    }

    func playbackEngine(_ engine: PlaybackEngine, didEmit event: ListeningEvent, of load: LoadStamp) {
        listeningEvents.append(event)
    }

    var chapterLists: [[AudioChapter]] {
        listeningEvents.compactMap { if case .chaptersFound(let chapters) = $0 { chapters } else { nil } }
    }

    var errors: [PlaybackError] {
        events.compactMap { if case .error(let error) = $0 { error } else { nil } }
    }

    var seekCompletions: [Duration] {
        events.compactMap { if case .seekCompleted(let position) = $0 { position } else { nil } }
    }

    var states: [PlaybackState] {
        events.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
    }

    var endOfStreamCount: Int { events.filter { $0 == .endOfStream }.count }

    func clear() { events.removeAll() }
}

/// One engine on its own main context, pushed as the thread default while the test body runs (Swift
/// Testing runs tests in parallel, each on some thread of its pool).
struct EngineHarness {
    let context: MainContext
    let engine: PlaybackEngine
    let recorder: EventRecorder

    /// The output tests use: decoded audio as mono 32-bit floats, to a fakesink (synchronised or not).
    static func tapSink(sync: Bool) -> String {
        "audioconvert ! audio/x-raw,format=F32LE,channels=1 ! fakesink sync=\(sync)"
    }

    /// Runs `body` with a fresh context and engine (output `audioSink`, default a synchronised fakesink).
    static func run<T>(audioSink: String = "fakesink sync=true", _ body: (EngineHarness) throws -> T) throws -> T {
        let context = MainContext()
        return try context.withThreadDefault {
            let engine = try PlaybackEngine(audioSink: audioSink)
            let recorder = EventRecorder()
            engine.delegate = recorder
            let harness = EngineHarness(context: context, engine: engine, recorder: recorder)
            defer { harness.drain() }
            return try body(harness)
        }
    }

    /// Iterates the context until `condition` holds; false after `timeout` seconds. A 10 ms ticker wakes
    /// the loop so that conditions on polled values (position) are checked while no message arrives.
    @discardableResult
    func wait(timeout: Double = 10, for condition: () -> Bool) -> Bool {
        let ticker = context.addTimeout(milliseconds: 10) { true }
        defer { ticker.cancel() }
        return context.iterate(until: condition, timeoutSeconds: timeout)
    }

    /// Iterates the context for `seconds`.
    func spin(_ seconds: Double) {
        _ = context.iterate(until: { false }, timeoutSeconds: seconds)
    }

    /// Waits for the next `seekCompleted` after the current number of completions.
    func waitForSeek(after count: Int, timeout: Double = 10) -> Duration? {
        guard wait(timeout: timeout, for: { recorder.seekCompletions.count > count }) else { return nil }
        return recorder.seekCompletions.last
    }

    /// Waits until the engine has prerolled the loaded episode and has nothing outstanding. (The duration
    /// of an MP3 without a Xing header is only estimated once some of it has played.)
    func waitUntilLoaded(timeout: Double = 10) -> Bool {
        wait(timeout: timeout) { isSettled }
    }

    /// Loads `uri`, waits until it is ready, plays, and waits until the position passes `seconds`;
    /// whether both waits succeeded.
    func loadAndPlay(_ uri: URL, untilPast seconds: Double) -> Bool {
        engine.load(uri: uri)
        guard waitUntilLoaded() else { return false }
        engine.play()
        return wait { (engine.position?.testSeconds ?? 0) > seconds }
    }

    /// Prerolled, with no seek or asynchronous state change outstanding.
    var isSettled: Bool { engine.prerolled && !engine.seeks.isPending && engine.pendingOperation == nil }

    /// Lets pending events and bus messages through before the engine goes away.
    func drain() {
        engine.stop()
        while context.iterate(mayBlock: false) {}
    }
}

extension PlaybackEngine {
    /// A new `SinkTap` on the engine's output, keeping up to `captureLimit` samples of each landing.
    func tapOutput(captureLimit: Int = 0) -> SinkTap {
        let tap = SinkTap(captureLimit: captureLimit)
        observeOutputPad(tap.attach)
        return tap
    }
}

extension Duration {
    /// Seconds as a Double, for assertions.
    var testSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }

    /// A duration from seconds.
    static func at(_ seconds: Double) -> Duration { .nanoseconds(Int64((seconds * 1e9).rounded())) }
}
