import EarshotFeed
import Foundation
import Testing

/// `podcast:integrity` SRI metadata read as the W3C's rules say, and files' digests read by GLib.
@Suite struct SubresourceIntegrityTests {
    @Test func theStrongestAlgorithmGivenIsTheOneThatCounts() throws {
        let sha256 = Data(repeating: 1, count: 32).base64EncodedString(), sha512 = Data(repeating: 2, count: 64).base64EncodedString()
        let other512 = Data(repeating: 3, count: 64).base64EncodedString()
        let sri = try #require(SubresourceIntegrity("sha256-\(sha256) sha512-\(sha512)?opt md5-abc sha512-\(other512)"))
        #expect(sri.algorithm == .sha512)
        #expect(sri.matches([UInt8](repeating: 3, count: 64)) && !sri.matches([UInt8](repeating: 1, count: 32)))
        #expect(SubresourceIntegrity("md5-abc sha384-notbase64!") == nil, "nothing Earshot can check")
        #expect(SubresourceIntegrity("sha256-" + Data(repeating: 1, count: 31).base64EncodedString()) == nil, "a digest of the wrong length")
    }

    @Test func aFilesDigestsAreTheKnownOnes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sri-\(UUID().uuidString)").path
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let digests = FileDigests()
        // The FIPS 180 test vectors for "abc".
        #expect(digests.digest(of: path, .sha256).map { Data($0).base64EncodedString() } == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(digests.digest(of: path, .sha384).map { Data($0).base64EncodedString() }
                == "ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn")
        #expect(digests.digest(of: path, .sha512)?.count == 64)
        #expect(digests.digest(of: path + ".missing", .sha256) == nil)
        let sri = try #require(SubresourceIntegrity("sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn"))
        #expect(sri.matches(try #require(digests.digest(of: path, sri.algorithm))))
    }
}
