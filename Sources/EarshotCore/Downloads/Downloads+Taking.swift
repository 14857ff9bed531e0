import EarshotLocale
import EarshotStore
import Foundation

/// Taking a request in, on the loop, once its episodes were read: O(1) per episode (the store and the
/// disk are not read here; a new file's path is checked against the paths taken, not every record).
extension Downloads {
    /// Puts the episodes of a request in line; `read` holds the episodes as read (by id). By hand, an
    /// episode that is not stored (or whose podcast is gone) or has no audio refuses the whole request.
    func take(_ ids: [EpisodeID], byHand: Bool, read: [EpisodeID: DownloadCandidate]) -> LibraryError? {
        var subscribed: [PodcastID: Bool] = [:]
        for id in ids where records[id] == nil {
            guard let candidate = read[id], isSubscribed(candidate.podcast, known: &subscribed) else {
                if byHand { return .noSuchEpisode(id) }
                continue
            }
            if byHand, candidate.isLive {
                // TRANSLATORS: a download asked for a live show on the air (podcast:liveItem); %s is its title.
                return .soundURLMissing(tr("“%s” is a live stream: it can be played, not downloaded.", candidate.title ?? "\(id.rawValue)"))
            }
            if byHand, candidate.source == nil {
                return .soundURLMissing(tr("“%s” has no audio to download", candidate.title ?? tr("episode %d", Int(id.rawValue))))
            }
        }
        if byHand { halted = nil }
        var changed: [DownloadRecord] = []
        for id in ids {
            if byHand { declined.remove(id) }
            if var record = records[id] {
                guard record.state == .failed || (record.state == .completed && !files.exists(record.path)) else {
                    if byHand && !record.byHand {
                        record.byHand = true
                        put(record)
                        changed.append(record)
                    }
                    continue
                }
                if let source = read[id]?.source { sources[id] = source }
                record.state = .queued
                record.error = nil
                record.attempts = 0
                record.nextAttemptAt = nil
                record.byHand = record.byHand || byHand
                put(record)
                changed.append(record)
            } else if let candidate = read[id], let source = candidate.source, subscribed[candidate.podcast] == true {
                sources[id] = source
                unchecked[id] = candidate.file
                let record = DownloadRecord(episode: id, podcast: candidate.podcast, path: candidate.file.path(isTaken: isTaken),
                                            requestedAt: nextRequestTime(), byHand: byHand)
                put(record)
                changed.append(record)
            }
        }
        persist(changed)
        for record in changed { moved(record.episode) }
        pump()
        return nil
    }

    /// Whether `podcast` is still in the library (not unsubscribed after its episodes were read).
    /// `known` keeps the answers of one request.
    private func isSubscribed(_ podcast: PodcastID, known: inout [PodcastID: Bool]) -> Bool {
        if let answer = known[podcast] { return answer }
        let answer = library.podcast(podcast) != nil
        known[podcast] = answer
        return answer
    }

    /// Now, or a millisecond after the latest request, so that downloads start in the order asked for.
    private func nextRequestTime() -> Date {
        max(timers.date, latestRequest.addingTimeInterval(0.001))
    }

    /// Before a download asked for this session starts: when a file that is not its own is at its path
    /// (left by something else, complete or a part), it takes the next free name instead (one neither
    /// on disk, nor taken, nor waiting to be deleted).
    func checkOnDisk(_ record: inout DownloadRecord) {
        guard let name = unchecked.removeValue(forKey: record.episode) else { return }
        let isOnDisk = { (path: String) in self.files.exists(path) || self.files.size(path) != nil }
        guard isOnDisk(record.path) else { return }
        record.path = name.path { self.isTaken($0) || isOnDisk($0) }
    }
}
