import EarshotStore
import EarshotSync
import Foundation

/// What this library's listening and marking say to other devices, as episode actions: a stretch of
/// listening is a `play` from where it started to where it stopped; marked played is a `play` to the
/// end, marked unplayed a `new`. Each names its podcast by the address the server knows.
enum SyncActionText {
    /// A stretch of listening as a `play` action, of the episode's `length` in seconds when known;
    /// `podcast` is the address the server knows (else the record's feed address).
    static func play(_ record: ListeningRecord, podcast: String?, length: Double?) -> EpisodeAction? {
        guard let sound = record.soundURL, let podcast = podcast ?? record.podcastURL?.absoluteString else { return nil }
        let total = length.map { Int($0.rounded()) }
        var position = Int(record.endPosition.rounded(.down))
        if record.finished, let total { position = total }
        let started = min(Int(record.startPosition.rounded(.down)), position)
        return EpisodeAction(podcast: podcast, episode: sound.absoluteString, guid: record.episodeGUID, kind: .play,
                             timestamp: record.endedAt, started: started, position: position, total: total.map { max($0, position) })
    }

    /// Episodes marked played (a `play` to the end) or unplayed (`new`) at `now`; those whose podcast
    /// the server does not know (`podcasts`) are left out.
    static func marked(_ listings: [EpisodeListing], played: Bool, at now: Date, podcasts: [PodcastID: String]) -> [EpisodeAction] {
        listings.compactMap { listing in
            guard let sound = listing.soundURL, let podcast = podcasts[listing.podcast] else { return nil }
            // A length nobody learned yet: 1 of 1 second still says "to the end".
            let total = max(1, listing.duration.map { Int($0.rounded()) } ?? 1)
            return played
                ? EpisodeAction(podcast: podcast, episode: sound.absoluteString, guid: listing.guid, kind: .play, timestamp: now,
                                started: 0, position: total, total: total)
                : EpisodeAction(podcast: podcast, episode: sound.absoluteString, guid: listing.guid, kind: .new, timestamp: now)
        }
    }
}
