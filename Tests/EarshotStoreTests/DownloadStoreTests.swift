import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: downloads (v3)")
struct DownloadStoreTests {
    @Test func aDownloadRoundTripsEveryFieldAndIsReplacedByEpisode() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a", "b"]), url: Sample.feedURL, validators: FeedValidators(), checkedAt: Date()).podcast
        let ids = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil).map(\.id).sorted()
        let failed = DownloadRecord(
            episode: ids[0], podcast: podcast, path: "/data/Show/Episode a.mp3", state: .failed, bytes: 1234, totalBytes: 5000,
            error: "the server answered HTTP 500", attempts: 2, nextAttemptAt: Date(timeIntervalSinceReferenceDate: 9_000.25),
            requestedAt: Date(timeIntervalSinceReferenceDate: 1_000), completedAt: nil, byHand: true)
        let done = DownloadRecord(episode: ids[1], podcast: podcast, path: "/data/Show/Episode b.mp3", state: .completed, bytes: 42,
                                  totalBytes: 42, requestedAt: Date(timeIntervalSinceReferenceDate: 2_000),
                                  completedAt: Date(timeIntervalSinceReferenceDate: 3_000))
        try store.saveDownload(done)
        try store.saveDownload(failed)
        #expect(try store.downloads() == [failed, done], "oldest request first")
        var retried = failed
        retried.state = .downloading
        retried.nextAttemptAt = nil
        try store.saveDownload(retried)
        #expect(try store.downloads() == [retried, done])
        try store.removeDownload(ids[1])
        #expect(try store.downloads() == [retried])
    }

    @Test func downloadsGoWithTheirPodcastAndUnknownEpisodesAreIgnored() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators(), checkedAt: Date()).podcast
        let id = try #require(try store.listEpisodes(podcast: podcast, filter: .all, matching: nil).first).id
        try store.saveDownload(DownloadRecord(episode: EpisodeID(rawValue: 999), podcast: podcast, path: "/x", requestedAt: Date()))
        #expect(try store.downloads().isEmpty)
        try store.saveDownload(DownloadRecord(episode: id, podcast: podcast, path: "/data/a.mp3", requestedAt: Date()))
        try store.removePodcast(podcast)
        #expect(try store.downloads().isEmpty)
    }

    @Test func aRowWithAnUnknownStateIsSkippedWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let warnings = Warnings()
        let store = try Store(path: directory.file("earshot.sqlite"), warning: warnings.sink)
        let podcast = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators(), checkedAt: Date()).podcast
        let id = try #require(try store.listEpisodes(podcast: podcast, filter: .all, matching: nil).first).id
        try store.saveDownload(DownloadRecord(episode: id, podcast: podcast, path: "/data/a.mp3", requestedAt: Date()))
        try store.executeRaw("PRAGMA ignore_check_constraints = 1; UPDATE download SET state = 'exploded'")
        #expect(try store.downloads().isEmpty)
        #expect(warnings.all.count == 1)
    }

    @Test func manyDownloadsAreSavedInOneWriteIgnoringEpisodesNotStoredAndListingsCarryTheAudiosType() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let guids = (1...2_000).map { "e\($0)" }
        let podcast = try store.storeFeed(Sample.channel(guids), url: Sample.feedURL, validators: FeedValidators(), checkedAt: Date()).podcast
        let listings = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil)
        #expect(listings.allSatisfy { $0.soundMIMEType == "audio/mpeg" }, "a download's file extension comes from it")
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let records = listings.enumerated().map { index, listing in
            DownloadRecord(episode: listing.id, podcast: podcast, path: "/data/Show/\(listing.guid).mp3",
                           requestedAt: start.addingTimeInterval(Double(index) / 1000))
        } + [DownloadRecord(episode: EpisodeID(rawValue: 99_999), podcast: podcast, path: "/x", requestedAt: start)]
        try store.saveDownloads(records)
        #expect(try store.downloads() == Array(records.dropLast()))
    }
}
