import EarshotFeed
import EarshotGLib
import EarshotLocale
import Foundation

/// Private feeds, behind HTTP authentication: the rules for their user names and passwords.
///
/// - A password given with an address (`--user`, or written into it as `https://user:pw@host/feed`) is
///   tried for that address's origin: kept (in `book`, which every transfer reads, and in the keeper)
///   only when the subscription worked; a host that still answers 401 gets a plain "did not accept", and
///   what was kept before for that origin stays. The address itself is kept without them.
/// - A password goes only over https, or plain http to this computer (`FeedCredential.origin(of:)`).
/// - A feed that answers 401 without one says that it asks for a user name and password
///   (`UpdateReport.needsPassword`), so a terminal can ask for them.
/// - When the last podcast on an origin is removed, its password is forgotten.
/// - The library remembers that passwords are kept (`StateTable.feedPasswordsKept`, no secret in it), so a library without
///   private feeds never wakes the Secret Service.
/// - At start, the refresh waits until the kept passwords are loaded (`whenReady`), at most
///   `loadingPatience`: a Secret Service that never answers delays it, never stops it.
public final class PrivateFeeds {
    /// The credentials every transfer sends (shared with the feed loader, the art cache, downloads and
    /// playback).
    public let book: FeedCredentials
    private let keeper: FeedPasswordKeeping?
    private let library: Library
    private let remember: (Bool) -> Void
    private var anyKept: Bool
    private var ready: Bool
    private var waiting: [() -> Void] = []
    private var patience: TimerHandle?

    /// How long the start-up refresh waits for the kept passwords.
    static let loadingPatience: Duration = .seconds(5)

    /// Private feeds over `book`, kept between runs by `keeper` (loaded now when `anyKept`); without a
    /// keeper, none are kept and a password given is refused. `remember` notes whether any are kept.
    init(library: Library, timers: Timers, book: FeedCredentials = FeedCredentials(), keeper: FeedPasswordKeeping? = nil,
         anyKept: Bool = false, remember: @escaping (Bool) -> Void = { _ in }) {
        self.library = library
        self.book = book
        self.keeper = keeper
        self.anyKept = anyKept
        self.remember = remember
        ready = keeper == nil || !anyKept
        guard let keeper, anyKept else { return }
        patience = timers.after(Self.loadingPatience) { [weak self] in
            Log.warning("the Secret Service has not answered in \(Self.loadingPatience); refreshing without private feeds' passwords")
            self?.becomeReady()
        }
        keeper.loadAll { [weak self] credentials in
            guard let self else { return }
            credentials.forEach { self.book.keep($0) }
            self.becomeReady()
        }
    }

    private func becomeReady() {
        patience?.cancel()
        patience = nil
        guard !ready else { return }
        ready = true
        let actions = waiting
        waiting = []
        actions.forEach { $0() }
    }

    /// Runs `action` once the kept passwords are in the book (at once when they are).
    func whenReady(_ action: @escaping () -> Void) {
        if ready { action() } else { waiting.append(action) }
    }

    /// The addresses as subscribing should see them (without user names and passwords), the credentials
    /// to try for each (by index), and the refusals (by index) of addresses that cannot carry one.
    func lift(_ texts: [String], user: String?, password: String?) -> Lifted {
        var lifted = Lifted(texts: texts)
        for (index, text) in texts.enumerated() {
            guard let url = URL(string: WebAddress.unaliased(text)), url.scheme != nil else { continue }
            let (bare, writtenUser, writtenPassword) = FeedCredential.split(url)
            guard let user = user ?? writtenUser, let password = password ?? writtenPassword else {
                if writtenUser != nil { lifted.texts[index] = bare.absoluteString }
                continue
            }
            lifted.texts[index] = bare.absoluteString
            guard keeper != nil else {
                lifted.refusals[index] = tr("%s: Earshot cannot keep passwords here", bare.absoluteString)
                continue
            }
            guard let credential = FeedCredential(for: bare, user: user, password: password) else {
                // TRANSLATORS: %s is a feed's address.
                lifted.refusals[index] = tr("%s: Earshot sends a password only over https (or to this computer); over plain http it would cross the network readable",
                                            bare.absoluteString)
                continue
            }
            lifted.credentials[index] = credential
        }
        return lifted
    }

    /// Puts the credentials to try in the book; returns what each replaced, to put back if refused.
    func tryOut(_ credentials: [Int: FeedCredential]) -> [String: FeedCredential?] {
        var previous: [String: FeedCredential?] = [:]
        for credential in credentials.values where previous[credential.origin] == nil {
            previous[credential.origin] = .some(book.keep(credential))
        }
        return previous
    }

    /// Settles the reports of a subscription that tried `lifted`'s credentials: kept where it worked,
    /// put back where it did not; a 401 is said in plain words.
    func settle(_ reports: [UpdateReport], _ lifted: Lifted, previous: [String: FeedCredential?]) -> [UpdateReport] {
        var reports = reports
        var accepted: Set<String> = []
        for index in reports.indices {
            if let refusal = lifted.refusals[index] {
                reports[index] = UpdateReport(url: reports[index].url, error: refusal)
                continue
            }
            guard let credential = lifted.credentials[index] else {
                if reports[index].needsPassword {
                    // The feed a web page led to is what asks, not the page.
                    let asking = reports[index].feed ?? reports[index].url
                    reports[index].error = tr("%s: the server asks for a user name and password", asking.absoluteString)
                }
                continue
            }
            if reports[index].error == nil {
                accepted.insert(credential.origin)
                keeper?.save(credential)
                if !anyKept {
                    anyKept = true
                    remember(true)
                }
            } else if reports[index].needsPassword {
                // TRANSLATORS: %1$s is a feed's address, %2$s its server's name.
                reports[index].error = tr("%1$s: %2$s did not accept the user name and password", reports[index].url.absoluteString,
                                          FeedCredential.host(ofOrigin: credential.origin))
            }
        }
        for (origin, before) in previous where !accepted.contains(origin) {
            if let before { book.keep(before) } else { book.forget(origin: origin) }
        }
        return reports
    }

    /// A podcast was removed: the passwords of origins where no podcast lives any more go.
    func podcastRemoved() {
        let living = Set(library.podcasts.compactMap { FeedCredential.origin(of: $0.url) })
        for origin in book.origins where !living.contains(origin) {
            book.forget(origin: origin)
            keeper?.forget(origin: origin)
        }
        if anyKept, book.origins.isEmpty {
            anyKept = false
            remember(false)
        }
    }

    /// Addresses with their user names and passwords taken out.
    struct Lifted {
        var texts: [String]
        var credentials: [Int: FeedCredential] = [:]
        var refusals: [Int: String] = [:]
    }
}
