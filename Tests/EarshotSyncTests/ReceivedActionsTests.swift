import EarshotStore
import EarshotSync
import Foundation
import Testing

/// How received actions are taken: this device's own left out, the newest per episode, matched, the
/// playing episode and episodes not here yet left waiting, places where newer than the episode's own;
/// what waited and is now done with is settled.
@Suite("Sync: taking received actions")
struct ReceivedActionsTests {
    static let show = "https://feeds.example/show.xml"
    static let one = "https://cdn.example/1.mp3", two = "https://cdn.example/2.mp3", missing = "https://cdn.example/new.mp3"

    /// One podcast: episode 1 (guid g1, listened here at 5,000) and episode 2 (never played here).
    private let library = LibraryTable(
        podcasts: [show: 1],
        episodes: [.init(id: 1, podcast: 1, guid: "g1", sound: one, lastPlayed: at(5_000)),
                   .init(id: 2, podcast: 1, sound: two)])

    static func play(_ episode: String, _ position: Int?, of total: Int? = 600, at seconds: Double, device: String? = "phone",
                     guid: String? = nil) -> EpisodeAction {
        EpisodeAction(podcast: show, episode: episode, guid: guid, kind: .play, timestamp: at(seconds), started: 0, position: position,
                      total: total, device: device)
    }

    static func action(_ kind: EpisodeAction.Kind, _ episode: String, at seconds: Double) -> EpisodeAction {
        EpisodeAction(podcast: show, episode: episode, kind: kind, timestamp: at(seconds), device: "phone")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var received: [EpisodeAction]
        var waiting: [EpisodeAction] = []
        var playing: Int64?
        /// The places written: episode, position, finished.
        var places: [(Int64, Double, Bool)] = []
        /// The episode addresses of the actions that wait afterwards.
        var keep: [String] = []
        /// The episode addresses of the waiting actions settled.
        var settled: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a newer play moves the episode", received: [play(two, 120, at: 4_000)], places: [(2, 120, false)]),
        Case(name: "the newest action per episode wins whatever the order they came in",
             received: [play(two, 300, at: 3_000), play(two, 100, at: 2_000), play(two, 50, at: 2_500)], places: [(2, 300, false)]),
        Case(name: "listened here after the other device: this place stays", received: [play(one, 120, at: 4_000)]),
        Case(name: "the other device listened after this one: its place wins", received: [play(one, 120, at: 6_000)], places: [(1, 120, false)]),
        Case(name: "the same second as here: this place stays", received: [play(one, 120, at: 5_000)]),
        Case(name: "this device's own actions are not taken back", received: [play(two, 120, at: 4_000, device: "desk")]),
        Case(name: "actions without a device are taken", received: [play(two, 120, at: 4_000, device: nil)], places: [(2, 120, false)]),
        Case(name: "the episode playing now is never moved: its action waits", received: [play(two, 120, at: 4_000)], playing: 2, keep: [two]),
        Case(name: "an episode not here yet: its action waits", received: [play(missing, 120, at: 4_000)], keep: [missing]),
        Case(name: "a play near the end finishes the episode at its length", received: [play(two, 597, at: 4_000)], places: [(2, 600, true)]),
        Case(name: "a play without a length is a place, never the end", received: [play(two, 590, of: nil, at: 4_000)], places: [(2, 590, false)]),
        Case(name: "a play without a position says nothing", received: [play(two, nil, at: 4_000)]),
        Case(name: "new is the start, unplayed", received: [action(.new, two, at: 4_000)], places: [(2, 0, false)]),
        Case(name: "a new older than a play: the play wins", received: [play(two, 120, at: 4_000), action(.new, two, at: 3_000)],
             places: [(2, 120, false)]),
        Case(name: "a new after a play: the start", received: [play(two, 120, at: 3_000), action(.new, two, at: 4_000)], places: [(2, 0, false)]),
        Case(name: "download and delete say nothing of the place", received: [action(.download, two, at: 4_000), action(.delete, two, at: 4_001)]),
        Case(name: "a delete after a play does not hide the play", received: [play(two, 120, at: 3_000), action(.delete, two, at: 4_000)],
             places: [(2, 120, false)]),
        Case(name: "the guid comes before the address", received: [play("https://elsewhere.example/x.mp3", 120, at: 6_000, guid: "g1")],
             places: [(1, 120, false)]),
        Case(name: "a waiting action whose episode came is applied and settled", received: [], waiting: [play(two, 60, at: 4_000)],
             places: [(2, 60, false)], settled: [two]),
        Case(name: "a waiting action older than here is settled without moving", received: [], waiting: [play(one, 60, at: 4_000)], settled: [one]),
        Case(name: "a waiting action for an episode still missing keeps waiting", received: [], waiting: [play(missing, 60, at: 4_000)],
             keep: [missing]),
        Case(name: "a newer received action supersedes a waiting one", received: [play(two, 90, at: 4_500)], waiting: [play(two, 60, at: 4_000)],
             places: [(2, 90, false)], settled: [two]),
        Case(name: "the playing episode's waiting action still waits", received: [], waiting: [play(two, 60, at: 4_000)], playing: 2, keep: [two]),
    ]

    @Test(arguments: cases)
    func receivedActionsAreTakenByTheRules(_ row: Case) throws {
        let playing = row.playing.map(EpisodeID.init)
        let rules = ReceivingRules(device: "desk", playing: { playing }, finished: finishedNearTheEnd, now: { at(10_000) })
        let (writes, outcome) = try ReceivedActions.decide(received: row.received, waiting: row.waiting, rules: rules, in: library)
        #expect(writes.places.map { [Double($0.episode.rawValue), $0.position, $0.completed ? 1 : 0] }
                == row.places.map { [Double($0.0), $0.1, $0.2 ? 1 : 0] })
        #expect(writes.waiting.map(\.episode) == row.keep)
        #expect(writes.settled.map(\.episode) == row.settled)
        #expect(outcome == ReceivedOutcome(applied: Set(row.places.map { EpisodeID(rawValue: $0.0) }), waiting: row.keep.count,
                                           held: row.playing == nil ? 0 : row.keep.count))
        #expect(writes.state == nil, "the cursor is the caller's")
    }

    @Test func aPlaceIsStampedWithTheActionsTime() throws {
        let rules = ReceivingRules(device: "desk", playing: { nil }, finished: finishedNearTheEnd)
        let (writes, _) = try ReceivedActions.decide(received: [Self.play(Self.two, 120, at: 4_321)], waiting: [], rules: rules, in: library)
        #expect(writes.places.map(\.at) == [at(4_321)])
    }

    @Test func aPlaceStampedInTheYear9999IsTakenAsNowNotAsTheLastListenForEver() throws {
        let rules = ReceivingRules(device: "desk", playing: { nil }, finished: finishedNearTheEnd)
        let (writes, _) = try ReceivedActions.decide(received: [Self.play(Self.two, 120, at: 253_402_300_799)], waiting: [], rules: rules,
                                                     in: library)
        let stamped = try #require(writes.places.first?.at)
        #expect(stamped <= Date().addingTimeInterval(600), "a listen here tomorrow must still win: \(stamped)")
    }

    @Test func actionsWaitAtMostThirtyDaysAndOnlyTheNewestTenThousand() throws {
        let now = at(100 * 86_400)
        let rules = ReceivingRules(device: "desk", playing: { nil }, finished: finishedNearTheEnd, now: { now })
        let old = Self.play("https://cdn.example/old.mp3", 1, at: 69 * 86_400), fresh = Self.play(Self.missing, 1, at: 71 * 86_400)
        let (writes, outcome) = try ReceivedActions.decide(received: [fresh], waiting: [old], rules: rules, in: library)
        #expect(writes.waiting.map(\.episode) == [Self.missing] && outcome.waiting == 1)
        #expect(writes.settled.map(\.episode) == ["https://cdn.example/old.mp3"], "the old one is forgotten")
        let many = (0..<10_005).map { Self.play("https://cdn.example/m\($0).mp3", 1, at: 80 * 86_400 + Double($0)) }
        let (bounded, _) = try ReceivedActions.decide(received: Array(many.dropFirst(2)), waiting: Array(many.prefix(2)), rules: rules,
                                                      in: library)
        #expect(bounded.waiting.count == 10_000 && bounded.waiting.first?.episode == "https://cdn.example/m5.mp3")
        #expect(bounded.settled.map(\.episode) == ["https://cdn.example/m0.mp3", "https://cdn.example/m1.mp3"])
    }

    @Test func theCursorIsWrittenWithWhatWasTaken() throws {
        let rules = ReceivingRules(device: "desk", playing: { nil }, finished: finishedNearTheEnd)
        let (writes, _) = try ReceivedActions.decide(received: [Self.play(Self.two, 120, at: 4_000)], waiting: [],
                                                     cursor: ("state.sync.actions-since", "77"), rules: rules, in: library)
        #expect(writes.state?.key == "state.sync.actions-since" && writes.state?.value == "77")
    }

    @Test func onceSyncStoppedNothingIsTakenNorTheCursorKept() throws {
        let rules = ReceivingRules(device: "desk", active: { false }, playing: { nil }, finished: finishedNearTheEnd)
        let (writes, outcome) = try ReceivedActions.decide(received: [Self.play(Self.two, 120, at: 4_000)],
                                                           waiting: [Self.play(Self.missing, 1, at: 1)],
                                                           cursor: ("state.sync.actions-since", "77"), rules: rules, in: library)
        #expect(writes.places.isEmpty && writes.waiting.isEmpty && writes.settled.isEmpty && writes.state == nil)
        #expect(outcome == ReceivedOutcome(applied: [], waiting: 1), "what waited still waits")
    }
}
