import EarshotStore
import EarshotSync
import Foundation
import Testing

/// Newest wins: a received place is taken only when it is newer than the episode's own last listen
/// here, or than a place taken before it in the same batch.
@Suite("Sync conflict rule: the newest place wins per episode")
struct PlaceConflictTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The episode's own last listen here (nil: never).
        var own: Double?
        /// The times of the places received for it, in order.
        var received: [Double]
        /// The time of the place that wins (nil: the episode keeps its own).
        var winner: Double?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "never played here: the place is taken", own: nil, received: [4_000], winner: 4_000),
        Case(name: "listened here earlier: the other device's newer place wins", own: 3_000, received: [4_000], winner: 4_000),
        Case(name: "listened here later: this library's place stays", own: 5_000, received: [4_000], winner: nil),
        Case(name: "the same second: what is here stays", own: 4_000, received: [4_000], winner: nil),
        Case(name: "a quarter second later is newer", own: 4_000, received: [4_000.25], winner: 4_000.25),
        Case(name: "two places in a batch: the newer, whatever the order", own: nil, received: [4_000, 6_000, 5_000], winner: 6_000),
        Case(name: "two places with one time: the first", own: nil, received: [4_000, 4_000], winner: 4_000),
        Case(name: "a batch all older than here", own: 9_000, received: [4_000, 8_000], winner: nil),
    ]

    @Test(arguments: cases)
    func theNewestPlaceWins(_ row: Case) {
        let episode = EpisodeID(rawValue: 1)
        let places = row.received.enumerated().map { index, time in
            SyncPlace(episode: episode, position: Double(index * 100), completed: false, at: at(time))
        }
        let won = PlaceConflict.winners(places, lastPlayed: [episode: row.own.map(at)])
        #expect(won.map(\.at) == (row.winner.map { [at($0)] } ?? []))
        if let winner = row.winner {
            let index = row.received.firstIndex(of: winner)!
            #expect(won.first?.position == Double(index * 100), "the winning place is the one received at that time")
        }
    }

    @Test func anEpisodeThatIsGoneIsPassedOverAndEachEpisodeWinsOnce() {
        let a = EpisodeID(rawValue: 1), b = EpisodeID(rawValue: 2), gone = EpisodeID(rawValue: 999_999)
        let won = PlaceConflict.winners([SyncPlace(episode: b, position: 1, completed: false, at: at(1)),
                                         SyncPlace(episode: gone, position: 1, completed: false, at: at(1)),
                                         SyncPlace(episode: a, position: 2, completed: true, at: at(2)),
                                         SyncPlace(episode: b, position: 3, completed: false, at: at(3))],
                                        lastPlayed: [a: nil, b: nil])
        #expect(won == [SyncPlace(episode: b, position: 3, completed: false, at: at(3)), SyncPlace(episode: a, position: 2, completed: true, at: at(2))])
    }
}
