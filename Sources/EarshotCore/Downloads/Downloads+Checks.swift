import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// A complete file checked against the `podcast:integrity` its source has before it counts as
/// downloaded: the SRI digest (read on the background), then the PGP signature (gpg, a helper process,
/// through `SignatureChecking`); with both, both must pass. A file that fails is deleted and the next
/// source tried; after the last, the download fails for good: the file is refused. What a verdict
/// refuses is `SignatureVerdict`'s to say.
extension Downloads {
    /// The file of `id` is complete: its checks start.
    func verify(_ id: EpisodeID) {
        guard let path = records[id]?.path, let source = sources[id] else { return }
        let url = source.url
        guard let integrity = source.integrity else { return checkSignature(id, from: url) }
        let digests = files.digests
        background.run({ digests.digest(of: path, integrity.algorithm) }) { [weak self] digest in
            guard let self, self.stillChecking(id, from: url) else { return }
            if let digest, integrity.matches(digest) { return self.checkSignature(id, from: url) }
            // TRANSLATORS: %s names a checksum (sha256).
            self.refuse(id, because: digest == nil ? tr("its file could not be read to check it against the feed's %s", integrity.algorithm.name)
                // TRANSLATORS: %s names a checksum (sha256); keep podcast:integrity.
                : tr("the file does not match the feed's %s (podcast:integrity)", integrity.algorithm.name))
        }
    }

    /// Whether the download of `id` still waits for the checks of its file from `url`.
    private func stillChecking(_ id: EpisodeID, from url: URL) -> Bool {
        records[id]?.state == .downloading && running[id] == nil && sources[id]?.url == url
    }

    /// The file of `id` (from `url`) is checked against its PGP signature, if the feed gives one.
    private func checkSignature(_ id: EpisodeID, from url: URL) {
        guard var record = records[id] else { return }
        switch sources[id]?.signature {
        case nil:
            complete(&record)
            settle(record)
        case .unreadable?:
            Log.warning("download of \(record.path) kept without a PGP check: the feed's pgp-signature for \(url.absoluteString) is not base64 of an OpenPGP signature")
            complete(&record)
            settle(record)
        case .bytes(let signature)?:
            files.signatures.check(record.path, against: signature) { [weak self] outcome in
                guard let self, self.stillChecking(id, from: url) else { return }
                self.judge(id, outcome)
            }
        }
    }

    /// Keeps or refuses the file of `id` as gpg's `outcome` decides; what kept a file unchecked is said
    /// in the log (that gpg is missing, once a run).
    private func judge(_ id: EpisodeID, _ outcome: SignatureCheckOutcome) {
        guard var record = records[id] else { return }
        let verdict: SignatureVerdict
        switch outcome {
        case .ran(let lines, let exitCode): verdict = SignatureVerdict(statusLines: lines, exitCode: exitCode)
        case .failed(let why): verdict = .uncheckable(why)
        case .notInstalled:
            verdict = .uncheckable("gpg is not installed")
            if !saidGnuPGMissing {
                saidGnuPGMissing = true
                Log.warning("gpg is not installed: files whose feed gives a PGP signature are kept without checking it (said once)")
            }
        }
        if let refusal = verdict.refusal { return refuse(id, because: refusal) }
        switch verdict {
        case .bad, .revokedKey: break
        case .good(let key): Log.message("download of \(record.path): its PGP signature by key \(key) is good")
        case .goodByExpiredKey(let key):
            Log.message("download of \(record.path): its PGP signature by key \(key) is good; the key has expired since, which leaves the signature good")
        case .unknownKey(let key):
            Log.warning("download of \(record.path) kept without a PGP check: key \(key), which signed it, is not in the listener's GnuPG keyring")
        case .uncheckable(let why):
            if outcome != .notInstalled { Log.warning("download of \(record.path) kept without a PGP check: \(why)") }
        }
        complete(&record)
        settle(record)
    }

    /// The file of `id` failed a check for `reason`: the next source is tried; after the last, the file
    /// is deleted and the download fails for good.
    private func refuse(_ id: EpisodeID, because reason: String) {
        guard var record = records[id] else { return }
        if !nextSource(of: id, &record, after: reason) {
            files.delete(record.path)
            fail(&record, because: tr("%s; refused", reason))
            record.bytes = 0
            Log.warning("download of \(record.path) refused: \(reason)")
        }
        settle(record)
    }
}
