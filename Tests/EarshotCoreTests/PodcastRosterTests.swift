@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("PodcastRoster: podcasts by id and by address")
struct PodcastRosterTests {
    static func podcast(_ id: Int64, _ url: String, formerly: [String] = []) -> PodcastSummary {
        PodcastSummary(id: PodcastID(rawValue: id), url: URL(string: url)!, channel: Channel(title: "Show \(id)"),
                       validators: FeedValidators(), episodeCount: 0, unplayedCount: 0, lastCheckedAt: nil, lastPlayedAt: nil,
                       addedAt: Date(timeIntervalSinceReferenceDate: 0), formerURLs: formerly.map { URL(string: $0)! })
    }

    @Test func aPodcastIsFoundByIdItsAddressAndItsFormerOnesWhetherLoadedOrAdded() {
        var roster = PodcastRoster([Self.podcast(1, "https://a.example/rss", formerly: ["https://old.example/rss"])])
        let added = roster.store(Self.podcast(2, "https://b.example/rss", formerly: ["https://older.example/rss"]))
        #expect(added)
        #expect(roster.podcast(PodcastID(rawValue: 2))?.url.absoluteString == "https://b.example/rss")
        #expect(roster.podcast(url: URL(string: "https://old.example/rss")!)?.id.rawValue == 1)
        #expect(roster.podcast(url: URL(string: "https://older.example/rss")!)?.id.rawValue == 2)
        #expect(roster.podcast(PodcastID(rawValue: 3)) == nil)
    }

    @Test func aNewPodcastAtAnotherOnesFormerAddressIsTheOneFoundThere() {
        var roster = PodcastRoster([Self.podcast(1, "https://a.example/rss", formerly: ["https://b.example/rss"])])
        roster.store(Self.podcast(2, "https://b.example/rss"))
        #expect(roster.podcast(url: URL(string: "https://b.example/rss")!)?.id.rawValue == 2, "a feed living there wins")
    }

    @Test func aChangeInPlaceAMoveAndARemovalKeepEveryLookupTrue() {
        var roster = PodcastRoster([Self.podcast(1, "https://a.example/rss"), Self.podcast(2, "https://b.example/rss")])
        roster.update(PodcastID(rawValue: 2)) { $0.lastPlayedAt = Date(timeIntervalSinceReferenceDate: 9) }
        #expect(roster.podcast(PodcastID(rawValue: 2))?.lastPlayedAt == Date(timeIntervalSinceReferenceDate: 9))
        let movedIsNew = roster.store(Self.podcast(1, "https://moved.example/rss", formerly: ["https://a.example/rss"]))
        #expect(!movedIsNew)
        #expect(roster.podcast(url: URL(string: "https://moved.example/rss")!)?.id.rawValue == 1)
        #expect(roster.podcast(url: URL(string: "https://a.example/rss")!)?.id.rawValue == 1, "its old address is a former one")
        roster.remove(PodcastID(rawValue: 1))
        #expect(roster.podcast(url: URL(string: "https://moved.example/rss")!) == nil)
        #expect(roster.podcast(PodcastID(rawValue: 2))?.url.absoluteString == "https://b.example/rss", "the one after it moved up")
        #expect(roster.all.map(\.id.rawValue) == [2])
    }
}
