import EarshotSync
import Foundation
import Testing

/// A sync server's address: https anywhere, plain http only to this computer unless allowed, never kept
/// or shown with a password in it, and a Nextcloud login flow polled only on the server's own origin.
@Suite("Sync server addresses")
struct SyncServerAddressTests {
    @Test(arguments: [
        ("https://sync.example/", false, true),
        ("http://sync.example/", false, false),
        ("http://sync.example/", true, true),
        ("http://127.0.0.1:8080/", false, true),
        ("http://localhost/", false, true),
        ("http://[::1]:8080/", false, true),
        ("http://127.attacker.example/", false, false),
        ("ftp://sync.example/", true, false),
    ])
    func plainHTTPGoesOnlyToThisComputerUnlessAllowed(address: String, allowHTTP: Bool, accepted: Bool) throws {
        let refusal = SyncServerAddress.refusal(of: try #require(URL(string: address)), allowHTTP: allowHTTP)
        #expect((refusal == nil) == accepted, "\(address): \(refusal ?? "accepted")")
    }

    @Test func aPasswordWrittenIntoTheAddressIsNeverKeptOrShown() throws {
        let written = try #require(URL(string: "http://alice:pw@sync.example/gpodder"))
        #expect(SyncServerAddress.bare(written).absoluteString == "http://sync.example/gpodder")
        let refusal = try #require(SyncServerAddress.refusal(of: written, allowHTTP: false))
        #expect(!refusal.contains("pw") && !refusal.contains("alice"), "\(refusal)")
    }

    @Test func aLoginFlowIsPolledOnlyOnTheServersOwnOrigin() throws {
        let server = try #require(URL(string: "https://cloud.example/nextcloud"))
        #expect(SyncServerAddress.sameOrigin(try #require(URL(string: "https://cloud.example/login/v2/poll")), as: server))
        #expect(SyncServerAddress.sameOrigin(try #require(URL(string: "https://CLOUD.example:443/x")), as: server))
        for elsewhere in ["http://cloud.example/login/v2/poll", "https://attacker.example/poll", "https://cloud.example:8443/poll"] {
            #expect(!SyncServerAddress.sameOrigin(try #require(URL(string: elsewhere)), as: server), "\(elsewhere)")
        }
    }
}
