/// One piece of what `earshot transcript --follow` prints, before it is laid out for a terminal or a pipe.
enum FollowOutput: Equatable {
    /// The episode that became current, with its podcast's title.
    case episode(EpisodeRecord, podcast: String?)
    /// The playhead landed elsewhere, at this moment (seconds).
    case separator(at: Double)
    /// A line spoken before the one being spoken now.
    case line(TranscriptLine)
    /// The line being spoken.
    case spoken(TranscriptLine)
}
