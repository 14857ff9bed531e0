/// Where the daemon's player is in the current episode and how it moves, as one Status answer tells it.
struct Playhead {
    /// Seconds from the start of the episode.
    var position: Double
    /// How fast the audio plays (1 is normal speed).
    var rate: Double
    /// Whether it plays (not paused or stopped).
    var playing: Bool
    /// Whether silences are trimmed, so that the audio runs ahead of the clock.
    var trimming: Bool
}

extension Playhead {
    /// The playhead Status describes: Status gives `time_saved` only while silences are trimmed.
    init(_ status: StatusRecord) {
        self.init(position: status.position ?? 0, rate: status.rate ?? 1, playing: status.status == "Playing",
                  trimming: status.timeSaved != nil)
    }
}
