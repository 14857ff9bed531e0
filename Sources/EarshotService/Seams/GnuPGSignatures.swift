import CGLib
import EarshotCore
import EarshotGLib
import Foundation

/// Core's `SignatureChecking` with GnuPG: `gpg --batch --no-tty --status-fd 1 --verify SIGNATURE FILE`
/// run as a helper process (`HelperProcess`: started with GLib, its status lines read on the loop without
/// waiting), with the listener's keyring (`GNUPGHOME` as gpg honours it, else `~/.gnupg`). The signature is
/// written to a private temporary file (mode 0600, `mkstemp`) deleted when gpg ends; gpg is looked for and
/// that file written on a worker thread, so the loop never waits on the disk. Keys are never fetched from
/// a keyserver (`--no-auto-key-retrieve`): a check makes no network request, and a key anyone can upload
/// would prove nothing. gpg's text for people is thrown away; Core decides from the status lines
/// (`SignatureVerdict`). A gpg that has not ended after 5 minutes is killed.
public final class GnuPGSignatures: SignatureChecking {
    private let context: MainContext
    /// How long gpg may take.
    private static let patience: UInt32 = 300_000
    /// At most this many status lines are kept (a signature file holds a few signatures).
    private static let maximumLines = 256

    /// Runs gpg's on `context`.
    public init(context: MainContext) { self.context = context }

    public func check(_ path: String, against signature: [UInt8], completion: @escaping (SignatureCheckOutcome) -> Void) {
        Worker.run("earshot-gpg", on: context, work: { Self.prepare(signature) }) { [context] prepared in
            switch prepared {
            case .notInstalled: completion(.notInstalled)
            case .failed(let why): completion(.failed(why))
            case .ready(let gpg, let signatureFile): Self.verify(path, with: gpg, signatureFile: signatureFile, context: context, completion: completion)
            }
        }
    }

    /// What `prepare` left ready for gpg to start, off the loop.
    private enum Prepared: Sendable {
        case notInstalled
        case failed(String)
        /// gpg's path, and the signature's private temporary file.
        case ready(gpg: String, signatureFile: String)
    }

    /// Finds gpg on `PATH` and writes the signature to its private temporary file: on a worker, so the
    /// loop never waits on the disk.
    private static func prepare(_ signature: [UInt8]) -> Prepared {
        guard let gpg = findGnuPG() else { return .notInstalled }
        do { return .ready(gpg: gpg, signatureFile: try writePrivately(signature)) } catch {
            return .failed("the signature could not be written to a temporary file: \(error)")
        }
    }

    /// Starts gpg on `context` (a helper process, never waited for) to check `path` against the signature
    /// in `signatureFile`, which is deleted when gpg ends or could not start.
    private static func verify(_ path: String, with gpg: String, signatureFile: String, context: MainContext,
                               completion: @escaping (SignatureCheckOutcome) -> Void) {
        var lines: [String] = []
        var timeout: SourceHandle?
        do {
            let process = try HelperProcess(
                [gpg, "--batch", "--no-tty", "--no-auto-key-retrieve", "--status-fd", "1", "--verify", "--", signatureFile, path],
                withInput: false, quiet: true, context: context,
                line: { line in
                    if line.hasPrefix("[GNUPG:] "), lines.count < Self.maximumLines { lines.append(String(line)) }
                },
                ended: { exit in
                    timeout?.cancel()
                    unlink(signatureFile)
                    completion(exit.signal == SIGKILL && lines.isEmpty
                        ? .failed("gpg did not answer within \(Self.patience / 1000) seconds")
                        : .ran(statusLines: lines, exitCode: exit.code))
                })
            timeout = context.addTimeout(milliseconds: Self.patience) {
                process.signal(SIGKILL)
                return false
            }
        } catch {
            unlink(signatureFile)
            completion(.failed("gpg could not be started: \(error)"))
        }
    }

    /// gpg's path on `PATH`, if it is installed.
    private static func findGnuPG() -> String? {
        guard let found = g_find_program_in_path("gpg") else { return nil }
        defer { g_free(found) }
        return String(cString: found)
    }

    /// Writes `bytes` to a new file only its owner may read, in the temporary folder (`TMPDIR`); its path.
    private static func writePrivately(_ bytes: [UInt8]) throws -> String {
        var template = Array((String(cString: g_get_tmp_dir()) + "/earshot-signature-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            unlink(path)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return path
    }
}
