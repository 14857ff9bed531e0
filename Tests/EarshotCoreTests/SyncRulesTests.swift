@testable import EarshotCore
import EarshotStore
import EarshotSync
import Foundation
import Testing

/// The sync rules that need neither a server nor a store.
@Suite("Sync rules: places, the newest action, the union, timestamps, addresses")
struct SyncRulesTests {
    private func play(_ position: Int?, of total: Int?, at seconds: Double, episode: String = "https://cdn.example/1.mp3") -> EpisodeAction {
        EpisodeAction(podcast: "https://feeds.example/show.xml", episode: episode, kind: .play,
                      timestamp: Date(timeIntervalSince1970: seconds), started: 0, position: position, total: total)
    }

    /// The listening rule a received play finishes by, as sync is given it.
    private let finished = { ProgressRules.isFinished(leavingAt: $0, duration: $1) }

    @Test func aPlayNearTheEndFinishesTheEpisodeByTheLocalRuleAndNewIsTheStart() throws {
        #expect(SyncRules.place(of: play(1_200, of: 3_600, at: 0), finished: finished)! == (1_200, false))
        #expect(SyncRules.place(of: play(3_590, of: 3_600, at: 0), finished: finished)! == (3_600, true), "within the last 30 s")
        #expect(SyncRules.place(of: play(nil, of: 3_600, at: 0), finished: finished) == nil, "a play without a position says nothing")
        let new = EpisodeAction(podcast: "p", episode: "e", kind: .new, timestamp: Date())
        #expect(SyncRules.place(of: new, finished: finished)! == (0, false))
        #expect(SyncRules.place(of: EpisodeAction(podcast: "p", episode: "e", kind: .download, timestamp: Date()), finished: finished) == nil)
    }

    @Test func theNewestActionPerEpisodeWinsWhateverTheOrderTheyCameIn() {
        let actions = [play(300, of: 600, at: 200), play(100, of: 600, at: 100), play(50, of: 600, at: 150, episode: "https://cdn.example/2.mp3")]
        let newest = SyncRules.newestPerEpisode(actions)
        #expect(newest.count == 2)
        #expect(newest.first { $0.episode.hasSuffix("1.mp3") }?.position == 300)
    }

    @Test func theFirstSyncIsAUnionThatRemovesNothing() {
        let (upload, subscribe) = SyncRules.union(local: ["a", "b"], remote: ["b", "c"])
        #expect(upload == ["a"] && subscribe == ["c"])
    }

    @Test func timestampsAreReadLeniently() {
        let expected = Date(timeIntervalSince1970: 1_795_536_000)  // 2026-11-24T16:00:00Z
        for text in ["2026-11-24T16:00:00", "2026-11-24T16:00:00Z", "2026-11-24T17:00:00+01:00", "2026-11-24 16:00:00",
                     "2026-11-24T16:00:00.000Z", "1795536000"] {
            #expect(SyncRules.timestamp(text) == expected, "\(text)")
        }
        #expect(SyncRules.timestamp("yesterday") == nil)
        #expect(SyncRules.timestamp("2024-02-29T23:59:59") == Date(timeIntervalSince1970: 1_709_251_199), "a leap day")
        #expect(SyncRules.timestamp("1999-12-31T00:00:00Z") == Date(timeIntervalSince1970: 946_598_400))
        #expect(SyncRules.timestamp("2026-13-01T00:00:00") == nil)
        #expect(SyncRules.apiTimestamp(expected) == "2026-11-24T16:00:00")
    }

    @Test func timestampsAreWrittenAsTheFormatterWritesThemAndReadBack() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        var generator = SystemRandomNumberGenerator()
        let dates = [-86_400.0, -1, 0, 951_782_400, 1_709_251_199, 4_102_444_800, 1_795_536_000.75]
            + (0..<2_000).map { _ in Double(Int.random(in: -2_208_988_800...4_102_444_800, using: &generator)) }
        for seconds in dates {
            let date = Date(timeIntervalSince1970: seconds)
            let written = SyncRules.apiTimestamp(date)
            #expect(written == formatter.string(from: date), "\(seconds)")
            #expect(SyncRules.timestamp(written) == Date(timeIntervalSince1970: seconds.rounded(.down)), "\(written)")
        }
    }

    @Test func addressesCompareWithTheirPercentEncodingNormalised() {
        #expect(SyncRules.normalised("https://cdn.example/a%7eb%2fc%C3%A9.mp3") == "https://cdn.example/a~b%2Fc%C3%A9.mp3")
        #expect(SyncRules.normalised("https://cdn.example/plain.mp3") == "https://cdn.example/plain.mp3")
        #expect(SyncRules.normalised("https://cdn.example/100%") == "https://cdn.example/100%", "a stray % stays")
        #expect(SyncRules.isSyncable("https://a/feed") && !SyncRules.isSyncable("file:///home/me/feed.xml"))
    }
}
