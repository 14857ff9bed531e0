import EarshotFeed
import Foundation

/// The last numbered list a listener was shown: a search's results, a chart, or the feeds of a web page
/// that has several. `earshot add 2` means its second show for as long as it is fresh (an hour), so a
/// number is never taken from a list the listener has forgotten; a newer list replaces it. The
/// library's own numbers (podcasts, episodes) are never these: `add` takes only list numbers, every
/// other command only library numbers.
public struct ResultList: Sendable, Equatable {
    /// What the list answers.
    public enum Origin: Sendable, Equatable {
        case search(String)
        case chart(country: String, genre: AppleGenre?)
        case page(URL)
        /// The shows the library's shows recommend (`Finder.recommend`).
        case recommended
    }

    /// How long `earshot add N` takes numbers from a list.
    public static let freshness: Duration = .seconds(3600)

    public let origin: Origin
    /// In order: `add 1` is the first.
    public let shows: [FoundShow]
    /// When it was made, on the session's monotonic clock.
    public let made: Duration
    /// When it was made, on the wall clock (for clients to show).
    public let madeAt: Date

    /// Whether it still lends its numbers at `now`.
    public func isFresh(at now: Duration) -> Bool { now - made < Self.freshness }
}
