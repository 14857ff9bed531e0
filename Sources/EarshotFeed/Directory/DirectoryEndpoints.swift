import Foundation

/// Where each directory is asked, and with which key: the base URLs (`itunes-url`, `fyyd-url`,
/// `podcastindex-url` in the configuration file; a mirror or a test server may stand in) and Podcast
/// Index's key and secret. Builds each request's address and headers; nothing here touches the network.
public struct DirectoryEndpoints: Sendable, Equatable {
    public var itunes: URL
    public var fyyd: URL
    public var podcastIndex: URL
    public var podcastIndexKey: String?
    public var podcastIndexSecret: String?

    public static let defaultITunes = URL(string: "https://itunes.apple.com")!
    public static let defaultFyyd = URL(string: "https://api.fyyd.de")!
    public static let defaultPodcastIndex = URL(string: "https://api.podcastindex.org")!

    /// How many shows one search or chart asks for.
    public static let resultCount = 25

    public init(itunes: URL = Self.defaultITunes, fyyd: URL = Self.defaultFyyd, podcastIndex: URL = Self.defaultPodcastIndex,
                podcastIndexKey: String? = nil, podcastIndexSecret: String? = nil) {
        self.itunes = itunes
        self.fyyd = fyyd
        self.podcastIndex = podcastIndex
        self.podcastIndexKey = podcastIndexKey
        self.podcastIndexSecret = podcastIndexSecret
    }

    /// Whether Podcast Index can be asked: it needs both the key and the secret.
    public var hasPodcastIndexKey: Bool { podcastIndexKey != nil && podcastIndexSecret != nil }

    /// One HTTP GET: its address and the headers beyond libsoup's own (User-Agent: Earshot/…).
    public struct Request: Sendable {
        public let url: URL
        public let headers: [(String, String)]
        /// The headers carry a key (Podcast Index's signature): the request goes to `url` only, never
        /// where a redirect points.
        public var carriesKey = false
    }

    /// The request that puts `query` to `directory` (an Apple chart is two: this, then `lookUp` of its
    /// ids), signed at `date` where the directory wants it; nil for a query the directory does not
    /// answer (charts are Apple's, feed guids Podcast Index's) or Podcast Index without a key.
    public func request(_ query: DirectoryQuery, to directory: Directory, at date: Date) -> Request? {
        switch (directory, query) {
        case (.itunes, .search(let terms)):
            return get(itunes, "/search", ["media": "podcast", "entity": "podcast", "limit": "\(Self.resultCount)", "term": terms])
        case (.itunes, .lookUp(let id)):
            return lookUp(ids: [id])
        case (.itunes, .chart(let country, let genre)):
            let genrePart = genre.map { "/genre=\($0.id)" } ?? ""
            return get(itunes, "/\(country.lowercased())/rss/toppodcasts/limit=\(Self.resultCount)\(genrePart)/json", [:])
        case (.fyyd, .search(let terms)):
            return get(fyyd, "/0.2/search/podcast", ["term": terms, "count": "\(Self.resultCount)"])
        case (.podcastindex, .search(let terms)):
            return signed(get(podcastIndex, "/api/1.0/search/byterm", ["q": terms, "max": "\(Self.resultCount)"]), at: date)
        case (.podcastindex, .lookUp(let id)):
            return signed(get(podcastIndex, "/api/1.0/podcasts/byfeedid", ["id": id]), at: date)
        case (.podcastindex, .feedGuid(let guid)):
            return signed(get(podcastIndex, "/api/1.0/podcasts/byguid", ["guid": guid]), at: date)
        case (.fyyd, .lookUp), (.fyyd, .chart), (.podcastindex, .chart), (.itunes, .feedGuid), (.fyyd, .feedGuid):
            return nil
        }
    }

    /// Apple's lookup of several shows at once (how a chart's entries get their feeds).
    public func lookUp(ids: [String]) -> Request? {
        get(itunes, "/lookup", ["id": ids.joined(separator: ","), "entity": "podcast"])
    }

    private func signed(_ request: Request?, at date: Date) -> Request? {
        guard let request, let key = podcastIndexKey, let secret = podcastIndexSecret else { return nil }
        return Request(url: request.url, headers: request.headers + PodcastIndexSignature.headers(key: key, secret: secret, at: date),
                       carriesKey: true)
    }

    /// `path` under `base` (which may have a path of its own: a mirror's folder) with `query`, its values
    /// percent-encoded (a `+` or `&` in search words stays a character of the words).
    private func get(_ base: URL, _ path: String, _ query: [String: String]) -> Request? {
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        guard var components = URLComponents(string: root + path) else { return nil }
        if !query.isEmpty {
            components.percentEncodedQueryItems = query.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value.addingPercentEncoding(withAllowedCharacters: Self.queryValue))
            }
        }
        return components.url.map { Request(url: $0, headers: [("Accept", "application/json")]) }
    }

    private static let queryValue: CharacterSet = {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~,")
        return allowed
    }()
}
