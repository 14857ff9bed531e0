@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// What to download: a podcast's auto-download filters, and nothing automatic on a metered connection.
@Suite("Downloads: auto-download filters and metered connections")
struct DownloadFilterAndMeteredTests {
    @Test func theFilterTakesAnyIncludedWordNoExcludedOneAndTheLengthsRegardlessOfCaseAndAccents() {
        let filter = AutoDownloadFilter(include: ["interview", "Q&A"], exclude: ["trailer"], minimumSeconds: 600, maximumSeconds: 7200)
        #expect(filter.admits(title: "The INTERVIEW: Zoë", seconds: 1800))
        #expect(filter.admits(title: "Q&A special", seconds: nil), "an unknown length passes")
        #expect(!filter.admits(title: "News", seconds: 1800), "no included word")
        #expect(!filter.admits(title: "Interview trailer", seconds: 1800), "an excluded word")
        #expect(!filter.admits(title: "Interview", seconds: 300) && !filter.admits(title: "Interview", seconds: 9000))
        #expect(AutoDownloadFilter(exclude: ["cafe"]).admits(title: "At the Café", seconds: nil) == false, "accents do not matter")
        #expect(AutoDownloadFilter().isEmpty && AutoDownloadFilter().admits(title: nil, seconds: nil))
    }

    @Test func theSettingsReadAsAFilterPerPodcastElseForAll() throws {
        let fixture = try CoreFixture()
        let a = try fixture.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        try fixture.library.set("auto-download-skip-words", to: "trailer, bonus", for: nil)
        try fixture.library.set("auto-download-max-length", to: "90", for: a)
        #expect(fixture.library.autoDownloadFilter(a) == AutoDownloadFilter(exclude: ["trailer", "bonus"], maximumSeconds: 5400))
        try fixture.library.set("auto-download-skip-words", to: "none", for: a)
        #expect(fixture.library.autoDownloadFilter(a).exclude.isEmpty, "none for the podcast: no words")
        #expect(throws: LibraryError.self) { try fixture.library.set("auto-download-min-length", to: "long", for: a) }
    }

    /// alpha with auto-download on and one episode; a refresh brings alpha-2 and alpha-3 (10 minutes each).
    static func refreshed(_ configure: (Library, PodcastID) throws -> Void) throws -> (DownloadFixture, PodcastID) {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        let a = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        try fixture.core.library.set("auto-download", to: "on", for: a)
        try configure(fixture.core.library, a)
        fixture.core.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 3))
        try fixture.core.library.refresh()
        return (fixture, a)
    }

    @Test func newEpisodesAreDownloadedOnlyWhenThePodcastsFiltersLetThemThrough() throws {
        let (skipped, _) = try Self.refreshed { library, a in try library.set("auto-download-skip-words", to: "alpha 3", for: a) }
        #expect(skipped.downloads.records.values.map(\.episode) == [try skipped.core.episode("alpha-2")])
        let (short, _) = try Self.refreshed { library, a in try library.set("auto-download-min-length", to: "20", for: a) }
        #expect(short.downloads.records.isEmpty, "10 minutes is shorter than 20")
        let (any, _) = try Self.refreshed { _, _ in }
        #expect(any.downloads.records.count == 2)
    }

    @Test func onAMeteredConnectionNothingAutomaticStartsWhatIsAskedByHandDoesAndTheRestResumesAfter() throws {
        let fixture = try DownloadFixture { $0.ahead = 2 }
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 3), autoQueue: false)
        let ids = try (1...3).map { try fixture.core.episode("alpha-\($0)") }
        fixture.core.session.networkChanged(metered: true)
        try fixture.core.session.enqueue([ids[0], ids[1]])  // downloading ahead would fetch these
        #expect(fixture.transfers.started.isEmpty, "no automatic download starts")
        #expect(fixture.downloads.records.count == 2, "they wait")
        fixture.core.session.download([ids[2]]) { _ in }
        #expect(fixture.transfers.started.map(\.remote) == [DownloadFixture.audio("alpha", 3)], "asked for by hand: it runs")
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 3))
        #expect(fixture.transfers.running.isEmpty, "still metered: the automatic ones still wait")
        fixture.core.session.networkChanged(metered: false)
        #expect(fixture.transfers.running.map(\.remote) == [DownloadFixture.audio("alpha", 1)], "resumed (one per host at a time)")
    }

    @Test func aTimedRefreshOnAMeteredConnectionWaitsUntilItIsNoLongerMetered() throws {
        let fixture = try CoreFixture()
        _ = try fixture.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        fixture.session.networkChanged(metered: true)
        let before = fixture.feeds.requests.count
        fixture.session.begin(refreshingEvery: .seconds(60))
        fixture.timers.advance(61)
        #expect(fixture.feeds.requests.count == before, "no refresh while metered")
        fixture.session.networkChanged(metered: false)
        #expect(fixture.feeds.requests.count > before, "the skipped refresh runs now")
    }
}
