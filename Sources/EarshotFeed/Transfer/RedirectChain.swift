import Foundation

/// The redirects of one transfer, followed by hand: at most `maximum`, never back to an address already
/// visited, and from http(s) only to http(s) (as browsers and libsoup do). A loop is named from the
/// address visited again, through each hop, back to it.
struct RedirectChain {
    /// Why a redirect is not followed.
    enum Refusal: Error, Equatable {
        /// The Location header is not a URL.
        case unreadable(String)
        /// The target was already visited: the loop, from that address back to it.
        case loop([URL])
        /// More than the maximum.
        case tooMany(Int)
        /// Another scheme than http(s).
        case scheme(from: URL, to: URL)
    }

    let maximum: Int
    private(set) var visited: Set<URL>
    /// The addresses in the order visited.
    private var path: [URL]

    init(start: URL, maximum: Int = 10) {
        self.maximum = maximum
        visited = [start]
        path = [start]
    }

    /// The absolute URL `location` (relative to `current`) leads to, or why it is refused.
    mutating func follow(_ location: String, from current: URL) -> Result<URL, Refusal> {
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL, let scheme = target.scheme else {
            return .failure(.unreadable(location))
        }
        guard ["http", "https"].contains(scheme.lowercased()) else { return .failure(.scheme(from: current, to: target)) }
        guard !visited.contains(target) else {
            let start = path.lastIndex(of: target) ?? path.startIndex
            return .failure(.loop(Array(path[start...]) + [target]))
        }
        guard visited.count <= maximum else { return .failure(.tooMany(maximum)) }
        visited.insert(target)
        path.append(target)
        return .success(target)
    }
}

extension RedirectChain.Refusal {
    /// A loop's addresses as "a → b → a".
    static func describe(loop: [URL]) -> String {
        loop.map(\.absoluteString).joined(separator: " → ")
    }
}
