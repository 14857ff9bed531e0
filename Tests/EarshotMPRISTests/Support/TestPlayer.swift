import EarshotTestSupport
import EarshotMPRIS

/// An in-memory player standing in for the adapter's owner (the future `Session`): it records every
/// command, moves through a small list of episodes with simple rules, and reports changes the way the
/// owner must (`onChange` → `MPRISAdapter.stateChanged()`, `onSeeked` → `MPRISAdapter.seeked(to:)`).
final class TestPlayer: PlayerControl {
    /// A command as the adapter forwarded it.
    enum Command: Equatable {
        case play, pause, playPause, stop, next, previous, quit
        case setPosition(Int64, TrackID)
        case openURI(String)
        case setRate(Double)
        case setVolume(Double)
    }

    var state: PlayerState {
        get { stateReads += 1; return storedState }
        set { storedState = newValue }
    }
    private var storedState: PlayerState
    /// How many times the adapter built a snapshot of the state.
    private(set) var stateReads = 0
    var hasEpisode: Bool { storedState.episode != nil }
    var position: Int64 {
        get { onPositionRead?(); return storedPosition }
        set { storedPosition = newValue }
    }
    private var storedPosition: Int64 = 0
    /// Runs whenever the adapter reads the position (to mutate state in the middle of a call).
    var onPositionRead: (() -> Void)?
    /// Runs when the adapter forwards Quit (after the reply has been sent).
    var onQuit: (() -> Void)?
    private(set) var commands: [Command] = []
    var episodes: [EpisodeMetadata]
    private(set) var index: Int?
    /// Thrown by the next command instead of running it.
    var failNext: PlayerError?
    var onChange: (() -> Void)?
    var onSeeked: ((Int64) -> Void)?

    init(episodes: [EpisodeMetadata] = TestPlayer.sampleEpisodes, index: Int? = 0, status: PlaybackStatus = .paused) {
        self.episodes = episodes
        self.index = index
        storedState = PlayerState(playbackStatus: status)
        syncEpisode()
    }

    /// Three episodes; the first is 90 minutes long (its length overflows an int32 of microseconds).
    static let sampleEpisodes: [EpisodeMetadata] = [
        EpisodeMetadata(
            trackID: TrackID(episodeGUID: "https://podcast.example/episodes/1"), length: 5_400_000_000,
            title: "Episode One", album: "The Example Show", artist: ["Ada Host", "Bo Guest"],
            comment: ["A long talk about examples."], url: "https://podcast.example/audio/1.mp3",
            artURL: "file:///tmp/earshot-art/1.png", contentCreated: "2024-05-01T06:00:00Z"),
        EpisodeMetadata(
            trackID: TrackID(episodeGUID: "tag:podcast.example,2024:2"), length: 120_000_000,
            title: "Episode Two", album: "The Example Show", artist: ["Ada Host"],
            url: "https://podcast.example/audio/2.mp3", contentCreated: "2024-05-08T06:00:00Z"),
        EpisodeMetadata(
            trackID: TrackID(episodeGUID: "3"), length: nil, title: "Episode Three (live)",
            album: "The Example Show", url: "https://podcast.example/audio/3.mp3"),
    ]

    var currentEpisode: EpisodeMetadata? { index.map { episodes[$0] } }

    /// Changes the state as the owner would, and tells the adapter.
    func mutate(_ change: (inout PlayerState) -> Void) {
        change(&state)
        onChange?()
    }

    /// Selects episode `newIndex` (nil: none), keeping the play state, and tells the adapter.
    func select(_ newIndex: Int?) {
        index = newIndex
        position = 0
        syncEpisode()
        onChange?()
    }

    private func syncEpisode() {
        state.episode = currentEpisode
        state.canGoNext = index.map { $0 + 1 < episodes.count } ?? false
        state.canGoPrevious = index.map { $0 > 0 } ?? false
        state.canSeek = currentEpisode?.knownLength != nil
    }

    private func record(_ command: Command) throws(PlayerError) {
        if let failure = failNext {
            failNext = nil
            throw failure
        }
        commands.append(command)
    }

    func play() throws(PlayerError) { try record(.play); mutate { $0.playbackStatus = .playing } }
    func pause() throws(PlayerError) { try record(.pause); mutate { $0.playbackStatus = .paused } }
    func playPause() throws(PlayerError) {
        try record(.playPause)
        mutate { $0.playbackStatus = $0.playbackStatus == .playing ? .paused : .playing }
    }
    func stop() throws(PlayerError) {
        try record(.stop)
        position = 0
        mutate { $0.playbackStatus = .stopped }
    }
    func next() throws(PlayerError) {
        try record(.next)
        guard let index, index + 1 < episodes.count else { return mutate { $0.playbackStatus = .stopped } }
        select(index + 1)
    }
    func previous() throws(PlayerError) {
        try record(.previous)
        guard let index, index > 0 else { return }
        select(index - 1)
    }
    func setPosition(_ position: Int64, trackID: TrackID) throws(PlayerError) {
        try record(.setPosition(position, trackID))
        self.position = position
        onSeeked?(position)  // this engine seeks instantly
    }
    func openURI(_ uri: String) throws(PlayerError) { try record(.openURI(uri)) }
    func setRate(_ rate: Double) throws(PlayerError) { try record(.setRate(rate)); mutate { $0.rate = rate } }
    func setVolume(_ volume: Double) throws(PlayerError) { try record(.setVolume(volume)); mutate { $0.volume = volume } }
    func quit() {
        commands.append(.quit)
        onQuit?()
    }

    func clearCommands() { commands = [] }
}
