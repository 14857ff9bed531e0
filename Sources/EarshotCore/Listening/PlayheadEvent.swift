import EarshotFeed
import EarshotStore

/// What the playhead did, as the comforts (chapters, the sound profile, the sleep timer) and the
/// `Listening` hear it. Each comfort follows these and re-arms its own alarms; none calls another.
enum PlayheadEvent {
    /// Another episode became current (not loaded yet).
    case becameCurrent(StoredEpisode)
    /// The current episode was loaded into the engine: its sound goes on before anything plays.
    case loaded
    /// The playhead jumped (a load, a seek asked for or landed, chapters found): where it is now.
    case jumped
    /// Playing started or stopped.
    case playStateChanged(playing: Bool)
    /// The pace of the playhead changed (the rate, the known length, a setting): alarms re-armed.
    case paceChanged
    /// The audio itself carries these chapters.
    case chaptersFound([Chapter])
    /// The audio reached its end.
    case ended
}
