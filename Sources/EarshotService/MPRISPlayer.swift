import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotMPRIS
import EarshotPlayback
import EarshotStore
import Foundation

/// The MPRIS Player and Playlists interfaces over Core's `Session`: each call is one command of the
/// session; MPRIS-shaped values (metadata keys, track ids, microseconds, playlist ids) are made here,
/// never in Core.
public final class MPRISPlayer: PlayerControl, PlaylistControl {
    let session: Session
    var player: Listening { session.listening }
    var library: Library { session.library }
    let metadata: NowPlayingMetadata
    /// Ends the daemon (MPRIS Quit).
    public var onQuit: () -> Void = {}

    /// The playlist id of Up Next; podcasts are `…/podcast/<id>`.
    public static let upNextPlaylist = "/org/earshot/playlist/upnext"
    /// The playlist id of the inbox (new episodes not yet dealt with; activating it plays the newest).
    public static let inboxPlaylist = "/org/earshot/playlist/inbox"
    static let podcastPlaylistPrefix = "/org/earshot/playlist/podcast/"
    /// Smart playlists are `…/smart/<id>`.
    public static let smartPlaylistPrefix = "/org/earshot/playlist/smart/"

    public init(session: Session, art: ArtLookup) {
        self.session = session
        metadata = NowPlayingMetadata(art: art)
    }

    /// Where the cover-art arrival is announced (the adapter's change check).
    public var onArtArrived: () -> Void {
        get { metadata.onArtArrived }
        set { metadata.onArtArrived = newValue }
    }

    /// Checks again that the published cover still exists (on episode and play-state changes).
    public func recheckArt() { metadata.recheckFiles() }

    // MARK: PlayerControl

    public var state: PlayerState {
        let status: PlaybackStatus = switch player.status {
        case .playing: .playing
        case .paused: .paused
        case .stopped: .stopped
        }
        let episode = player.current.map {
            metadata.metadata(of: $0, podcast: library.podcast($0.podcast), length: player.length,
                              chapters: player.chapters, chapter: player.currentChapterIndex, use: player.currentUse)
        }
        return PlayerState(
            playbackStatus: status, episode: episode, rate: player.rate, volume: player.volume,
            minimumRate: PlaybackEngine.rateRange.lowerBound, maximumRate: PlaybackEngine.rateRange.upperBound,
            canGoNext: player.canPressNext, canGoPrevious: player.canPressPrevious, canSeek: player.canSeek)
    }

    public var position: Int64 { player.position.inMicroseconds }
    public var hasEpisode: Bool { player.current != nil }

    public func play() throws(PlayerError) { try mapped { () throws(LibraryError) in try session.play() } }
    public func pause() throws(PlayerError) { session.pause() }
    public func playPause() throws(PlayerError) { try mapped { () throws(LibraryError) in try session.playPause() } }
    public func stop() throws(PlayerError) { session.stop() }
    /// Next and Previous do what `next-button` and `previous-button` say (episodes by default).
    public func next() throws(PlayerError) { try mapped { () throws(LibraryError) in try session.next() } }
    public func previous() throws(PlayerError) { try mapped { () throws(LibraryError) in try session.previous() } }

    public func setPosition(_ position: Int64, trackID: TrackID) throws(PlayerError) {
        session.seek(to: .microseconds(position))
    }

    /// An episode's audio or page URL plays it; any other URL is taken for a feed: subscribed to (when
    /// new) and its newest episode selected, paused.
    public func openURI(_ uri: String) throws(PlayerError) {
        try mapped { () throws(LibraryError) in try session.open(uri) }
    }

    public func setRate(_ rate: Double) throws(PlayerError) { session.setRate(rate) }
    public func setVolume(_ volume: Double) throws(PlayerError) { session.setVolume(volume) }
    public func quit() { onQuit() }

    // MARK: PlaylistControl

    /// Every playlist; covers not cached yet are fetched (and announced with PlaylistChanged).
    public var playlists: [PlaylistEntry] {
        [upNextEntry, inboxEntry] + smartEntries + library.podcasts.map { playlist(for: $0, fetchingArt: true) }
    }

    /// The inbox, after Up Next.
    var inboxEntry: PlaylistEntry { PlaylistEntry(id: Self.inboxPlaylist, name: trc("playlist name", "Inbox")) }

    /// Up Next. In the Played ordering it counts as played just now while it holds episodes (what the
    /// listener means to play next: Xfce's panel asks once, when it connects, for the five most recently
    /// played), else as played when an episode from it last became current.
    var upNextEntry: PlaylistEntry {
        let lastPlayed = player.upNext.episodes.isEmpty ? player.upNextPlayedAt?.timeIntervalSince1970 : .infinity
        return PlaylistEntry(id: Self.upNextPlaylist, name: trc("playlist name", "Up Next"), lastPlayed: lastPlayed)
    }

    public var playlistCount: Int { library.podcasts.count + 2 + (session.playlists?.all.count ?? 0) }

    /// The smart playlists, after Up Next and the inbox, oldest first.
    var smartEntries: [PlaylistEntry] { session.playlists?.all.map(smartEntry) ?? [] }

    /// A smart playlist's entry.
    public func smartEntry(_ playlist: SmartPlaylist) -> PlaylistEntry {
        PlaylistEntry(id: Self.smartPlaylistPrefix + String(playlist.id), name: SafeText.stripped(playlist.name),
                      created: playlist.createdAt.timeIntervalSince1970, lastPlayed: playlist.playedAt?.timeIntervalSince1970)
    }

    /// Every podcast's playlist with the covers known so far (nothing is looked up).
    var knownPlaylists: [PlaylistEntry] { library.podcasts.map { playlist(for: $0) } }

    public var activePlaylist: PlaylistEntry? {
        player.currentPodcast.flatMap(library.podcast).map { playlist(for: $0) }
    }

    public func activatePlaylist(_ id: String) throws(PlayerError) {
        if id == Self.upNextPlaylist {
            return try mapped { () throws(LibraryError) in try session.playUpNext() }
        }
        if id == Self.inboxPlaylist {
            return try mapped { () throws(LibraryError) in try session.inbox.playNewest() }
        }
        if id.hasPrefix(Self.smartPlaylistPrefix), let raw = Int64(id.dropFirst(Self.smartPlaylistPrefix.count)),
           let playlists = session.playlists, playlists.all.contains(where: { $0.id == raw }) {
            // Evaluated on the reader; the call answers at once (MPRIS has no later answer).
            return playlists.play(nil, id: raw) { result in
                if case .failure(let error) = result { Log.warning("ActivatePlaylist \(id): \(error)") }
            }
        }
        guard id.hasPrefix(Self.podcastPlaylistPrefix), let raw = Int64(id.dropFirst(Self.podcastPlaylistPrefix.count)) else {
            throw .indexOutOfRange(tr("there is no playlist %s", "\(id)"))
        }
        try mapped { () throws(LibraryError) in try session.play(podcast: PodcastID(rawValue: raw)) }
    }

    /// The playlist of a podcast. Its icon is the cover when it is known to be cached; with
    /// `fetchingArt`, a cover not looked up yet is looked up (on disk, else downloaded once).
    public func playlist(for podcast: PodcastSummary, fetchingArt: Bool = false) -> PlaylistEntry {
        let icon = fetchingArt ? metadata.artFile(for: [podcast.channel.profileImage]) : knownArt(of: podcast)
        return PlaylistEntry(
            id: Self.podcastPlaylistPrefix + String(podcast.id.rawValue),
            name: SafeText.stripped(podcast.name),
            icon: icon?.absoluteString ?? "",
            created: podcast.addedAt.timeIntervalSince1970, lastPlayed: podcast.lastPlayedAt?.timeIntervalSince1970)
    }

    /// The podcast's cover in the art cache, when it is there (nothing is fetched).
    public func knownArt(of podcast: PodcastSummary) -> URL? {
        metadata.knownArtFile(for: [podcast.channel.profileImage])
    }
}
