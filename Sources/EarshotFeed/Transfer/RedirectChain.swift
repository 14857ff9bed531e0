import Foundation

/// The redirects of one transfer, followed by hand: at most `maximum`, never back to an address already
/// visited, and from http(s) only to http(s) (as browsers and libsoup do).
struct RedirectChain {
    /// Why a redirect is not followed.
    enum Refusal: Error, Equatable {
        /// The Location header is not a URL.
        case unreadable(String)
        /// The target was already visited.
        case loop(from: URL, to: URL)
        /// More than the maximum.
        case tooMany(Int)
        /// Another scheme than http(s).
        case scheme(from: URL, to: URL)
    }

    let maximum: Int
    private(set) var visited: Set<URL>

    init(start: URL, maximum: Int = 10) {
        self.maximum = maximum
        visited = [start]
    }

    /// The absolute URL `location` (relative to `current`) leads to, or why it is refused.
    mutating func follow(_ location: String, from current: URL) -> Result<URL, Refusal> {
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL, let scheme = target.scheme else {
            return .failure(.unreadable(location))
        }
        guard ["http", "https"].contains(scheme.lowercased()) else { return .failure(.scheme(from: current, to: target)) }
        guard !visited.contains(target) else { return .failure(.loop(from: current, to: target)) }
        guard visited.count <= maximum else { return .failure(.tooMany(maximum)) }
        visited.insert(target)
        return .success(target)
    }
}
