import CEarshot
import EarshotCore
import EarshotFeed
import EarshotGLib
import Foundation

/// Private feeds' passwords in the desktop's Secret Service (schema `org.earshot.Earshot.Feed`, with the
/// origin and the user as attributes) through libsecret; where none runs, in a JSON file only the
/// listener can read, with one warning saying so. libsecret blocks on D-Bus, so every call runs on a
/// worker of its own, in the order made.
public final class FeedPasswords: FeedPasswordKeeping {
    /// The fallback file.
    let file: URL
    private let worker: SerialWorker

    /// Passwords kept in the Secret Service, else in `file`; calls answer on `context`.
    public init(file: URL, context: MainContext = .threadDefault()) {
        self.file = file
        worker = SerialWorker(label: "earshot-feed-passwords", context: context)
    }

    public func loadAll(completion: @escaping ([FeedCredential]) -> Void) {
        let file = self.file
        worker.run({ () -> [FeedCredential] in
            var found = FoundCredentials()
            var error: UnsafeMutablePointer<GError>?
            withUnsafeMutablePointer(to: &found) { pointer in
                _ = earshot_secret_feed_each({ origin, user, password, data in
                    guard let origin, let user, let password else { return }
                    data!.assumingMemoryBound(to: FoundCredentials.self).pointee.credentials.append(
                        FeedCredential(origin: String(cString: origin), user: String(cString: user), password: String(cString: password)))
                }, pointer, &error)
            }
            _ = GLibError(taking: error)
            let inService = Set(found.credentials.map(\.origin))
            return found.credentials + Self.readFile(file).filter { !inService.contains($0.origin) }
        }, completion: completion)
    }

    public func save(_ credential: FeedCredential) {
        let file = self.file
        worker.run {
            var error: UnsafeMutablePointer<GError>?
            if earshot_secret_feed_store(credential.origin, credential.user, credential.password, &error) != 0 { return }
            let reason = GLibError(taking: error)?.message ?? "no Secret Service"
            Log.warning("no Secret Service (\(reason)); the password of \(FeedCredential.host(ofOrigin: credential.origin)) "
                        + "is kept in \(file.path), readable by you only")
            var kept = Self.readFile(file).filter { $0.origin != credential.origin }
            kept.append(credential)
            Self.writeFile(kept, to: file)
        }
    }

    public func forget(origin: String) {
        let file = self.file
        worker.run {
            var error: UnsafeMutablePointer<GError>?
            _ = earshot_secret_feed_clear(origin, &error)
            _ = GLibError(taking: error)
            let kept = Self.readFile(file)
            guard kept.contains(where: { $0.origin == origin }) else { return }
            Self.writeFile(kept.filter { $0.origin != origin }, to: file)
        }
    }

    /// Waits until every call made so far has been carried out (at the end of a run).
    public func drain() { worker.drain() }

    private struct FoundCredentials {
        var credentials: [FeedCredential] = []
    }

    private struct Entry: Codable {
        var origin: String
        var user: String
        var password: String
    }

    private static func readFile(_ file: URL) -> [FeedCredential] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        guard let entries = try? JSONDecoder().decode([Entry].self, from: data) else {
            Log.warning("ignored \(file.path): it is not a list of feed passwords")
            return []
        }
        return entries.map { FeedCredential(origin: $0.origin, user: $0.user, password: $0.password) }
    }

    private static func writeFile(_ credentials: [FeedCredential], to file: URL) {
        do {
            if credentials.isEmpty { return try FileManager.default.removeItem(at: file) }
            let entries = credentials.map { Entry(origin: $0.origin, user: $0.user, password: $0.password) }
            try PrivateFile.save(Array(try JSONEncoder().encode(entries)), to: file)
        } catch {
            Log.warning("cannot write \(file.path): \(error)")
        }
    }
}
