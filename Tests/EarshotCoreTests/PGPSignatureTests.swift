@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

@Suite("PGP signatures: gpg's status lines decide, a bad signature or a revoked key refuses")
struct SignatureVerdictTests {
    static let key = "1234ABCD5678EF90"
    static let fingerprint = "0123456789ABCDEF0123456789ABCDEF01234567"

    static func verdict(_ lines: String..., exit: Int32? = 0) -> SignatureVerdict {
        SignatureVerdict(statusLines: lines, exitCode: exit)
    }

    @Test func aGoodSignatureKeepsTheFile() {
        let verdict = Self.verdict("[GNUPG:] NEWSIG", "[GNUPG:] KEY_CONSIDERED \(Self.fingerprint) 0", "[GNUPG:] SIG_ID abc 2026-11-28 1",
                                   "[GNUPG:] GOODSIG \(Self.key) Test <t@example.org>",
                                   "[GNUPG:] VALIDSIG \(Self.fingerprint) 2026-11-28 1 0 4 0 22 8 00 \(Self.fingerprint)",
                                   "[GNUPG:] TRUST_UNDEFINED 0 pgp")
        #expect(verdict == .good(key: Self.key))
        #expect(verdict.refusal == nil, "any key in the keyring counts, whatever its trust")
    }

    @Test func aBadSignatureRefusesTheFile() {
        let verdict = Self.verdict("[GNUPG:] NEWSIG", "[GNUPG:] BADSIG \(Self.key) Test <t@example.org>", exit: 1)
        #expect(verdict == .bad(key: Self.key))
        #expect(verdict.refusal == "the file does not match the feed's PGP signature (podcast:integrity)")
    }

    @Test func aKeyNotInTheKeyringKeepsTheFile() {
        let verdict = Self.verdict("[GNUPG:] NEWSIG", "[GNUPG:] ERRSIG \(Self.key) 22 8 00 1764316800 9 -", "[GNUPG:] NO_PUBKEY \(Self.key)", exit: 2)
        #expect(verdict == .unknownKey(key: Self.key) && verdict.refusal == nil)
        #expect(Self.verdict("[GNUPG:] ERRSIG \(Self.key) 22 8 00 1764316800 9 -", exit: 2) == .unknownKey(key: Self.key), "ERRSIG's code 9 alone")
    }

    @Test func aRevokedKeyRefusesAndAnExpiredKeyKeepsTheFile() {
        let revoked = Self.verdict("[GNUPG:] REVKEYSIG \(Self.key) Test <t@example.org>", "[GNUPG:] VALIDSIG \(Self.fingerprint) 2026-11-28 1 0 4 0 22 8 00 \(Self.fingerprint)")
        #expect(revoked == .revokedKey(key: Self.key))
        #expect(revoked.refusal == "the feed's PGP signature was made with key \(Self.key), which its owner has revoked (podcast:integrity)")
        let expired = Self.verdict("[GNUPG:] EXPKEYSIG \(Self.key) Test <t@example.org>", "[GNUPG:] VALIDSIG \(Self.fingerprint) 2026-11-28 1 0 4 0 22 8 00 \(Self.fingerprint)")
        #expect(expired == .goodByExpiredKey(key: Self.key) && expired.refusal == nil)
    }

    @Test func whatCannotBeCheckedKeepsTheFile() {
        #expect(Self.verdict("[GNUPG:] ERRSIG \(Self.key) 99 8 00 1764316800 4 -", exit: 2) == .uncheckable("the signature by key \(Self.key) cannot be checked (error code 4)"))
        #expect(Self.verdict("[GNUPG:] NODATA 3", exit: 2) == .uncheckable("gpg found no OpenPGP signature in it"))
        #expect(Self.verdict(exit: 2) == .uncheckable("gpg exited with status 2 without a verdict"))
        #expect(Self.verdict(exit: nil) == .uncheckable("gpg was ended by a signal"))
        #expect(Self.verdict("[GNUPG:] NODATA 3", exit: 2).refusal == nil)
    }

    @Test func onlyStatusLinesCountAndABadSignatureAmongGoodOnesWins() {
        #expect(Self.verdict("gpg: BADSIG \(Self.key)", "[GNUPG:]BADSIG \(Self.key)", "BADSIG", exit: 2) == .uncheckable("gpg exited with status 2 without a verdict"),
                "gpg's text for people and look-alikes are not status lines")
        #expect(Self.verdict("[GNUPG:] GOODSIG \(Self.key) BADSIG <t@example.org>") == .good(key: Self.key), "a user id saying BADSIG")
        #expect(Self.verdict("[GNUPG:] GOODSIG \(Self.key) A", "[GNUPG:] BADSIG FFFF0000FFFF0000 B", exit: 1) == .bad(key: "FFFF0000FFFF0000"))
    }

    @Test func theFeedsValueIsBase64OfAnOpenPGPPacketOrAnArmouredSignature() {
        let packet: [UInt8] = [0x88, 0x75, 0x04, 0x00, 0x16, 0x08]
        let base64 = Data(packet).base64EncodedString()
        #expect(PGPSignature(base64) == .bytes(packet))
        #expect(PGPSignature(" \(base64.prefix(4))\n  \(base64.dropFirst(4))\n") == .bytes(packet), "broken over lines")
        let armoured = "-----BEGIN PGP SIGNATURE-----\n\niHUEABYIAB0WIQ\n=abcd\n-----END PGP SIGNATURE-----\n"
        #expect(PGPSignature(armoured) == .bytes(Array(armoured.utf8)))
        #expect(PGPSignature("not base64 at all!") == .unreadable)
        #expect(PGPSignature(Data("hello".utf8).base64EncodedString()) == .unreadable, "base64, but not of an OpenPGP packet")
        #expect(PGPSignature("") == .unreadable)
    }
}
