import EarshotStore
import Foundation

/// Two podcasts became one (their feed moved onto the other's address): the downloads follow.
extension Downloads {
    /// Follows a merge the store made (`PodcastMerge`, carried by `SavedFeed.merged`): the downloads of
    /// episodes that moved belong to the podcast they joined; a download that went to the episode its
    /// own was matched with continues there (one that was running starts again from its part), and the
    /// download it replaced, or one that was dropped, is forgotten with its file.
    public func merged(_ merge: PodcastMerge) {
        for id in merge.moved where records[id] != nil { records[id]?.podcast = merge.into }
        for (from, to) in merge.episodes {
            let source = sources[from], name = unchecked[from]
            guard var record = unrecord(from) else { continue }
            guard merge.downloadsMoved.contains(from) else {
                if records[to]?.path != record.path { files.delete(record.path) }
                continue
            }
            if let replaced = unrecord(to), replaced.path != record.path { files.delete(replaced.path) }
            record.episode = to
            record.podcast = merge.into
            if record.state == .downloading {
                record.state = .queued
                record.bytes = files.size(record.path) ?? record.bytes
            }
            sources[to] = source
            unchecked[to] = name
            save(record)
        }
        pump()
    }
}
