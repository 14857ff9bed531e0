import EarshotStore
import EarshotSync
import Foundation
import Testing

/// Which episode a received action names: its podcast's episode with its guid, else with its audio
/// address, else with that address normalised; an address is looked for in its own podcast first, then
/// in every podcast.
@Suite("Sync matching: guid, then address, then the normalised address")
struct EpisodeMatchingTests {
    /// Two podcasts: `show` (1) with episodes a (10) and b (11); `other` (2) with b (20) and c (21).
    private let library = LibraryTable(
        podcasts: ["https://feeds.example/show.xml": 1, "https://other.example/feed.xml": 2],
        episodes: [.init(id: 10, podcast: 1, guid: "a", sound: "https://cdn.example/a.mp3"),
                   .init(id: 11, podcast: 1, guid: "b", sound: "https://cdn.example/b.mp3"),
                   .init(id: 20, podcast: 2, guid: "b", sound: "https://cdn.example/b.mp3"),
                   .init(id: 21, podcast: 2, guid: "c", sound: "https://cdn.example/c.mp3")])

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var podcast = "https://feeds.example/show.xml"
        var episode: String
        var guid: String?
        var expected: Int64?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the guid comes before the address", episode: "https://elsewhere.example/x.mp3", guid: "a", expected: 10),
        Case(name: "a guid and an address that disagree: the guid", episode: "https://cdn.example/b.mp3", guid: "a", expected: 10),
        Case(name: "an unknown guid falls back to the address", episode: "https://cdn.example/b.mp3", guid: "zzz", expected: 11),
        Case(name: "no guid: the exact address", episode: "https://cdn.example/b.mp3", expected: 11),
        Case(name: "the address with its percent-encoding normalised", episode: "https://cdn.example/%62.mp3", expected: 11),
        Case(name: "an address nowhere is no episode", episode: "https://cdn.example/none.mp3", expected: nil),
        Case(name: "the action's own podcast first", podcast: "https://other.example/feed.xml", episode: "https://cdn.example/b.mp3", expected: 20),
        Case(name: "then every podcast", episode: "https://cdn.example/c.mp3", expected: 21),
        Case(name: "a podcast unknown here: every podcast, the lowest id", podcast: "https://unknown.example/feed",
             episode: "https://cdn.example/b.mp3", expected: 11),
        Case(name: "a guid counts only in its own podcast", podcast: "https://unknown.example/feed", episode: "https://cdn.example/none.mp3",
             guid: "a", expected: nil),
    ]

    @Test(arguments: cases)
    func anActionNamesTheEpisodeTheRulesFind(_ row: Case) throws {
        let action = EpisodeAction(podcast: row.podcast, episode: row.episode, guid: row.guid, kind: .play, timestamp: at(0), position: 1)
        let found = try EpisodeMatching.match([action], in: library, normalise: { $0.replacingOccurrences(of: "%62", with: "b") })
        #expect(found == [row.expected.map(EpisodeID.init)])
    }

    @Test func theRealNormalisationIsTheDefault() throws {
        let library = LibraryTable(podcasts: [:], episodes: [.init(id: 5, podcast: 1, sound: "https://cdn.example/a~b.mp3")])
        let action = EpisodeAction(podcast: "p", episode: "https://cdn.example/a%7eb.mp3", kind: .new, timestamp: at(0))
        #expect(try EpisodeMatching.match([action], in: library) == [EpisodeID(rawValue: 5)])
    }
}
