@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Downloads: thousands tidied away at once")
struct DownloadForgettingTests {
    @Test(.timeLimit(.minutes(1)))
    func aStorageCapDeletingThousandsForgetsTheirRecordsInBoundedSlicesOneIterationOfTheLoopEach() throws {
        let fixture = try DownloadFixture { $0.ahead = 0; $0.grace = nil; $0.keep = nil; $0.budget = 100 * 1000 }
        let podcast = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 10_000), autoQueue: false)
        let ids = try fixture.core.store.listEpisodes(podcast: nil, filter: .all, matching: nil).map(\.id)
        #expect(ids.count == 10_000)
        let records = ids.map { id in
            DownloadRecord(episode: id, podcast: podcast, path: "/d/\(id.rawValue).mp3", state: .completed, bytes: 1000,
                           totalBytes: 1000, requestedAt: fixture.clock.date, completedAt: fixture.clock.date)
        }
        for record in records {
            fixture.downloads.put(record)
            fixture.files.sizes[record.path] = 1000
        }
        try fixture.store.saveDownloads(records)

        var tidied: [TidiedFile]?
        fixture.downloadRules.tidy(dryRun: false) { tidied = $0 }
        var left = [fixture.downloads.records.count]
        while tidied == nil, fixture.clock.waiting > 0, left.count < 1_000 {
            fixture.clock.turn()
            left.append(fixture.downloads.records.count)
        }

        let forgotten = zip(left, [10_000] + left).map { $1 - $0 }
        #expect(tidied?.count == 9_900, "the cap keeps 100 files of 1,000 bytes")
        #expect(left.last == 100)
        #expect(forgotten.allSatisfy { $0 <= Downloads.forgetSlice }, "no iteration forgets more than a slice")
        #expect(left.count == (9_900 + Downloads.forgetSlice - 1) / Downloads.forgetSlice, "a full slice each iteration")
        #expect(fixture.files.deleted.count == 9_900)
        #expect(try fixture.store.downloads().count == 100, "the stored records go with their slices")
    }

    @Test func aTidyAskedForWhileThousandsAreBeingForgottenRunsOnceTheyAreGone() throws {
        let fixture = try DownloadFixture { $0.ahead = 0; $0.grace = nil; $0.keep = nil; $0.budget = 10 * 1000 }
        let podcast = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1_000), autoQueue: false)
        for id in try fixture.core.store.listEpisodes(podcast: nil, filter: .all, matching: nil).map(\.id) {
            let record = DownloadRecord(episode: id, podcast: podcast, path: "/d/\(id.rawValue).mp3", state: .completed,
                                        bytes: 1000, totalBytes: 1000, requestedAt: fixture.clock.date, completedAt: fixture.clock.date)
            fixture.downloads.put(record)
            fixture.files.sizes[record.path] = 1000
        }
        fixture.downloadRules.tidy()
        fixture.downloadRules.tidy()  // asked for again midway: it waits, rather than planning the same files again
        while fixture.clock.waiting > 0, fixture.downloads.records.count > 10 { fixture.clock.turn() }
        #expect(fixture.downloads.records.count == 10)
        #expect(fixture.files.deleted.count == 990, "each file deleted once")
    }
}
