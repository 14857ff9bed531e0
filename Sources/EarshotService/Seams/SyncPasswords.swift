import CEarshot
import CGLib
import EarshotGLib
import Foundation

/// Where the sync password lives: the desktop's Secret Service (GNOME Keyring, KWallet, KeePassXC)
/// through libsecret; where none runs (a headless box), a file only the user can read in the
/// configuration folder, with one warning saying so. The calls block on D-Bus: make them off the loop.
public final class SyncPasswords: @unchecked Sendable {  // the file path is set once; libsecret is thread-safe
    /// The fallback file.
    let file: URL

    /// Passwords kept in the Secret Service, else in `file`.
    public init(file: URL) {
        self.file = file
    }

    /// Where the password went, in words (for `sync status`).
    public enum Place: String, Sendable {
        case secretService = "the Secret Service"
        case file = "a file only you can read"
    }

    /// Stores the password of `user` at `server`.
    public func store(_ password: String, server: String, user: String) throws -> Place {
        var error: UnsafeMutablePointer<GError>?
        if earshot_secret_store(server, user, password, &error) != 0 { return .secretService }
        let reason = GLibError(taking: error)?.message ?? "no Secret Service"
        Log.warning("sync: no Secret Service (\(reason)); the password is kept in \(file.path), readable by you only")
        try PrivateFile.save(Array(password.utf8), to: file)
        return .file
    }

    /// The password of `user` at `server`, from the Secret Service, else the file; nil when neither has it.
    public func password(server: String, user: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        if let found = earshot_secret_lookup(server, user, &error) {
            defer { earshot_secret_free(found) }
            return String(cString: found)
        }
        _ = GLibError(taking: error)
        return (try? String(contentsOf: file, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Forgets the password wherever it is.
    public func forget(server: String, user: String) {
        var error: UnsafeMutablePointer<GError>?
        _ = earshot_secret_clear(server, user, &error)
        _ = GLibError(taking: error)
        try? FileManager.default.removeItem(at: file)
    }
}
