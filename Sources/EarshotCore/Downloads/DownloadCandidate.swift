import EarshotStore
import Foundation

/// An episode a request names, as read on the background: everything needed to put it in line on the
/// loop without reading it again or working out its file name there.
struct DownloadCandidate: Sendable {
    var episode: EpisodeID
    var podcast: PodcastID
    var title: String?
    /// Where its audio comes from; nil when the episode has none.
    var source: DownloadSource?
    /// The file it would be saved as.
    var file: DownloadFileName

    /// The candidate for `listing`, its file in `folder` (`<folder>/<podcast title>/<episode title>.<ext>`).
    init(_ listing: EpisodeListing, folder: URL) {
        episode = listing.id
        podcast = listing.podcast
        title = listing.title
        source = listing.soundURL.map(DownloadSource.init)
        let directory = folder.appendingPathComponent(FileNaming.stem(listing.podcastTitle, fallback: "podcast-\(listing.podcast.rawValue)"))
        file = DownloadFileName(
            folder: directory.path, stem: FileNaming.stem(listing.title, fallback: "episode-\(listing.id.rawValue)"),
            fileExtension: listing.soundURL.map { FileNaming.fileExtension(mimeType: listing.soundMIMEType, url: $0) } ?? "mp3")
    }
}

/// Where a download's audio comes from, with its host (downloads from one host are limited together).
struct DownloadSource: Sendable {
    var url: URL
    var host: String

    init(_ url: URL) {
        self.url = url
        host = url.host ?? ""
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
