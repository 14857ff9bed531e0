import EarshotFeed
import Foundation

/// Where private feeds' passwords are kept between runs: the desktop's Secret Service, else a file only
/// the listener can read (`FeedPasswords` is the real one). Never the database, the log or an OPML
/// export. Each call works off the loop; completions run later on the loop.
public protocol FeedPasswordKeeping: AnyObject {
    /// Every credential kept.
    func loadAll(completion: @escaping ([FeedCredential]) -> Void)
    /// Keeps `credential` (replacing the one of its origin).
    func save(_ credential: FeedCredential)
    /// Forgets the credential of `origin`.
    func forget(origin: String)
}
