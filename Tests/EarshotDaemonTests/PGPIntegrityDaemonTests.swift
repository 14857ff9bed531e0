import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Downloads checked against the feed's `podcast:integrity type="pgp-signature"` by the real daemon with
/// the real gpg, the listener's keyring a temporary `GNUPGHOME` holding a key made for the test.
@Suite("Daemon: downloads checked against the feed's PGP signatures", .serialized)
struct PGPIntegrityDaemonTests {
    /// gpg on `PATH`, if installed.
    static let gpg: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/gpg" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A GnuPG home with a new signing key (ed25519, no passphrase) for `name`.
    final class Keyring {
        let home: String
        init(_ name: String) throws {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-gpg-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try run("--batch", "--passphrase", "", "--quick-gen-key", "\(name) <\(name.lowercased())@example.org>", "ed25519", "sign", "never")
        }

        deinit {
            _ = try? BuiltProduct.runTool("/usr/bin/env", ["gpgconf", "--kill", "gpg-agent"], environment: ["GNUPGHOME": home])
            try? FileManager.default.removeItem(atPath: home)
        }

        /// gpg with this home; fails the test when it fails.
        @discardableResult
        func run(_ arguments: String...) throws -> Subprocess.Output {
            let run = try BuiltProduct.runTool(PGPIntegrityDaemonTests.gpg!, arguments, environment: ["GNUPGHOME": home])
            guard run.status == 0 else { throw TestFailure("gpg \(arguments.joined(separator: " ")) failed: \(run.stderr)") }
            return run
        }

        /// Revokes its key with the revocation certificate gpg made with it, and gives the public key
        /// with its revocation, armoured.
        func revokedPublicKey() throws -> String {
            let certificates = home + "/openpgp-revocs.d"
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: certificates).first)
            let certificate = try String(contentsOfFile: certificates + "/" + name, encoding: .utf8)
                .replacingOccurrences(of: ":-----BEGIN", with: "-----BEGIN")  // gpg guards it against a hasty import
            try certificate.write(toFile: home + "/revocation.asc", atomically: true, encoding: .utf8)
            try run("--batch", "--import", home + "/revocation.asc")
            return try run("--batch", "--armor", "--export").stdout
        }

        /// Imports the armoured `key`.
        func importKey(_ key: String) throws {
            try key.write(toFile: home + "/imported.asc", atomically: true, encoding: .utf8)
            try run("--batch", "--import", home + "/imported.asc")
        }

        /// A detached signature of `bytes`, base64 as a feed gives it.
        func sign(_ bytes: [UInt8]) throws -> String {
            let file = home + "/signed-\(UUID().uuidString)"
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            try run("--batch", "--yes", "--detach-sign", "--output", file + ".sig", file)
            return try Data(contentsOf: URL(fileURLWithPath: file + ".sig")).base64EncodedString()
        }
    }

    /// An item whose enclosure is `first`, listed by an alternate enclosure with `more` sources and the
    /// PGP signature `signature`.
    static func item(_ name: String, base: String, signature: String, more: [String] = []) -> String {
        let sources = ([ "/pgp/\(name)-1.mp3"] + more).map { "<podcast:source uri=\"\(base)\($0)\"/>" }.joined()
        return """
            <item><guid>pgp-\(name)</guid><title>Signed \(name)</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(base)/pgp/\(name)-1.mp3" type="audio/mpeg" length="1"/>
              <podcast:alternateEnclosure type="audio/mpeg" default="true">\(sources)
                <podcast:integrity type="pgp-signature" value="\(signature)"/>
              </podcast:alternateEnclosure></item>
            """
    }

    @Test(.enabled(if: gpg != nil, "gpg is not installed (Debian's gnupg): PGP signatures cannot be made to check"))
    func aGoodSignatureKeepsTheFileABadOneTriesTheNextSourceAnUnknownKeyKeepsItARevokedOneRefuses() throws {
        let listener = try Keyring("Publisher"), stranger = try Keyring("Stranger"), revoked = try Keyring("Revoked")
        let audio = try #require(try AudioFixtures.files()["middle.mp3"])
        var tampered = audio
        tampered[tampered.count / 2] ^= 0xFF
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-pgp-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let h = try DaemonHarness(environment: ["GNUPGHOME": listener.home, "TMPDIR": temporary.path])
        let base = h.server.baseURL.absoluteString
        let items = [Self.item("good", base: base, signature: try listener.sign(audio)),
                     Self.item("mirrored", base: base, signature: try listener.sign(audio), more: ["/pgp/mirrored-2.mp3"]),
                     Self.item("refused", base: base, signature: try listener.sign(audio)),
                     Self.item("stranger", base: base, signature: try stranger.sign(audio)),
                     Self.item("revoked", base: base, signature: try revoked.sign(audio))].joined(separator: "\n")
        try listener.importKey(try revoked.revokedPublicKey())
        for (path, bytes) in [("good-1", audio), ("mirrored-1", tampered), ("mirrored-2", audio), ("refused-1", tampered), ("stranger-1", audio),
                              ("revoked-1", audio)] {
            h.server.serve("/pgp/\(path).mp3", body: bytes, contentType: "audio/mpeg")
        }
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: items)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
        h.server.serve("/signed.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        let earshot = { (arguments: [String]) throws -> Subprocess.Output in try EarshotProcess.run(arguments, environment: h.environment) }
        #expect(try earshot(["add", h.server.url("/signed.xml").absoluteString]).status == 0)
        let episodes = try #require(try JSONSerialization.jsonObject(with: Data(try earshot(["episodes", "--json"]).stdout.utf8)) as? [[String: Any]])
        let ids = try ["good", "mirrored", "refused", "stranger", "revoked"].map { name in
            try #require(episodes.first { $0["title"] as? String == "Signed \(name)" }?["id"] as? Int64)
        }
        let asked = try earshot(["download"] + ids.map(String.init))
        #expect(asked.status == 0, "\(asked.stderr)")

        var list: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(30)
        repeat {
            list = (try? JSONSerialization.jsonObject(with: Data(try earshot(["downloads", "--json"]).stdout.utf8)) as? [[String: Any]]) ?? []
            if list.count == ids.count, list.allSatisfy({ ["completed", "failed"].contains($0["state"] as? String ?? "") }) { break }
            usleep(100_000)
        } while Date() < deadline
        let record = { (id: Int64) in list.first { $0["episode"] as? Int64 == id } ?? [:] }
        let file = { (id: Int64) in (record(id)["path"] as? String).flatMap { try? Array(Data(contentsOf: URL(fileURLWithPath: $0))) } }

        #expect(record(ids[0])["state"] as? String == "completed" && file(ids[0]) == audio, "a good signature: \(list)\n\(h.daemonLog)")
        #expect(h.daemonLog.contains("Signed good.mp3: its PGP signature by key "), "gpg checked it: \(h.daemonLog)")
        #expect(record(ids[1])["state"] as? String == "completed" && file(ids[1]) == audio, "the next source's file: \(list)")
        #expect(h.server.requests.contains { $0.path == "/pgp/mirrored-2.mp3" })
        #expect(h.daemonLog.contains("failed (the file does not match the feed's PGP signature (podcast:integrity)); trying"), "\(h.daemonLog)")
        #expect(record(ids[2])["state"] as? String == "failed", "a bad signature and no other source: \(list)")
        #expect(record(ids[2])["error"] as? String == "the file does not match the feed's PGP signature (podcast:integrity); refused")
        #expect(file(ids[2]) == nil, "the refused file is deleted")
        #expect(record(ids[3])["state"] as? String == "completed" && file(ids[3]) == audio, "a key the listener does not hold: \(list)")
        #expect(h.daemonLog.contains("kept without a PGP check: key ") && h.daemonLog.contains("is not in the listener's GnuPG keyring"), "\(h.daemonLog)")
        #expect(record(ids[4])["state"] as? String == "failed" && file(ids[4]) == nil, "a revoked key: \(list)")
        #expect((record(ids[4])["error"] as? String)?.hasSuffix(", which its owner has revoked (podcast:integrity); refused") == true, "\(list)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("earshot-signature-") }
        #expect(leftovers.isEmpty, "each signature's temporary file is deleted when gpg ends: \(leftovers)")
        #expect(h.terminate() == 0)
    }
}
