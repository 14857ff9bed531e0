import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

/// Played state, stars, the inbox and the history in SQLite.
@Suite("Store: marks, stars, the inbox and the history")
struct StoreCareTests {
    /// A store with one podcast of episodes "e1" (day 1) … "e5" (day 5), each 1,800 s long.
    private func library() throws -> (TemporaryDirectory, Store, PodcastID, [EpisodeID]) {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let ids = (1...5).reversed().map { "e\($0)" }
        let channel = Channel(title: "Show", episodes: ids.enumerated().map { index, id in
            var episode = Sample.episode(id, day: 5 - index)
            episode.duration = 1_800
            return episode
        })
        let podcast = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators(), checkedAt: Date()).podcast
        return (directory, store, podcast, try (1...5).map { try store.episodeID(guid: "e\($0)", in: podcast) })
    }

    @Test func markingABacklogPlayedPutsEachPlaceAtItsEndAndUnplayedBackAtZero() throws {
        let (_, store, podcast, e) = try library()
        let marked = try store.mark(.podcast(podcast, releasedBefore: nil), played: true, at: Date(timeIntervalSinceReferenceDate: 9))
        #expect(marked == e.reversed(), "newest first")
        let statuses = try store.episodeStatuses(of: podcast)
        #expect(statuses.values.allSatisfy { $0.hasCompleted && $0.lastListenTime == 1_800 })
        #expect(try store.listEpisodes(podcast: podcast, filter: .played, matching: nil).count == 5)
        _ = try store.mark(.episodes([e[0]]), played: false, at: Date())
        #expect(try store.listEpisodes(podcast: podcast, filter: .unplayed, matching: nil).map(\.id) == [e[0]])
        #expect(try store.episodeStatuses(of: podcast)[e[0]]?.lastListenTime == 0)
    }

    @Test func markingBeforeADateLeavesNewerEpisodesAlone() throws {
        let (_, store, podcast, e) = try library()
        let cut = try #require(try store.storedEpisode(e[2])?.episode.releaseDate?.date)
        #expect(try store.mark(.podcast(podcast, releasedBefore: cut), played: true, at: Date()) == [e[1], e[0]])
        #expect(throws: StoreError.self) { try store.mark(.podcast(PodcastID(rawValue: 99), releasedBefore: nil), played: true, at: Date()) }
    }

    @Test func theFiltersListInProgressStarredAndInboxEpisodes() throws {
        let (_, store, podcast, e) = try library()
        try store.saveProgress(of: e[1], position: 60, completed: false, at: Date())
        #expect(try store.star([e[2], EpisodeID(rawValue: 999)], at: Date()) == [e[2]])
        try store.addToInbox([e[3], e[4]], at: Date())
        #expect(try store.listEpisodes(podcast: podcast, filter: .inProgress, matching: nil).map(\.id) == [e[1]])
        #expect(try store.listEpisodes(podcast: nil, filter: .starred, matching: nil).map(\.id) == [e[2]])
        #expect(try store.listEpisodes(podcast: nil, filter: .starred, matching: nil).first?.status.starredAt != nil)
        #expect(try store.listEpisodes(podcast: nil, filter: .inbox, matching: nil).map(\.id) == [e[4], e[3]])
        #expect(try store.listEpisodes(podcast: nil, filter: .downloaded, matching: nil).isEmpty)
        _ = try store.star([e[2]], at: nil)
        #expect(try store.listEpisodes(podcast: nil, filter: .starred, matching: nil).isEmpty)
    }

    @Test func theInboxKeepsEachEpisodeOnceNewestFirstUntilRemovedMarkedOrCleared() throws {
        let (_, store, _, e) = try library()
        try store.addToInbox([e[0], e[3], e[4]], at: Date())
        try store.addToInbox([e[3]], at: Date())
        #expect(try store.inboxEpisodes() == [e[4], e[3], e[0]])
        #expect(try store.removeFromInbox([e[4], e[1]]) == [e[4]])
        _ = try store.mark(.episodes([e[3]]), played: true, at: Date())
        #expect(try store.inboxEpisodes() == [e[0]])
        #expect(try store.clearInbox() == 1)
        #expect(try store.inboxEpisodes().isEmpty)
    }

    private func record(_ id: Int64, _ episode: EpisodeID?, podcast: PodcastID?, at start: Date, wall: Double, finished: Bool = false) -> ListeningRecord {
        ListeningRecord(id: id, episode: episode, podcast: podcast, episodeTitle: "E", podcastTitle: "Show", device: "here",
                        startedAt: start, endedAt: start.addingTimeInterval(wall), startPosition: 0, endPosition: wall * 1.5,
                        span: wall * 1.5, trimmed: 1, skipped: 2, rate: 1.5, finished: finished)
    }

    @Test func historyRowsAreRewrittenByIdReadLatestFirstAndOutliveTheirPodcast() throws {
        let (_, store, podcast, e) = try library()
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        try store.saveListening(record(1, e[0], podcast: podcast, at: day, wall: 10))
        try store.saveListening(record(1, e[0], podcast: podcast, at: day, wall: 20, finished: true))
        try store.saveListening(record(2, e[1], podcast: podcast, at: day.addingTimeInterval(100), wall: 5))
        #expect(try store.lastListeningID() == 2)
        let rows = try store.listening(since: nil, limit: nil)
        #expect(rows.map(\.id) == [2, 1])
        #expect(rows[1] == record(1, e[0], podcast: podcast, at: day, wall: 20, finished: true), "read back field for field")
        #expect(try store.listening(since: day.addingTimeInterval(50), limit: nil).map(\.id) == [2])
        #expect(try store.listening(since: nil, limit: 1).map(\.id) == [2])
        #expect(try store.episodeUse(e[0]) == EpisodeUse(count: 1, last: day.addingTimeInterval(20)))
        try store.removePodcast(podcast)
        let kept = try store.listening(since: nil, limit: nil)
        #expect(kept.count == 2 && kept.allSatisfy { $0.episode == nil && $0.podcast == nil && $0.podcastTitle == "Show" })
    }

    @Test func theTotalsAddUpPerPodcastAndMonth() throws {
        let (_, store, podcast, e) = try library()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let october = try #require(calendar.date(from: DateComponents(year: 2026, month: 10, day: 15, hour: 12)))
        let november = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 15, hour: 12)))
        try store.saveListening(record(1, e[0], podcast: podcast, at: october, wall: 10, finished: true))
        try store.saveListening(record(2, e[1], podcast: podcast, at: november, wall: 20))
        try store.saveListening(record(3, e[2], podcast: podcast, at: november, wall: 30))
        let totals = try store.listeningTotals(since: nil, timeZone: .current)
        #expect(totals.months.map(\.month) == ["2026-10", "2026-11"])
        #expect(totals.months[1] == ListeningTotals(month: "2026-11", sessions: 2, finished: 0, wallTime: 50, span: 75, trimmed: 2,
                                                   skipped: 4))
        #expect(totals.podcasts == [ListeningTotals(podcast: podcast, podcastTitle: "Show", sessions: 3, finished: 1, wallTime: 60,
                                                    span: 90, trimmed: 3, skipped: 6)])
        let recent = try store.listeningTotals(since: november, timeZone: .current)
        #expect(recent.months.map(\.sessions) == [2] && recent.podcasts.map(\.sessions) == [2])
        try store.removePodcast(podcast)
        #expect(try store.listeningTotals(since: nil, timeZone: .current).podcasts.map(\.podcastTitle) == ["Show"],
                "an unsubscribed podcast is counted by its title")
    }

    @Test func monthsAreCalendarMonthsInTheListenersTimeZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let months = Store.months(from: Date(timeIntervalSince1970: 1_798_758_000), to: Date(timeIntervalSince1970: 1_801_000_000),
                                  timeZone: berlin)  // 2026-12-31T23:00Z is already 2027-01-01 in Berlin
        #expect(months.map(\.name) == ["2027-01"])
    }

    @Test func aMergeCarriesTheStarTheInboxAndTheHistoryToTheKeptEpisode() throws {
        let (_, store, podcast, e) = try library()
        let other = URL(string: "https://mirror.example/show.xml")!
        let duplicate = try store.storeFeed(Channel(title: "Show", episodes: [Sample.episode("e1", day: 1)]), url: other,
                                            validators: FeedValidators(), checkedAt: Date()).podcast
        let twin = try store.episodeID(guid: "e1", in: duplicate)
        _ = try store.star([twin], at: Date(timeIntervalSinceReferenceDate: 5))
        try store.addToInbox([twin], at: Date())
        try store.saveListening(record(1, twin, podcast: duplicate, at: Date(), wall: 10, finished: true))
        _ = try store.mergeFeed(FeedID(rawValue: duplicate.rawValue), into: FeedID(rawValue: podcast.rawValue))
        #expect(try store.listEpisodes(podcast: nil, filter: .starred, matching: nil).map(\.id) == [e[0]])
        #expect(try store.inboxEpisodes() == [e[0]])
        let row = try #require(try store.listening(since: nil, limit: nil).first)
        #expect(row.episode == e[0] && row.podcast == podcast)
    }

    @Test func aVersion4LibraryMigratesKeepingEverythingAndTakesTheNewRecords() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v4")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, addedAt) VALUES (1, 'https://feeds.example/show.xml', 'Show', 0);
                INSERT INTO episode (id, feedId, guid, feedOrder, title, soundURL, duration) VALUES
                    (1, 1, 'a', 0, 'A', 'https://cdn.example/a.mp3', 100), (2, 1, 'b', 1, 'B', 'https://cdn.example/b.mp3', 100);
                INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted, isCurrentlyPlaying) VALUES (1, 42, 7, 0, 1);
                INSERT INTO episodeList (name, position, episodeId) VALUES ('upNext', 0, 2);
                INSERT INTO setting (podcastId, key, value) VALUES (NULL, 'speed', '1.5');
                INSERT INTO download (episodeId, path, state, requestedAt) VALUES (2, '/tmp/b.mp3', 'completed', 3);
                INSERT INTO feedAlias (url, feedId) VALUES ('https://old.example/show.xml', 1);
                """)
        }
        try queue.close()
        let store = try Store(path: path)
        let current = try #require(try store.currentEpisode())
        #expect(current.episode == EpisodeID(rawValue: 1) && current.status.lastListenTime == 42 && current.status.starredAt == nil)
        #expect(try store.episodeList(.upNext) == [EpisodeID(rawValue: 2)])
        #expect(try store.settings(for: nil) == ["speed": "1.5"])
        #expect(try store.downloads().count == 1)
        #expect(try store.podcastID(url: URL(string: "https://old.example/show.xml")!) == PodcastID(rawValue: 1))
        #expect(try store.listEpisodes(podcast: nil, filter: .downloaded, matching: nil).map(\.id) == [EpisodeID(rawValue: 2)])
        try store.addToInbox([EpisodeID(rawValue: 2)], at: Date())
        try store.saveListening(record(1, EpisodeID(rawValue: 1), podcast: PodcastID(rawValue: 1), at: Date(), wall: 3))
        #expect(try store.inboxEpisodes() == [EpisodeID(rawValue: 2)])
        #expect(try store.listening(since: nil, limit: nil).count == 1)
        #expect(try store.executeCount("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    }
}
