import EarshotCore
import EarshotFeed
import EarshotMPRIS
import EarshotStore
import Foundation

/// The current episode as MPRIS shows it, and its cover as a local file that exists. Built once per
/// version of the episode (its id, length, art), because every D-Bus read asks for it.
public final class NowPlayingMetadata {
    private let art: ArtLookup
    /// Called when a cover arrived in the cache (the metadata changed).
    var onArtArrived: () -> Void = {}
    private var cache: (key: Key, metadata: EpisodeMetadata)?
    /// Local files of images found or downloaded, and the images asked for since they were last missing.
    private var files: [URL: URL] = [:]
    private var requested: Set<URL> = []
    /// Images whose download failed this session (the next candidate is shown instead).
    private var failed: Set<URL> = []
    /// The cache's own side, when it has one: chapter images kept apart, what is shown pinned.
    private let keeper: ArtPinning?
    /// The current and the next chapter's images, and the files pinned as shown now or next.
    private var chapterImages: Set<URL> = []
    private var pinned: Set<URL> = []

    private struct Key: Equatable {
        let episode: EpisodeID
        let title: String?
        let length: Int64?
        let art: String?
        let chapter: String?
        /// The show's title and author: a refresh may rename them while the episode plays.
        let show: String?
        let author: String?
        /// Finishing the episode changes how often it was played.
        let use: EpisodeUse
    }

    init(art: ArtLookup) {
        self.art = art
        keeper = art as? ArtPinning
        keeper?.observeEvictions { [weak self] files in self?.forget(Set(files.map(\.path))) }
    }

    /// MPRIS metadata of `episode` of `podcast` with `length`, in chapter `chapter` of `chapters`. While a
    /// chapter with a title plays, that title is the artist (`xesam:title` stays the episode's,
    /// `xesam:album` the show's): desktop widgets show the title and the artist, so the listener sees both
    /// the episode and where in it they are. A chapter's own image is the art while it plays (else the
    /// episode's, else the show's); the next chapter's image is fetched ahead, so that the change to it
    /// is one PropertiesChanged with its art. Feed text (title, show, artist, notes) carries no control or
    /// bidi formatting characters (`SafeText.stripped`): line breaks become spaces, the rest is removed.
    func metadata(of episode: StoredEpisode, podcast: PodcastSummary?, length: Duration?,
                  chapters: [Chapter] = [], chapter: Int? = nil, use: EpisodeUse = EpisodeUse()) -> EpisodeMetadata {
        let micros = length.map(\.inMicroseconds)
        let current = chapter.flatMap { chapters.indices.contains($0) ? chapters[$0] : nil }
        let next = chapter.flatMap { chapters.indices.contains($0 + 1) ? chapters[$0 + 1] : nil } ?? (current == nil ? chapters.first : nil)
        chapterImages = Set([current?.image, next?.image].compactMap { $0 })
        fetchAhead(next?.image)
        let key = Key(episode: episode.id, title: episode.episode.title, length: micros,
                      art: artFile(for: [current?.image, episode.episode.coverImage, podcast?.channel.profileImage])?.absoluteString,
                      chapter: current.flatMap { $0.title.isEmpty ? nil : $0.title },
                      show: podcast?.channel.title, author: podcast?.channel.author, use: use)
        keepShown([key.art.flatMap(URL.init(string:)), next?.image.flatMap { files[$0] }])
        if let cache, cache.key == key { return cache.metadata }
        let channel = podcast?.channel
        let show = channel?.title
        let artist = key.chapter ?? channel?.author ?? show ?? podcast?.url.host ?? episode.episode.soundURL?.host ?? "Earshot"
        let notes = SafeText.stripped(episode.episode.description)
        let metadata = EpisodeMetadata(
            trackID: TrackID(episodeGUID: episode.episode.id), length: micros,
            title: episode.episode.title.map(SafeText.stripped), album: show.map(SafeText.stripped),
            artist: [SafeText.stripped(artist)], comment: notes.isEmpty ? [] : [notes],
            url: episode.episode.soundURL?.absoluteString, artURL: key.art,
            contentCreated: episode.episode.releaseDate?.date.map(ISO8601Text.string(from:)),
            useCount: Int32(clamping: use.count), lastUsed: use.last.map(ISO8601Text.string(from:)))
        cache = (key, metadata)
        return metadata
    }

    /// Forgets what was found on disk, so the next read checks the files again (the cache may have been
    /// cleaned meanwhile). Called when the episode or the play state changes, never per read.
    func recheckFiles() {
        for (remote, file) in files where !FileManager.default.fileExists(atPath: file.path) {
            files[remote] = nil
            requested.remove(remote)
        }
    }

    /// The first of `candidates` already found in the cache this session; no disk, no network.
    func knownArtFile(for candidates: [URL?]) -> URL? {
        candidates.lazy.compactMap { $0 }.compactMap { self.files[$0] }.first
    }

    /// The first of `candidates` that is cached; a missing one is fetched (once) and announced. While
    /// the first one that can be had is on its way, nothing is published: an image shown now would be
    /// replaced a moment later, and Plasma, which loads images asynchronously, keeps whichever finishes
    /// loading last. One that cannot be downloaded gives way to the next.
    func artFile(for candidates: [URL?]) -> URL? {
        for remote in candidates.compactMap({ $0 }) {
            if let file = files[remote] ?? look(for: remote) { return file }
            if !failed.contains(remote) { return nil }
        }
        return nil
    }

    /// Starts fetching `remote` (an image shown soon) unless it is known, cached or on its way.
    private func fetchAhead(_ remote: URL?) {
        if let remote, files[remote] == nil { _ = look(for: remote) }
    }

    /// The cached file of `remote` the first time it is asked for since it was last missing, else
    /// nil, after starting a fetch that announces its arrival.
    private func look(for remote: URL) -> URL? {
        guard !requested.contains(remote) else { return nil }
        requested.insert(remote)
        if let cached = art.cachedFile(for: remote) {
            files[remote] = cached
            return cached
        }
        let arrived: (Result<URL, ArtError>) -> Void = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let file): self.files[remote] = file
            case .failure(.paused):
                self.requested.remove(remote)  // metered: asked for again the next time it is shown
                return
            case .failure: self.failed.insert(remote)
            }
            self.onArtArrived()
        }
        if let keeper {
            keeper.fetch(remote, for: chapterImages.contains(remote) ? .chapterImage : .cover, completion: arrived)
        } else {
            art.fetch(remote, completion: arrived)
        }
        return nil
    }

    /// Pins the files shown now or next, so the cache keeps them, and unpins those no longer shown.
    private func keepShown(_ shown: [URL?]) {
        guard let keeper else { return }
        let wanted = Set(shown.compactMap { $0 })
        guard wanted != pinned else { return }
        for file in wanted.subtracting(pinned) { keeper.pin(file) }
        for file in pinned.subtracting(wanted) { keeper.unpin(file) }
        pinned = wanted
    }

    /// Forgets files the cache removed: they are looked up (and fetched) again when next wanted.
    private func forget(_ removed: Set<String>) {
        for (remote, file) in files where removed.contains(file.path) {
            files[remote] = nil
            requested.remove(remote)
        }
    }
}
