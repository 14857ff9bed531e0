/// The latest-request-wins seek policy, as plain bookkeeping (no GStreamer here).
///
/// At most one flushing seek is in flight. A request made while one is in flight waits; a newer request
/// replaces the waiting one. When the in-flight seek completes (ASYNC_DONE), the waiting one is issued.
/// While anything is pending, `target` is the newest position asked for, which is what `position` shows.
struct SeekScheduler {
    /// One seek: where to, and whether the owner asked for it (and so hears `seekCompleted`); rate changes
    /// are seeks the owner did not ask for as such.
    struct Request: Equatable {
        /// Target in nanoseconds of stream time.
        var position: Int64
        /// Whether completing it produces `PlaybackEvent.seekCompleted`.
        var reportsCompletion: Bool
    }

    /// The seek sent to the pipeline and not yet completed.
    private(set) var inFlight: Request?
    /// The newest request not yet sent.
    private(set) var waiting: Request?

    /// Whether a seek is in flight or waiting.
    var isPending: Bool { inFlight != nil || waiting != nil }

    /// The newest target asked for, while one is pending.
    var target: Int64? { waiting?.position ?? inFlight?.position }

    /// Records a request; it replaces any waiting one (keeping that one's wish to be reported).
    mutating func request(_ request: Request) {
        var request = request
        if let replaced = waiting { request.reportsCompletion = request.reportsCompletion || replaced.reportsCompletion }
        waiting = request
    }

    /// The request to send now, if nothing is in flight; it becomes the in-flight one.
    mutating func takeNext() -> Request? {
        guard inFlight == nil, let next = waiting else { return nil }
        waiting = nil
        inFlight = next
        return next
    }

    /// The in-flight seek completed (or was refused). Returns it when it is the last one (nothing waiting); when a newer
    /// request waits, returns nil and hands its wish to be reported on to that request.
    mutating func completeInFlight() -> Request? {
        guard let done = inFlight else { return nil }
        inFlight = nil
        guard var next = waiting else { return done }
        next.reportsCompletion = next.reportsCompletion || done.reportsCompletion
        waiting = next
        return nil
    }

    /// Forgets everything (stop, new load, error).
    mutating func reset() {
        inFlight = nil
        waiting = nil
    }
}
