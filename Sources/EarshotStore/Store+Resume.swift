import Foundation
import GRDB

extension Store {
    /// The episode `earshot play PODCAST` plays: the podcast's episode in progress (started, not
    /// completed, the most recently played of those), else its oldest playable episode not completed
    /// (by release date; undated ones by feed order, oldest last in the feed); nil when none is left.
    public func episodeToResume(in podcast: PodcastID) throws -> EpisodeID? {
        try read { db in
            if let started = try Int64.fetchOne(db, sql: """
                SELECT e.id FROM episode e JOIN episodeStatus s ON s.episodeId = e.id
                WHERE e.feedId = ? AND e.soundURL IS NOT NULL AND s.hasCompleted = 0 AND s.lastListenTime > 0
                ORDER BY s.lastPlayedAt DESC LIMIT 1
                """, arguments: [podcast.rawValue]) {
                return EpisodeID(rawValue: started)
            }
            return try Int64.fetchOne(db, sql: """
                SELECT e.id FROM episode e LEFT JOIN episodeStatus s ON s.episodeId = e.id
                WHERE e.feedId = ? AND e.soundURL IS NOT NULL AND ifnull(s.hasCompleted, 0) = 0
                ORDER BY e.releaseDate IS NULL, e.releaseDate, e.feedOrder DESC LIMIT 1
                """, arguments: [podcast.rawValue]).map(EpisodeID.init(rawValue:))
        }
    }
}
