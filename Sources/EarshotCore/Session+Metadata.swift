import EarshotFeed
import EarshotMPRIS
import Foundation

/// What identifies a version of the current episode's metadata.
struct MetadataKey: Equatable {
    let episodeID: String
    let length: Int64?
    let artURL: String?
}

/// The current episode as MPRIS metadata, with its art from the local cache.
extension Session {
    var currentMetadata: EpisodeMetadata? {
        guard let episode = currentEpisode else { return nil }
        let length = engine.duration.map(Self.microseconds) ?? episode.duration.map { Int64($0 * 1_000_000) }
        let key = MetadataKey(episodeID: episode.id, length: length, artURL: artURL(for: episode))
        if let cache = metadataCache, cache.key == key { return cache.metadata }
        let description = episode.description
        let metadata = EpisodeMetadata(
            trackID: TrackID(episodeGUID: episode.id), length: length, title: episode.title, album: channel.title,
            artist: channel.author.map { [$0] } ?? [], comment: description.isEmpty ? [] : [description],
            url: episode.soundURL?.absoluteString, artURL: key.artURL,
            contentCreated: episode.releaseDate?.date.map(ISO8601Text.string(from:)))
        metadataCache = (key, metadata)
        return metadata
    }

    /// The episode's image once cached, else the channel's (the seeds' placeholder), else none. Desktop
    /// shells only show local files, so remote images are fetched into the cache first. Each image is
    /// looked up on disk once: every D-Bus read asks for the metadata, and must not touch the disk.
    private func artURL(for episode: Episode) -> String? {
        for remote in [episode.coverImage, channel.profileImage].compactMap({ $0 }) {
            if let local = localArt(for: remote) { return local.absoluteString }
        }
        return nil
    }

    private func localArt(for remote: URL) -> URL? {
        if let known = artFiles[remote] { return known }
        guard !artRequests.contains(remote) else { return nil }  // downloading, or failed this session
        artRequests.insert(remote)
        if let cached = art.cachedFile(for: remote) {
            artFiles[remote] = cached
            return cached
        }
        art.fetch(remote) { [weak self] result in
            guard let self, case .success(let file) = result else { return }
            self.artFiles[remote] = file
            self.metadataCache = nil
            self.onChange()
        }
        return nil
    }
}
