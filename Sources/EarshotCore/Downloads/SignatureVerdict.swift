import EarshotLocale

/// What GnuPG found of a file and its detached signature, decided from its machine-readable status
/// lines (`gpg --status-fd`: `[GNUPG:] KEYWORD ARGUMENTS`, described in GnuPG's `doc/DETAILS`), never from
/// its text for people, which is translated and changes between versions.
///
/// Only two outcomes refuse the file: a bad signature (the file is not what was signed) and a good
/// signature by a key its owner revoked (a revocation usually means the key was lost or stolen, so the
/// signature proves nothing, and a feed that signs with it is suspect). A key that merely expired made
/// a signature that is still good (expiry is a date its owner chose, not a compromise), so the file is
/// kept. A signature that cannot be checked (the key is not in the listener's keyring, gpg is missing
/// or fails) keeps the file: a listener cannot hold every publisher's key, and the file is no worse than
/// one from a feed that signs nothing. Any key in the keyring counts, whatever trust the web of trust
/// gives it: importing a publisher's key is the listener's say-so.
enum SignatureVerdict: Equatable, Sendable {
    /// `GOODSIG` or `VALIDSIG`: signed by a key in the listener's keyring.
    case good(key: String)
    /// `EXPKEYSIG`: a good signature by a key that has expired since.
    case goodByExpiredKey(key: String)
    /// `BADSIG`: the file is not what was signed.
    case bad(key: String)
    /// `REVKEYSIG`: a good signature by a key its owner revoked.
    case revokedKey(key: String)
    /// `NO_PUBKEY` (or `ERRSIG` with code 9): the key is not in the listener's keyring.
    case unknownKey(key: String)
    /// Nothing could be decided (`ERRSIG` for another reason, `NODATA`, no status at all, gpg missing or
    /// failing), with why, for the log.
    case uncheckable(String)

    /// Why the file is refused, in the listener's words; nil when it is kept.
    var refusal: String? {
        switch self {
        // TRANSLATORS: keep PGP and podcast:integrity.
        case .bad: tr("the file does not match the feed's PGP signature (podcast:integrity)")
        // TRANSLATORS: %s is an OpenPGP key's id; keep PGP and podcast:integrity.
        case .revokedKey(let key): tr("the feed's PGP signature was made with key %s, which its owner has revoked (podcast:integrity)", key)
        case .good, .goodByExpiredKey, .unknownKey, .uncheckable: nil
        }
    }

    /// The verdict of gpg's status output `lines` (other lines are ignored), gpg having exited with
    /// `exitCode` (nil: ended by a signal). Of several signatures, a refusing one wins, then a good one.
    /// A revoked or expired key's signature comes with `VALIDSIG` too: those keywords come first.
    init(statusLines lines: [String], exitCode: Int32?) {
        var bad: String?, revoked: String?, good: String?, expired: String?, missing: String?, error: String?
        for line in lines {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard words.count >= 2, words[0] == "[GNUPG:]" else { continue }
            let key = words.count > 2 ? words[2] : "?"
            switch words[1] {
            case "BADSIG": bad = bad ?? key
            case "REVKEYSIG": revoked = revoked ?? key
            case "GOODSIG", "VALIDSIG": good = good ?? key
            case "EXPKEYSIG": expired = expired ?? key
            case "NO_PUBKEY": missing = missing ?? key
            case "ERRSIG" where words.count > 7 && words[7] == "9": missing = missing ?? key
            case "ERRSIG": error = error ?? "the signature by key \(key) cannot be checked (error code \(words.count > 7 ? words[7] : "?"))"
            case "NODATA": error = error ?? "gpg found no OpenPGP signature in it"
            default: break
            }
        }
        if let bad { self = .bad(key: bad) }
        else if let revoked { self = .revokedKey(key: revoked) }
        else if let expired { self = .goodByExpiredKey(key: expired) }  // gpg adds VALIDSIG to it
        else if let good { self = .good(key: good) }
        else if let missing { self = .unknownKey(key: missing) }
        else if let error { self = .uncheckable(error) }
        else { self = .uncheckable(exitCode.map { "gpg exited with status \($0) without a verdict" } ?? "gpg was ended by a signal") }
    }
}
