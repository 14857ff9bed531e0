@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Downloads: thousands asked for at once")
struct DownloadScaleTests {
    static let shows = ["alpha", "beta", "gamma", "delta"]

    /// What should start next, worked out the plain way: the first waiting downloads in request order
    /// whose host has no transfer, up to `maximum` transfers.
    struct Reference {
        var waiting: [URL]
        var running: [URL] = []
        let maximum: Int

        mutating func fill() {
            var index = 0
            while running.count < maximum, index < waiting.count {
                if running.contains(where: { $0.host == waiting[index].host }) {
                    index += 1
                } else {
                    running.append(waiting.remove(at: index))
                }
            }
        }

        mutating func finish(_ url: URL) {
            running.removeAll { $0 == url }
            fill()
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func tenThousandAskedForAtOnceStartInRequestOrderOnePerHostWithoutReadingTheStoreOnTheLoop() throws {
        let fixture = try DownloadFixture { $0.ahead = 0; $0.maximum = 3 }
        for show in Self.shows {
            try fixture.core.subscribe(show, CoreFixture.show(show, count: 2_500), autoQueue: false)
        }
        let byGUID = Dictionary(uniqueKeysWithValues: try fixture.core.store.listEpisodes(podcast: nil, filter: .all, matching: nil)
            .map { ($0.guid, $0.id) })
        // alpha-1, beta-1, gamma-1, delta-1, alpha-2, …: every host has waiting downloads throughout.
        let order = (1...2_500).flatMap { number in Self.shows.map { (show: $0, number: number) } }
        let ids = try order.map { try #require(byGUID["\($0.show)-\($0.number)"]) }
        var reference = Reference(waiting: order.map { DownloadFixture.audio($0.show, $0.number) }, maximum: 3)
        fixture.core.store.readsOnLoop = 0

        var refusal: LibraryError? = .failed("not answered")
        fixture.downloads.request(ids, byHand: true) { refusal = $0 }
        reference.fill()
        #expect(refusal == nil)
        #expect(fixture.downloads.records.count == 10_000)
        #expect(try fixture.store.downloads().count == 10_000, "every request is stored")
        #expect(Set(fixture.downloads.records.values.map(\.path)).count == 10_000, "each has its own file")
        #expect(fixture.transfers.running.map(\.remote) == reference.running)

        // Downloads finish one by one, the oldest running first; at the 100th, alpha's fails instead and
        // is tried again 30 s later, before alpha's later downloads.
        var failed: URL?
        for step in 1...400 {
            if step == 100 {
                let alpha = try #require(fixture.transfers.running.first { $0.remote.host == "alpha.test" }?.remote)
                fixture.transfers.fail(alpha, .connectivity("no route to host"))
                failed = alpha
                reference.finish(alpha)
            } else {
                let oldest = try #require(fixture.transfers.running.first?.remote)
                fixture.transfers.succeed(oldest)
                reference.finish(oldest)
            }
            #expect(fixture.transfers.running.map(\.remote) == reference.running, "after \(step) finished")
        }
        let retried = try #require(failed)
        fixture.clock.advance(30)
        #expect(fixture.transfers.running.contains { $0.remote == retried } == false, "alpha's slot is busy")
        let alphaNow = try #require(fixture.transfers.running.first { $0.remote.host == "alpha.test" }?.remote)
        fixture.transfers.succeed(alphaNow)
        #expect(fixture.transfers.running.contains { $0.remote == retried }, "the retry goes before alpha's later downloads")
        #expect(fixture.core.store.readsOnLoop == 0, "the store is read on the background only")
    }
}
