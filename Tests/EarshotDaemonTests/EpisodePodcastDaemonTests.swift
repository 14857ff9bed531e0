import EarshotMPRIS
import EarshotTestSupport
import Foundation
import Testing

/// Every list of episodes names each episode's podcast by id (two shows can share a title), and
/// `Podcast` answers one podcast's dictionary without the whole library.
@Suite("Episodes name their podcast by id on the bus")
struct EpisodePodcastDaemonTests {
    @Test func inboxRowsAndUpNextCarryThePodcastIdAndPodcastAnswersThatOneShow() throws {
        let h = try DaemonHarness()
        let session = try FuzzSession(address: h.bus.address, connections: 1)
        let shows = try SameTitleShows(h, session: session)
        func ask(_ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
            try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, member, arguments).get()
        }
        let inbox = try ask("EpisodeRows", [.int64(0), .string("inbox"), .string("")]).first?.arrayElements?.compactMap(\.structureMembers) ?? []
        #expect(inbox.map { [$0[9], $0[10]] } == [[.string(SameTitleShows.fresh), .int64(shows.second)]], "\(inbox)")
        let queue = try ask("Queue").first?.arrayElements?.compactMap { $0.stringKeyedEntries?.compactMapValues(\.variantValue) } ?? []
        #expect(queue.map { [$0["title"], $0["podcast"]] } == [[.string("Other middle"), .int64(shows.second)]], "\(queue)")

        let one = try ask("Podcast", [.int64(shows.second)])
        let all = try ask("Podcasts").first?.arrayElements ?? []
        #expect(all.count == 2)
        #expect(one.first == all.first { $0.stringKeyedEntries?["id"]?.variantValue == .int64(shows.second) }, "\(one)")
        #expect(one.first?.stringKeyedEntries?["title"]?.variantValue == .string("Daemon Show"))
        let unknown = session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Podcast", [.int64(999)])
        if case .failure(let error) = unknown {
            #expect(error.name == "org.earshot.Error.NoSuchPodcast", "\(error)")
        } else {
            Issue.record("Podcast(999) answered \(unknown)")
        }
        #expect(h.terminate() == 0)
    }
}
