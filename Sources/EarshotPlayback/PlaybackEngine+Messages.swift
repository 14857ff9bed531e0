import CEarshot
import CGLib
import CGStreamer
import Foundation

/// Reacting to the pipeline's bus messages, on the engine's context.
extension PlaybackEngine {
    /// Dispatches one bus message.
    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        if responseGuard.observe(message), responseGuard.isTeardownDeferred {
            finishDeferredTeardown()
            return
        }
        guard !responseGuard.isTeardownDeferred else { return }  // the pipeline the owner moved away from
        switch earshot_message_type(message) {
        case GST_MESSAGE_ASYNC_DONE:
            handleAsyncDone()
        case GST_MESSAGE_EOS:
            handleEndOfStream(seqnum: gst_message_get_seqnum(message))
        case GST_MESSAGE_ERROR:
            handleError(message)
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 100
            gst_message_parse_buffering(message, &percent)
            handleBuffering(Int(percent))
        case GST_MESSAGE_DURATION_CHANGED:
            refreshDuration()
            issueNextSeek()  // a demuxer that learned the duration may just have become seekable
        case GST_MESSAGE_TAG:
            announceChapters(ChapterReader.chapters(inTagMessage: message))
        case GST_MESSAGE_TOC:
            announceChapters(ChapterReader.chapters(inTOCMessage: message))
        case GST_MESSAGE_ELEMENT:
            if let missing = MissingPlugin(message: message), missingPlugin == nil { missingPlugin = missing }
        case GST_MESSAGE_CLOCK_LOST:
            // The clock went away (e.g. the audio device); PAUSED then PLAYING picks a new one. (Not while
            // an operation is outstanding: its ASYNC_DONE must stay unambiguous, and it re-selects anyway.)
            if requestedPipelineState == GST_STATE_PLAYING, pendingOperation == nil {
                playbin.setState(GST_STATE_PAUSED)
                playbin.setState(GST_STATE_PLAYING)
            }
        case GST_MESSAGE_LATENCY:
            let bin = UnsafeMutableRawPointer(playbin.element).assumingMemoryBound(to: GstBin.self)
            gst_bin_recalculate_latency(bin)
        default:
            break
        }
    }

    /// The outstanding asynchronous operation completed: the first preroll since (re)start, which makes
    /// the pipeline seekable, an asynchronous state change, or the flushing seek in flight.
    private func handleAsyncDone() {
        let finished = pendingOperation
        pendingOperation = nil
        guard !failed, state != .stopped else { return }
        refreshDuration()
        if !prerolled {
            prerolled = true
            prerolledAt = g_get_monotonic_time()
            if !seeks.isPending, let position = playbin.queryPosition() { lastKnownPosition = position }
            if !seeks.isPending { holdForStartupSeek = false }
            events.post(.opened)
        }
        if finished == .seek {
            seekFinished()
        } else {
            advancePipeline()
        }
    }

    /// The episode played to its end: report it and rest, paused, at the end.
    private func handleEndOfStream(seqnum: guint32) {
        // An EOS from before a flushing seek that is still pending no longer describes the pipeline. Nor
        // does one carrying the seqnum of an earlier seek's segment: when that segment ends just as the
        // next seek flushes, its EOS can reach the bus after the next seek completed (seen with a
        // sync=false sink on a loaded machine), and would end the episode just after playback resumed.
        guard !failed, state != .stopped, !seeks.isPending, !supersededSeekSeqnums.contains(seqnum) else { return }
        if let duration { lastKnownPosition = duration.nanosecondCount }
        events.post(.endOfStream)
        setState(.paused)
        applyPipelineState()
    }

    /// Below 100 % the pipeline holds in PAUSED while the owner still sees `.playing`; at 100 % it goes on.
    private func handleBuffering(_ percent: Int) {
        guard !failed, state != .stopped else { return }
        if percent != lastBufferingPercent {
            lastBufferingPercent = percent
            events.post(.buffering(percent: percent))
        }
        let buffering = percent < 100
        guard buffering != isBuffering else { return }
        isBuffering = buffering
        applyPipelineState()
    }

    /// Re-reads the duration; announces it when it becomes known, and afterwards when it moves by at least
    /// half a second (a VBR MP3 without a Xing header has its estimate refined as it plays).
    func refreshDuration() {
        guard let nanoseconds = playbin.queryDuration() else { return }
        let fresh = Duration.nanoseconds(nanoseconds)
        duration = fresh
        if let announced = announcedDuration, abs(announced.nanosecondCount - nanoseconds) < 500_000_000 { return }
        announcedDuration = fresh
        events.post(.durationChanged(fresh))
    }

    /// The first error of an attempt stops the pipeline and is reported once (follow-up errors from the
    /// same failure are dropped). A failing audio device switches to the fallback output instead.
    private func handleError(_ message: UnsafeMutablePointer<GstMessage>) {
        guard !failed, let uri else { return }
        let failure = PipelineFailure(parsing: message)
        if output.contains(earshot_message_src(message)), !output.isFallback {
            switchToFallbackOutput(because: failure.message)
            return
        }
        let isNetwork = ["http", "https"].contains(uri.scheme?.lowercased() ?? "")
        let reason = ErrorClassifier.reason(for: failure, missing: missingPlugin, isNetworkURI: isNetwork)
        stopPipeline()
        failed = true
        state = .stopped
        guard let reason else {
            // The source gave no cause: find out by connecting to the server ourselves.
            let detail = failure.message
            var probe: ConnectionDiagnosis?
            probe = ConnectionDiagnosis(uri: uri, context: context) { [weak self] found in
                guard let self, let current = self.diagnosis, current === probe else { return }
                self.diagnosis = nil
                self.reportError(PlaybackError(uri: uri, reason: found ?? .other, detail: detail))
            }
            diagnosis = probe
            return
        }
        let detail = [failure.message, failure.httpStatus.map { "HTTP \($0)" }].compactMap { $0 }.joined(separator: ", ")
        reportError(PlaybackError(uri: uri, reason: reason, detail: detail))
    }

    private func reportError(_ error: PlaybackError) {
        events.post(.error(error))
        setState(.stopped)
    }

    /// Replaces an audio output that failed while in use by `fakesink sync=true`, and carries on from
    /// the same position in the same state.
    private func switchToFallbackOutput(because reason: String) {
        let resumeAt = currentPosition()
        let wanted = state
        stopPipeline()
        output = AudioOutput.fallback(because: "\(output.description): \(reason)")
        playbin.setAudioSink(output.element)
        for attach in outputPadObservers { output.withSinkPad(attach) }
        if resumeAt > 0 { seeks.request(.init(position: resumeAt, reportsCompletion: false)) }
        startPipeline()
        state = wanted
        applyPipelineState()
    }
}
