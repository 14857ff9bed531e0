import CGLib
import EarshotCore
import EarshotGLib
import Foundation

/// Core's `SignatureChecking` with GnuPG: `gpg --batch --no-tty --status-fd 1 --verify SIGNATURE FILE`
/// run as a helper process (`HelperProcess`: started with GLib, its status lines read on the loop without
/// waiting), with the listener's keyring (`GNUPGHOME` as gpg honours it, else `~/.gnupg`). The signature is
/// written to a private temporary file (mode 0600, `mkstemp`) deleted when gpg ends. Keys are never
/// fetched from a keyserver (`--no-auto-key-retrieve`): a check makes no network request, and a key
/// anyone can upload would prove nothing. gpg's text for people is thrown away; Core decides from the
/// status lines (`SignatureVerdict`). A gpg that has not ended after 5 minutes is killed.
public final class GnuPGSignatures: SignatureChecking {
    private let context: MainContext
    /// How long gpg may take.
    private static let patience: UInt32 = 300_000
    /// At most this many status lines are kept (a signature file holds a few signatures).
    private static let maximumLines = 256

    /// Runs gpg's on `context`.
    public init(context: MainContext) { self.context = context }

    public func check(_ path: String, against signature: [UInt8], completion: @escaping (SignatureCheckOutcome) -> Void) {
        let context = self.context
        guard let gpg = Self.findGnuPG() else {
            context.addIdle { completion(.notInstalled) }
            return
        }
        let signatureFile: String
        do { signatureFile = try Self.writePrivately(signature) } catch {
            context.addIdle { completion(.failed("the signature could not be written to a temporary file: \(error)")) }
            return
        }
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
            context.addIdle { completion(.failed("gpg could not be started: \(error)")) }
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
