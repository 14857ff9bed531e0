import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// A Secret Service that never answers (a hung keyring; a locked one's prompt waits the same way) holds
/// up nothing but the sync that needs its password: with a sync account kept, a start asks for the
/// password, and meanwhile the place played is stored as always, so a `kill -9` loses none of it.
@Suite("A Secret Service that does not answer", .serialized)
struct SilentSecretServiceTests {
    /// Owns `org.freedesktop.secrets` on `bus` and never reads a call: its context is never iterated.
    final class SilentSecretService {
        let connection: BusConnection

        init(bus: String) throws {
            connection = try BusConnection(address: bus, context: MainContext())
            guard try connection.requestName("org.freedesktop.secrets") == .owned else {
                throw TestFailure("another Secret Service owns the name")
            }
        }
    }

    @Test func aSyncPasswordNobodyAnswersForNeverHoldsUpSavingThePlace() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        // A sync account kept by an earlier login (its server need not answer: the password never comes).
        let database = h.stateDirectory + "/earshot/earshot.sqlite"
        let account = ["state.sync.server": "https://sync.invalid/", "state.sync.user": "alice",
                       "state.sync.dialect": "gpodder", "state.sync.device": "earshot-test"]
        let inserts = account.map { "INSERT INTO setting (podcastId, key, value) VALUES (NULL, '\($0.key)', '\($0.value)');" }
        let written = try Subprocess.run(["sqlite3", database, inserts.joined(separator: " ")], busAddress: h.bus.address, context: h.context)
        try #require(written.status == 0, "\(written.stderr)")
        let silent = try SilentSecretService(bus: h.bus.address)

        try h.start(["--feed", h.feedURL.absoluteString])
        try h.playerctl("play")
        try h.playerctl("position", "5")
        _ = try h.wait(for: "position") { (Double($0) ?? 0) >= 7 }
        try h.playerctl("pause")
        #expect(try h.wait(for: "status") { $0 == "Paused" } == "Paused")
        let paused = Double(try h.ask("position")) ?? -1
        usleep(1_500_000)  // the store's worker writes the place the pause saved
        h.kill9()

        try h.start(["--feed", h.feedURL.absoluteString])
        let restored = Double(try h.ask("position")) ?? -1
        #expect(abs(restored - paused) < 1.0, "paused at \(paused), restored at \(restored): \(h.daemonLog)")
        #expect(h.terminate() == 0)
        withExtendedLifetime(silent) {}
    }
}
