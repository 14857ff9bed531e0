@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Downloads: a file checked against the feed's PGP signature, and its SRI digest too")
struct PGPDownloadTests {
    static let mirror = URL(string: "http://mirror.test/1.mp3")!
    static let packet: [UInt8] = [0x88, 0x75, 0x04, 0x00, 0x16, 0x08]
    static let digest = [UInt8](repeating: 7, count: 48)
    static let good: SignatureCheckOutcome = .ran(statusLines: ["[GNUPG:] GOODSIG 1234ABCD5678EF90 Test <t@example.org>"], exitCode: 0)
    static let bad: SignatureCheckOutcome = .ran(statusLines: ["[GNUPG:] BADSIG 1234ABCD5678EF90 Test <t@example.org>"], exitCode: 1)

    /// alpha-1, its MP3 (the enclosure) at a mirror too, with the integrities given.
    func downloading(_ integrities: [Integrity]) throws -> (DownloadFixture, EpisodeID, String) {
        var show = CoreFixture.show("alpha", count: 1)
        var alternate = AlternateEnclosure(type: "audio/mpeg", isDefault: true, sources: [DownloadFixture.audio("alpha", 1), Self.mirror])
        integrities.forEach { alternate.add($0) }
        show.episodes[0].podcast.alternateEnclosures = [alternate]
        let fixture = try DownloadFixture()
        _ = try fixture.core.subscribe("alpha", show)
        let id = try fixture.core.episode("alpha-1")
        fixture.downloads.request([id], byHand: true)
        return (fixture, id, try #require(fixture.downloads.records[id]?.path))
    }

    static var signature: Integrity { Integrity(type: "pgp-signature", value: Data(packet).base64EncodedString()) }
    static var sri: Integrity { Integrity(type: "sri", value: "sha384-" + Data(digest).base64EncodedString()) }

    @Test func aGoodSignatureKeepsTheFileCheckedWithTheDecodedSignature() throws {
        let (fixture, id, path) = try downloading([Self.signature])
        fixture.files.signatureOutcomes[path] = Self.good
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.downloads.records[id]?.state == .completed)
        #expect(fixture.files.signaturesChecked.map(\.signature) == [Self.packet] && fixture.files.signaturesChecked.map(\.path) == [path])
    }

    @Test func aBadSignatureDeletesTheFileTriesTheNextSourceThenRefuses() throws {
        let (fixture, id, path) = try downloading([Self.signature])
        fixture.files.signatureOutcomes[path] = Self.bad
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.files.deleted.contains(path))
        #expect(fixture.transfers.running.map(\.remote) == [Self.mirror], "the mirror of the same file, at once")
        fixture.transfers.succeed(Self.mirror)
        let record = try #require(fixture.downloads.records[id])
        #expect(record.state == .failed && record.nextAttemptAt == nil)
        #expect(record.error == "the file does not match the feed's PGP signature (podcast:integrity); refused")
        #expect(!fixture.files.exists(path), "the file is not kept")
    }

    @Test func aRevokedKeyRefusesTheFile() throws {
        let (fixture, id, path) = try downloading([Self.signature])
        fixture.files.signatureOutcomes[path] = .ran(statusLines: ["[GNUPG:] REVKEYSIG 1234ABCD5678EF90 Test <t@example.org>"], exitCode: 0)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        fixture.transfers.succeed(Self.mirror)
        #expect(fixture.downloads.records[id]?.error
                == "the feed's PGP signature was made with key 1234ABCD5678EF90, which its owner has revoked (podcast:integrity); refused")
    }

    @Test(arguments: [SignatureCheckOutcome.notInstalled, .failed("gpg did not answer within 300 seconds"),
                      .ran(statusLines: ["[GNUPG:] ERRSIG 1234ABCD5678EF90 22 8 00 1764316800 9 -", "[GNUPG:] NO_PUBKEY 1234ABCD5678EF90"], exitCode: 2)])
    func aSignatureThatCannotBeCheckedKeepsTheFile(outcome: SignatureCheckOutcome) throws {
        let (fixture, id, path) = try downloading([Self.signature])
        fixture.files.signatureOutcomes[path] = outcome
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.downloads.records[id]?.state == .completed)
        #expect(fixture.transfers.running.isEmpty && !fixture.files.deleted.contains(path))
    }

    @Test func aSignatureThatIsNotBase64IsNoSignature() throws {
        let (fixture, id, _) = try downloading([Integrity(type: "pgp-signature", value: "not a signature")])
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(fixture.downloads.records[id]?.state == .completed)
        #expect(fixture.files.signaturesChecked.isEmpty, "gpg is not asked")
    }

    @Test func withAnSRIDigestAndASignatureBothMustPass() throws {
        // The digest does not match: refused without asking gpg.
        let (first, firstID, firstPath) = try downloading([Self.sri, Self.signature])
        first.files.digestValues[firstPath] = [UInt8](repeating: 1, count: 48)
        first.files.signatureOutcomes[firstPath] = Self.good
        first.transfers.succeed(DownloadFixture.audio("alpha", 1))
        first.transfers.succeed(Self.mirror)
        #expect(first.downloads.records[firstID]?.state == .failed && first.files.signaturesChecked.isEmpty)
        // The digest matches and the signature is bad: refused.
        let (second, secondID, secondPath) = try downloading([Self.signature, Self.sri])
        second.files.digestValues[secondPath] = Self.digest
        second.files.signatureOutcomes[secondPath] = Self.bad
        second.transfers.succeed(DownloadFixture.audio("alpha", 1))
        second.transfers.succeed(Self.mirror)
        #expect(second.downloads.records[secondID]?.error == "the file does not match the feed's PGP signature (podcast:integrity); refused")
        // Both pass: kept.
        let (third, thirdID, thirdPath) = try downloading([Self.sri, Self.signature])
        third.files.digestValues[thirdPath] = Self.digest
        third.files.signatureOutcomes[thirdPath] = Self.good
        third.transfers.succeed(DownloadFixture.audio("alpha", 1))
        #expect(third.downloads.records[thirdID]?.state == .completed && third.files.signaturesChecked.count == 1)
    }
}
