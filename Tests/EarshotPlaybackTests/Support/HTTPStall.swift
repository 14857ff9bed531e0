import Testing

/// An open problem, recorded rather than failed: over HTTP (progressive download), the engine sometimes
/// gets no audio to the output for 10 s after a play or a seek. It showed in three fresh-clone CI runs in
/// one day (SeekAccuracy and SeekCoalescing, MP3 over HTTP) and never in working-tree runs or in parallel
/// runs under load; the suspicion is the pipeline's state bookkeeping (`pendingOperation` and the
/// buffering messages of progressive download). docs/testing.md ("Failures and known issues") says so. Remove this once
/// a run with GST_DEBUG logs has found the cause.
enum HTTPStall {
    /// Records `what` as a known, intermittent issue.
    static func record(_ what: String) {
        withKnownIssue("over HTTP, playback sometimes does not start within 10 s (an open problem)", isIntermittent: true) {
            Issue.record(Comment(rawValue: what))
        }
    }
}
