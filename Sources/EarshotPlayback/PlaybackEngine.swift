import CEarshot
import CGLib
import CGStreamer
import EarshotGLib
import Foundation

/// Plays one episode at a time through GStreamer's `playbin`: load, play, pause, stop, accurate seeks,
/// rate (pitch kept by `scaletempo`) and volume, with events to one owner.
///
/// The engine lives on the GLib main context that was the calling thread's default when it was created;
/// the pipeline's bus is watched on that context, events are delivered there, and every method must be
/// called on that thread. It starts no threads and uses no Dispatch or async/await (GStreamer's own
/// streaming threads are GStreamer's business).
///
/// Seeks are flushing and accurate, coalesced so that at most one is in flight; a newer target replaces a
/// waiting one, and while a seek is pending `position` reports its target. A seek requested before the
/// pipeline can seek (while it prerolls) is kept and performed as soon as it can.
public final class PlaybackEngine {
    /// The range `setRate(_:)` accepts; values outside are clamped.
    public static let rateRange: ClosedRange<Double> = 0.5...3.0

    /// How long the engine, when it goes away, waits for an HTTP response in flight before stopping the
    /// pipeline anyway (see `ResponseGuard`); souphttpsrc's own timeout is 15 s.
    static let teardownResponseWait = 5.0

    /// Receives the engine's events (held weakly: the delegate is the engine's owner).
    public weak var delegate: (any PlaybackEngineDelegate)?

    /// The state the owner sees: what it asked for, not the pipeline's momentary state.
    public internal(set) var state: PlaybackState = .stopped

    /// The loaded episode, if any (kept after `stop()` and errors, so `play()` can start it again).
    package internal(set) var uri: URL?

    /// The loaded episode's duration, once known (an estimate for VBR MP3 without a Xing header, refined
    /// as it plays).
    public internal(set) var duration: Duration?

    /// Playback rate; survives loading another episode.
    public internal(set) var rate: Double = 1

    /// Linear volume 0…1; survives loading another episode (a fade moves it step by step).
    public internal(set) var volume: Double = 1

    /// The gst-launch description of the audio output in use (`fakesink sync=true` after a fallback).
    package var audioOutputDescription: String { output.description }

    /// Whether the engine fell back to a synchronised fakesink because no audio device worked.
    package var isUsingFallbackOutput: Bool { output.isFallback }

    /// The context the engine runs on.
    let context: MainContext
    let playbin: Playbin
    var output: AudioOutput
    var busWatch: BusWatch?
    var events: EventQueue!

    var seeks = SeekScheduler()
    /// The seqnum of the last flushing seek the pipeline accepted (its segment, and that segment's EOS,
    /// carry it), and those of the earlier ones since the pipeline started: an EOS carrying one of these
    /// belongs to a segment a later seek flushed away.
    var currentSeekSeqnum: guint32?
    var supersededSeekSeqnums: Set<guint32> = []
    /// Whether the pipeline has prerolled since the last (re)start, i.e. it can take seeks.
    var prerolled = false
    /// When it prerolled (g_get_monotonic_time, µs).
    var prerolledAt: gint64 = 0
    /// The timer that tries a waiting seek again while the pipeline is not yet seekable.
    var seekRetry: SourceHandle?
    /// Whether an HTTP stream is refilling its buffer (the pipeline is held in PAUSED).
    var isBuffering = false
    var lastBufferingPercent: Int?
    /// Whether the pipeline is held in PAUSED until the start-up seek (resume position, rate) lands.
    var holdForStartupSeek = false
    /// Whether an error was already reported for the current attempt (follow-up errors are dropped).
    var failed = false
    /// The last duration announced to the delegate.
    var announcedDuration: Duration?
    /// The last state announced to the delegate.
    var announcedState: PlaybackState = .stopped
    /// The pipeline state last asked for.
    var requestedPipelineState: GstState = GST_STATE_NULL
    /// The asynchronous state change or seek whose ASYNC_DONE is awaited.
    var pendingOperation: PendingOperation?
    /// The last position the pipeline reported, in nanoseconds.
    var lastKnownPosition: Int64 = 0
    var missingPlugin: MissingPlugin?
    var diagnosis: ConnectionDiagnosis?
    /// What `observeOutputPad(_:)` was given: called again for each output that replaces the current one.
    var outputPadObservers: [(UnsafeMutablePointer<GstPad>) -> Void] = []
    /// Whether voice boost is on (see `voiceBoost`).
    var isVoiceBoostOn = false
    /// The fade in progress, if any.
    var fadeTimer: SourceHandle?
    /// The chapters announced for the current episode.
    var announcedChapters: [AudioChapter] = []
    /// Defers tearing down a pipeline whose HTTP source waits for a response (libsoup 3 crashes otherwise).
    var responseGuard = ResponseGuard()

    /// Creates an engine on the calling thread's default main context.
    ///
    /// - Parameter audioSink: a gst-launch description of the audio output (e.g. `"pulsesink"`,
    ///   `"fakesink sync=true"`); nil uses `EARSHOT_AUDIO_SINK`, else `autoaudiosink`. When the output
    ///   cannot be opened (no audio device), the engine plays to `fakesink sync=true` and warns once.
    /// - Throws: `PlaybackSetupError` when GStreamer, `playbin` or `scaletempo` is unavailable.
    /// - Parameter credentials: the user name and password of a private feed's address, handed to the HTTP
    ///   source (which answers the server's 401 challenge with them).
    public init(audioSink: String? = nil,
                credentials: (@Sendable (URL) -> (user: String, password: String)?)? = nil) throws(PlaybackSetupError) {
        try GStreamer.initialize()
        context = MainContext.threadDefault()
        playbin = try Playbin()
        output = AudioOutput.resolve(audioSink)
        playbin.setAudioSink(output.element)
        if let credentials { SourceCredentials(watching: playbin.element, lookup: credentials) }
        events = EventQueue(context: context) { [weak self] event, load in
            guard let self else { return }
            switch event {
            case .playback(let event): self.delegate?.playbackEngine(self, didEmit: event, of: load)
            case .listening(let event): self.delegate?.playbackEngine(self, didEmit: event, of: load)
            }
        }
        let bus = playbin.bus()
        busWatch = BusWatch(bus: bus, context: context) { [weak self] message in
            self?.handle(message)
        }
        gst_object_unref(bus)
    }

    deinit {
        fadeTimer?.cancel()
        diagnosis?.cancel()
        seekRetry?.cancel()
        events.cancel()
        busWatch = nil
        if responseGuard.isAwaitingResponse { playbin.awaitResponse(timeoutSeconds: Self.teardownResponseWait) }
        playbin.setState(GST_STATE_NULL)
    }

    // MARK: Commands

    /// The stamp of the newest load: the events of that load carry it.
    package var currentLoad: LoadStamp { events.load }

    /// Loads `uri` (http, https or file) and prepares it paused at `startAt` (clamped at 0): the resume
    /// position is a seek kept until the pipeline can seek. Rate and volume carry over. Returns the
    /// stamp its events carry.
    @discardableResult
    public func load(uri: URL, startAt: Duration = .zero) -> LoadStamp {
        assertOnEngineThread()
        stopPipeline()
        events.load = events.load.next
        self.uri = uri
        duration = nil
        announcedDuration = nil
        announcedChapters = []
        playbin.filters.trimmer.resetTimeSaved()
        if !responseGuard.isTeardownDeferred { playbin.setURI(uri.absoluteString) }
        let start = max(0, startAt.nanosecondCount)
        if start > 0 {
            seeks.request(.init(position: start, reportsCompletion: true))
        }
        startPipeline()
        setState(.paused)
        applyPipelineState()
        return events.load
    }

    /// Plays the loaded episode (from the start after `stop()` or an error). Does nothing without one.
    public func play() {
        assertOnEngineThread()
        guard uri != nil, state != .playing else { return }
        if state == .stopped { startPipeline() }
        setState(.playing)
        applyPipelineState()
    }

    /// Pauses playback; does nothing unless playing.
    public func pause() {
        assertOnEngineThread()
        guard state == .playing else { return }
        setState(.paused)
        applyPipelineState()
    }

    /// Stops playback and releases the stream and the audio device; `play()` starts again from the
    /// beginning (or from a position sought while stopped).
    public func stop() {
        assertOnEngineThread()
        guard state != .stopped else { return }
        stopPipeline()
        setState(.stopped)
    }

    /// Seeks to `target` (negative values mean 0); completion is reported by `seekCompleted`. Requests
    /// made while a seek is in flight are coalesced: only the newest waiting target is performed. A target
    /// past the end ends the episode (`endOfStream`); it is not clamped to `duration`, which for a VBR MP3
    /// without a Xing header is only an estimate.
    public func seek(to target: Duration) {
        assertOnEngineThread()
        guard uri != nil else { return }
        seeks.request(.init(position: max(0, target.nanosecondCount), reportsCompletion: true))
        issueNextSeek()
    }

    /// Sets the playback rate, clamped to `rateRange`; pitch is preserved. Applied as a flushing seek at
    /// the current position, coalesced with other seeks, and kept for the following episodes.
    public func setRate(_ newRate: Double) {
        assertOnEngineThread()
        guard !newRate.isNaN else { return }
        let clamped = min(max(newRate, Self.rateRange.lowerBound), Self.rateRange.upperBound)
        guard clamped != rate else { return }
        rate = clamped
        guard uri != nil, state != .stopped else { return }  // applied when the pipeline starts
        if !prerolled { holdForStartupSeek = true }
        seeks.request(.init(position: currentPosition(), reportsCompletion: false))
        issueNextSeek()
    }

    /// Sets the linear volume; values below 0 become 0 and above 1 become 1. Kept across episodes. Cancels
    /// a fade in progress.
    public func setVolume(_ newVolume: Double) {
        assertOnEngineThread()
        guard !newVolume.isNaN else { return }
        cancelFade()
        applyVolume(min(max(newVolume, 0), 1))
    }

    /// The playback position: the pending seek's target while a seek is pending, otherwise where the
    /// pipeline is; nil when stopped or nothing is loaded.
    public var position: Duration? {
        assertOnEngineThread()
        guard uri != nil, state != .stopped else { return nil }
        return .nanoseconds(currentPosition())
    }

    /// Calls `attach` with the sink pad of the element that renders the audio (inside the output's
    /// description, after any converters it puts first), now and again whenever the engine replaces its
    /// output (the fallback after a device failure). For pad probes that observe what is played: levels,
    /// timestamps, the samples themselves. The pad is lent for the call (take a reference to keep it);
    /// a probe added to it stays until the output is disposed. Call on the engine's thread.
    public func observeOutputPad(_ attach: @escaping (UnsafeMutablePointer<GstPad>) -> Void) {
        assertOnEngineThread()
        outputPadObservers.append(attach)
        output.withSinkPad(attach)
    }

    // MARK: Shared with the message handling

    /// Position in nanoseconds: the pending seek target, else the pipeline's answer, else the last known.
    func currentPosition() -> Int64 {
        if let target = seeks.target { return target }
        if prerolled, let position = playbin.queryPosition() { lastKnownPosition = position }
        return lastKnownPosition
    }

    /// Sets the owner-visible state and queues `stateChanged` when it differs from the last announced.
    func setState(_ newState: PlaybackState) {
        state = newState
        guard newState != announcedState else { return }
        announcedState = newState
        events.post(.stateChanged(newState))
    }

    func assertOnEngineThread() {
        assert(g_main_context_is_owner(context.raw) != 0 || isThreadDefault(), "PlaybackEngine used off its thread")
    }

    private func isThreadDefault() -> Bool {
        let current = g_main_context_ref_thread_default()
        defer { g_main_context_unref(current) }
        return current == context.raw
    }
}
