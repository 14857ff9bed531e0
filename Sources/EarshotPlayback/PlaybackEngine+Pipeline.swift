import CEarshot
import CGLib
import CGStreamer

/// Driving the pipeline: which GStreamer state it should be in, starting and stopping it, and sending
/// the next coalesced seek.
///
/// Asynchronous pipeline operations are strictly serialised: an asynchronous state change (prerolling,
/// pausing) and a flushing seek each end with one ASYNC_DONE, and GStreamer's ASYNC_DONE does not say
/// which operation it ends. So at most one is outstanding (`pendingOperation`); the next state change or
/// seek is sent when its ASYNC_DONE arrives, and every ASYNC_DONE is unambiguous.
extension PlaybackEngine {
    /// The asynchronous operation whose ASYNC_DONE the engine is waiting for.
    enum PendingOperation {
        case stateChange
        case seek
    }

    /// The state the pipeline should be in now: PLAYING only when the owner wants playback, the stream
    /// is not buffering and no start-up seek (resume position, rate) is still to land.
    var desiredPipelineState: GstState {
        switch state {
        case .stopped:
            return GST_STATE_NULL
        case .paused:
            return GST_STATE_PAUSED
        case .playing:
            return isBuffering || holdForStartupSeek ? GST_STATE_PAUSED : GST_STATE_PLAYING
        }
    }

    /// Moves the pipeline toward `desiredPipelineState` if that changed since the last request and no
    /// asynchronous operation is outstanding (otherwise this runs again when it completes).
    func applyPipelineState() {
        let target = uri == nil ? GST_STATE_NULL : desiredPipelineState
        guard target != requestedPipelineState, pendingOperation == nil, !responseGuard.isTeardownDeferred else { return }
        if requestedPipelineState == GST_STATE_NULL { responseGuard.requestMayStart(for: uri?.absoluteString) }
        requestedPipelineState = target
        switch playbin.setState(target) {
        case GST_STATE_CHANGE_ASYNC:
            pendingOperation = .stateChange
        case GST_STATE_CHANGE_NO_PREROLL:
            // A live source: it does not preroll, and there is nothing to wait for.
            prerolled = true
            prerolledAt = g_get_monotonic_time()
            events.post(.opened)
        default:
            break  // done at once, or failed (an ERROR message follows)
        }
    }

    /// After an operation completed: the state change the owner asked for meanwhile goes first, then the
    /// newest waiting seek.
    func advancePipeline() {
        applyPipelineState()
        issueNextSeek()
    }

    /// Prepares a fresh start of the current URI: nothing prerolled, no buffering, and the start-up seek
    /// (resume position, or position 0 at a rate other than 1) queued and holding the pipeline paused.
    func startPipeline() {
        prerolled = false
        isBuffering = false
        lastBufferingPercent = nil
        failed = false
        missingPlugin = nil
        if rate != 1, !seeks.isPending {
            seeks.request(.init(position: 0, reportsCompletion: false))
        }
        holdForStartupSeek = seeks.isPending
        lastKnownPosition = seeks.target ?? 0
    }

    /// Takes the pipeline down to NULL (which also flushes its bus) and forgets pending seeks. While its
    /// HTTP source waits for a response, the teardown is deferred until the response arrives (see
    /// `ResponseGuard`); the engine's own bookkeeping is reset at once either way.
    func stopPipeline() {
        diagnosis?.cancel()
        diagnosis = nil
        seekRetry?.cancel()
        seekRetry = nil
        if responseGuard.isAwaitingResponse {
            responseGuard.isTeardownDeferred = true
        } else {
            playbin.setState(GST_STATE_NULL)
            responseGuard.reset()
        }
        requestedPipelineState = GST_STATE_NULL
        pendingOperation = nil
        seeks.reset()
        currentSeekSeqnum = nil
        supersededSeekSeqnums.removeAll()
        prerolled = false
        isBuffering = false
        holdForStartupSeek = false
        lastKnownPosition = 0
    }

    /// The response a deferred teardown waited for arrived: takes the old pipeline down, points it at
    /// the episode loaded meanwhile, and starts it if the owner wants it playing or paused.
    func finishDeferredTeardown() {
        playbin.setState(GST_STATE_NULL)
        responseGuard.reset()
        if let uri { playbin.setURI(uri.absoluteString) }
        requestedPipelineState = GST_STATE_NULL
        pendingOperation = nil
        applyPipelineState()
    }

    /// How long after prerolling a pipeline that says it cannot seek yet is given to become seekable
    /// (oggdemux reading HTTP, for one, first fetches the end of the file to learn the duration).
    static let seekReadinessGrace: gint64 = 3_000_000  // µs

    /// Sends the waiting seek if the pipeline can take one now (prerolled, no operation outstanding, and
    /// seekable — or no longer expected to become so, in which case the refusal is reported).
    func issueNextSeek() {
        guard prerolled, pendingOperation == nil, state != .stopped, !failed, seeks.waiting != nil else { return }
        if !playbin.isSeekable(), g_get_monotonic_time() - prerolledAt < Self.seekReadinessGrace {
            retrySeekSoon()
            return
        }
        guard let request = seeks.takeNext() else { return }
        responseGuard.requestMayStart(for: uri?.absoluteString)  // beyond what was downloaded: a range request
        if let seqnum = playbin.seek(to: request.position, rate: rate) {
            if let previous = currentSeekSeqnum { supersededSeekSeqnums.insert(previous) }
            currentSeekSeqnum = seqnum
            pendingOperation = .seek
        } else {
            // Refused (e.g. a server without Range support): playback goes on where it is.
            seekFinished()
        }
    }

    /// Tries the waiting seek again shortly, on the engine's context.
    private func retrySeekSoon() {
        guard seekRetry == nil else { return }
        seekRetry = context.addTimeout(milliseconds: 20) { [weak self] in
            self?.seekRetry = nil
            self?.issueNextSeek()
            return false
        }
    }

    /// The in-flight seek completed (ASYNC_DONE) or was refused: moves on to what waits, and when it was
    /// the last seek, releases the start-up hold and reports where playback landed.
    func seekFinished() {
        guard let last = seeks.completeInFlight() else {
            advancePipeline()
            return
        }
        // Where the audio after the flush starts is the exact landing; a position query in PLAYING would
        // already be a little past it. A refused seek leaves playback where the pipeline says it is.
        if let landed = playbin.landingGuard.landing ?? playbin.queryPosition() { lastKnownPosition = landed }
        holdForStartupSeek = false
        advancePipeline()
        if last.reportsCompletion {
            events.post(.seekCompleted(position: .nanoseconds(lastKnownPosition)))
        }
    }
}
