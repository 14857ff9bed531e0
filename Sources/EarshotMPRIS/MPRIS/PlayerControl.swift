/// What the MPRIS adapter needs from the player: the state to publish and the commands to forward.
/// `Session` (or, until it exists, the daemon's simple player) implements it; the adapter holds it
/// strongly, so the implementation should reach the adapter through a weak reference or a closure.
///
/// The adapter applies the MPRIS rules before calling in (stale track ids, negative or out-of-range
/// positions, NaN/infinite values and disabled capabilities never get here; rates are clamped, rate 0
/// becomes `pause()`, volume below 0 becomes 0; Seek becomes `setPosition` or, past the end, `next()`),
/// so an implementation only does what it is asked. Everything runs on the main context's thread.
///
/// After any change of `state` (by a command or by itself: end of episode, buffering, a refresh), the
/// owner calls `MPRISAdapter.stateChanged()`; after a seek completes, `MPRISAdapter.seeked(to:)`.
public protocol PlayerControl: AnyObject {
    /// The current state (read on every Get and whenever changes are checked).
    var state: PlayerState { get }
    /// The playback position in microseconds; while a seek is in flight, its target (so that
    /// repeated relative seeks add up).
    var position: Int64 { get }
    /// Whether there is a current episode (`state.episode != nil`), known without building `state`: a Get
    /// of Position needs only this and `position`, and desktops' seek bars ask for it every second.
    var hasEpisode: Bool { get }

    /// Starts or resumes playback of the current episode.
    func play() throws(PlayerError)
    /// Pauses playback (no effect when already paused).
    func pause() throws(PlayerError)
    /// Pauses when playing; otherwise starts or resumes.
    func playPause() throws(PlayerError)
    /// Stops playback.
    func stop() throws(PlayerError)
    /// Moves to the next episode, keeping Paused or Stopped as it was (called only when `canGoNext`,
    /// or when a seek went past the end).
    func next() throws(PlayerError)
    /// Moves to the previous episode, keeping Paused or Stopped (called only when `canGoPrevious`).
    func previous() throws(PlayerError)
    /// Seeks the current episode, `trackID`, to `position` µs (0 ≤ position ≤ length when known).
    func setPosition(_ position: Int64, trackID: TrackID) throws(PlayerError)
    /// Opens a URI (file, http or https; the scheme is already checked).
    func openURI(_ uri: String) throws(PlayerError)
    /// Sets the rate, already clamped to [minimumRate, maximumRate] and never 0.
    func setRate(_ rate: Double) throws(PlayerError)
    /// Sets the volume, never negative.
    func setVolume(_ volume: Double) throws(PlayerError)
    /// Saves progress and ends the daemon; called after the Quit reply has been sent.
    func quit()
}
