import CEarshot
import CGLib
import EarshotGLib
import Foundation

/// Where the sync password lives: the desktop's Secret Service (GNOME Keyring, KWallet, KeePassXC)
/// through libsecret's asynchronous calls; where none runs (a headless box), a file only the user can
/// read in the configuration folder, with one warning saying so. Every call starts on the loop and
/// answers there later: nobody waits for a Secret Service that is slow or does not answer (a locked
/// keyring's prompt, a hung service), and the file is read and written on a worker of its own.
public final class SyncPasswords {
    /// The fallback file.
    let file: URL
    private let context: MainContext

    /// Passwords kept in the Secret Service, else in `file`; answers come on `context` (the loop).
    public init(file: URL, context: MainContext = .threadDefault()) {
        self.file = file
        self.context = context
    }

    /// Where the password went, in words (for `sync status`).
    public enum Place: String, Sendable {
        case secretService = "the Secret Service"
        case file = "a file only you can read"
    }

    /// Registers, on the calling thread, the types libsecret and GIO's transfers use: called once before
    /// any other thread starts (two threads registering them at once could wait for each other for good).
    public static func registerTypes() { earshot_secret_register_types() }

    /// Stores the password of `user` at `server`; `done` hears where it went, or why it could not be kept.
    public func store(_ password: String, server: String, user: String, done: @escaping (Result<Place, Error>) -> Void) {
        let file = self.file, context = self.context
        call({ earshot_secret_store_async(server, user, password, $0, $1) }) { ok, _, reason in
            if ok { return done(.success(.secretService)) }
            Log.warning("sync: no Secret Service (\(reason ?? "none answered")); the password is kept in \(file.path), readable by you only")
            Worker.run("earshot-password", on: context, work: {
                Result { try PrivateFile.save(Array(password.utf8), to: file) }.map { Place.file }.mapError { $0 as Error }
            }, completion: done)
        }
    }

    /// The password of `user` at `server`, from the Secret Service, else the file; nil when neither has it.
    public func password(server: String, user: String, done: @escaping (String?) -> Void) {
        let file = self.file, context = self.context
        call({ earshot_secret_lookup_async(server, user, $0, $1) }) { _, found, _ in
            if let found { return done(found) }
            Worker.run("earshot-password", on: context, work: {
                (try? String(contentsOf: file, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
            }, completion: done)
        }
    }

    /// Forgets the password wherever it is; `done` runs once both are gone.
    public func forget(server: String, user: String, done: @escaping () -> Void) {
        let file = self.file, context = self.context
        call({ earshot_secret_clear_async(server, user, $0, $1) }) { _, _, _ in
            Worker.run("earshot-password", on: context, work: { try? FileManager.default.removeItem(at: file) }, completion: { done() })
        }
    }

    /// Starts one libsecret call with `start` (given the C callback and its context) and delivers its
    /// answer on the loop: whether it worked, the password found, and the service's error in words.
    private func call(_ start: (earshot_secret_done, UnsafeMutableRawPointer) -> Void,
                      answer: @escaping (Bool, String?, String?) -> Void) {
        let box = Unmanaged.passRetained(SecretAnswer(answer)).toOpaque()
        context.withThreadDefault {
            start({ ok, password, error, data in
                let answer = Unmanaged<SecretAnswer>.fromOpaque(data!).takeRetainedValue()
                let found = password.map { String(cString: $0) }
                if let password { earshot_secret_free(password) }
                answer.deliver(ok != 0, found, GLibError(taking: error)?.message)
            }, box)
        }
    }
}

/// The Swift side of one libsecret call, carried through its C callback.
private final class SecretAnswer {
    let deliver: (Bool, String?, String?) -> Void
    init(_ deliver: @escaping (Bool, String?, String?) -> Void) { self.deliver = deliver }
}
