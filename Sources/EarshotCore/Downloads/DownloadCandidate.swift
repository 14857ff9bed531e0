import EarshotFeed
import EarshotStore
import Foundation

/// An episode a request names, as read on the background: everything needed to put it in line on the
/// loop without reading it again or working out its file name there.
struct DownloadCandidate: Sendable {
    var episode: EpisodeID
    var podcast: PodcastID
    var title: String?
    /// Where its audio comes from; nil when the episode has none, or only a live stream (endless).
    var source: DownloadSource?
    /// It is a live show on the air.
    var isLive: Bool
    /// The file it would be saved as.
    var file: DownloadFileName

    /// The candidate for `listing`, its file in `folder` (`<folder>/<podcast title>/<episode title>.<ext>`),
    /// its audio chosen by the podcast's `audio-format` in `formats`.
    init(_ listing: EpisodeListing, folder: URL, formats: AudioFormats) {
        episode = listing.id
        podcast = listing.podcast
        title = listing.title
        isLive = listing.isLive
        source = listing.isLive ? nil : DownloadSource(listing, formats: formats.of(listing.podcast))
        let directory = folder.appendingPathComponent(FileNaming.stem(listing.podcastTitle, fallback: "podcast-\(listing.podcast.rawValue)"))
        file = DownloadFileName(
            folder: directory.path, stem: FileNaming.stem(listing.title, fallback: "episode-\(listing.id.rawValue)"),
            fileExtension: listing.soundURL.map { FileNaming.fileExtension(mimeType: listing.soundMIMEType, url: $0) } ?? "mp3")
    }
}

/// Where a download's audio comes from (`AudioChoice`'s candidates, the one being tried, and what its
/// file must match), with the host of the first (downloads from one host are limited together).
struct DownloadSource: Sendable {
    private(set) var candidates: [AudioCandidate]
    private(set) var index = 0
    let host: String

    /// The candidates for `listing` with the podcast's `formats`; nil when it has no audio.
    init?(_ listing: EpisodeListing, formats: [String]) {
        candidates = AudioChoice.candidates(sound: listing.soundURL, type: listing.soundMIMEType,
                                            alternates: listing.alternateEnclosures, formats: formats)
        guard let first = candidates.first else { return nil }
        host = first.url.host ?? ""
    }

    /// The address being tried.
    var url: URL { candidates[index].url }
    /// What its file must match, when the feed says.
    var integrity: SubresourceIntegrity? { candidates[index].integrity }
    /// The PGP signature its file must match, when the feed gives one.
    var signature: PGPSignature? { candidates[index].signature }

    /// Starts over from the first candidate (a retry after every one failed).
    mutating func restart() { index = 0 }

    /// Moves on to the next candidate; false when this was the last.
    mutating func next() -> Bool {
        guard index + 1 < candidates.count else { return false }
        index += 1
        return true
    }
}

/// A download's file name before it is made unique: `<folder>/<stem>.<ext>`.
struct DownloadFileName: Sendable {
    var folder: String
    var stem: String
    var fileExtension: String

    /// `<folder>/<stem>.<ext>`, else `<stem> (2).<ext>`… the first path `isTaken` says is free.
    func path(isTaken: (String) -> Bool) -> String {
        let name = FileNaming.unique(stem: stem, fileExtension: fileExtension) { isTaken(folder + "/" + $0) }
        return folder + "/" + name
    }
}
