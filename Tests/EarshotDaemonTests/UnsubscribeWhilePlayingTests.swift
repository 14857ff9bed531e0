import EarshotMPRIS
import EarshotTestSupport
import Foundation
import Testing

/// Unsubscribing the podcast whose episode plays: the episode keeps playing, and org.earshot.Earshot1's
/// Status still names it (found by the D-Bus fuzz storm: Status left the playing episode out once its
/// podcast's rows were gone, while MPRIS Metadata still showed it).
@Suite("earshot serve: unsubscribing the podcast that plays", .serialized)
struct UnsubscribeWhilePlayingTests {
    @Test func statusStillNamesThePlayingEpisodeAfterItsPodcastIsUnsubscribed() throws {
        let h = try DaemonHarness()
        let session = try FuzzSession(address: h.bus.address, connections: 1)
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let podcasts = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Podcasts").get()
        let id = try #require(podcasts.first?.arrayElements?.first?.stringKeyedEntries?["id"]?.variantValue)
        _ = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Unsubscribe", [id, .boolean(false)]).get()
        usleep(300_000)  // the store's removal runs in the background

        let report = try DaemonConsistency.check(session, playerctlStatus: try h.ask("status"))
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        #expect(report.trackID == TrackID(episodeGUID: "ep-newest").path)
        #expect(!report.podcastSubscribed)
        #expect(try h.ask("status") == "Playing")
        #expect(h.terminate() == 0)
    }
}
