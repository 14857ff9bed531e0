@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// Every change a client lists publishes a session event (which org.earshot.Earshot1's `Changed` and
/// `DownloadProgress` follow), and a download's many chunks make a few paced events.
@Suite("Library changes publish session events")
struct LibraryChangeEventsTests {
    private final class Heard {
        var events: [SessionEvent] = []
        var subscription: EventSubscription?
        init(_ events: SessionEvents) { subscription = events.subscribe { [unowned self] in self.events.append($0) } }
        var stars: [([EpisodeID], Bool)] { events.compactMap { if case .starred(let ids, let on) = $0 { (ids, on) } else { nil } } }
        var dismissals: [Int] { events.compactMap { if case .dismissed(let count) = $0 { count } else { nil } } }
        var moves: [[DownloadRecord]] { events.compactMap { if case .downloadsMoved(let records) = $0 { records } else { nil } } }
        var deletions: [[EpisodeID]] { events.compactMap { if case .downloadsDeleted(let ids) = $0 { ids } else { nil } } }
    }

    @Test func starringAndUnstarringPublishStarredWithTheEpisodesThatChanged() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let one = try f.episode("alpha-1")
        let heard = Heard(f.session.events)
        f.session.star([one], starred: true) { _ in }
        f.session.star([one], starred: false) { _ in }
        #expect(heard.stars.map(\.0) == [[one], [one]])
        #expect(heard.stars.map(\.1) == [true, false])
    }

    @Test func dismissingPublishesDismissedWithHowManyLeftTheInboxAndNothingWhenNoneDid() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 4))
        try f.session.refresh(nil, progress: { _, _, _ in }, completion: { _ in })
        let heard = Heard(f.session.events)
        f.session.inbox.dismiss([try f.episode("alpha-2")]) { _ in }
        f.session.inbox.dismiss([try f.episode("alpha-1")]) { _ in }  // never in the inbox
        f.session.inbox.dismissAll { _ in }
        f.session.inbox.dismissAll { _ in }  // already empty
        #expect(heard.dismissals == [1, 2])
    }

    @Test func aDownloadsChunksArePacedToOneEventPerIntervalAndNothingDownloadingArmsNoTimer() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let id = try fixture.core.episode("alpha-1")
        let heard = Heard(fixture.core.session.events)
        fixture.downloads.request([id], byHand: true)
        let transfer = try #require(fixture.transfers.running.first)
        for chunk in 1...100 { transfer.progress(DownloadProgress(bytesWritten: Int64(chunk) * 1000, totalBytes: 100_000)) }
        #expect(heard.moves.isEmpty, "nothing before the interval")
        fixture.clock.advance(by: Downloads.progressInterval)
        #expect(heard.moves.count == 1)
        #expect(heard.moves.first?.map(\.episode) == [id])
        #expect(heard.moves.first?.first?.state == .downloading)
        #expect(heard.moves.first?.first?.bytes == 100_000 && heard.moves.first?.first?.totalBytes == 100_000)
        fixture.clock.advance(by: Downloads.progressInterval * 4)
        #expect(heard.moves.count == 1, "no chunk, no event")
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1), bytes: 100_000)
        fixture.clock.advance(by: Downloads.progressInterval)
        #expect(heard.moves.last?.first?.state == .completed)
        let waiting = fixture.clock.waiting
        fixture.clock.advance(by: Downloads.progressInterval * 4)
        #expect(heard.moves.count == 2)
        #expect(fixture.clock.waiting <= waiting, "no pacing timer while nothing downloads")
    }

    @Test func deletingADownloadByHandPublishesDownloadsDeleted() throws {
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let id = try fixture.core.episode("alpha-1")
        fixture.downloads.request([id], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        let heard = Heard(fixture.core.session.events)
        try fixture.downloads.delete([id])
        #expect(heard.deletions == [[id]])
    }
}
