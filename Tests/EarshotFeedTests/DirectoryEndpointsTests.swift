import EarshotFeed
import Foundation
import Testing

/// The requests put to each directory: addresses under the configured base URLs (a mirror's folder
/// kept), words percent-encoded, Apple's chart by country and genre, and Podcast Index's signature.
@Suite("Directory requests and Podcast Index's signature")
struct DirectoryEndpointsTests {
    static let keyed = DirectoryEndpoints(podcastIndexKey: "UXKCGDSYGUUEVQJSYDZH", podcastIndexSecret: "yzJe2eE7XV-3eY576dyRZ6wXyAbndh6LUrCZ8KN|")
    static let when = Date(timeIntervalSince1970: 1_600_000_000)

    @Test func thePodcastIndexSignatureIsTheSHA1OfKeySecretAndTimeInLowerCaseHex() {
        let headers = Dictionary(uniqueKeysWithValues: PodcastIndexSignature.headers(key: "UXKCGDSYGUUEVQJSYDZH",
                                                                                      secret: "yzJe2eE7XV-3eY576dyRZ6wXyAbndh6LUrCZ8KN|", at: Self.when))
        #expect(headers["X-Auth-Key"] == "UXKCGDSYGUUEVQJSYDZH")
        #expect(headers["X-Auth-Date"] == "1600000000")
        // printf '%s' 'UXKCGDSYGUUEVQJSYDZHyzJe2eE7XV-3eY576dyRZ6wXyAbndh6LUrCZ8KN|1600000000' | sha1sum
        #expect(headers["Authorization"] == "f40c95359616cdf7a5069ce7dd0aa01b1c7c3f6c")
    }

    @Test func anITunesSearchAsksForPodcastsWithTheWordsEncoded() throws {
        let request = try #require(DirectoryEndpoints().request(.search("café & tea+1"), to: .itunes, at: Self.when))
        #expect(request.url.absoluteString
                == "https://itunes.apple.com/search?entity=podcast&limit=25&media=podcast&term=caf%C3%A9%20%26%20tea%2B1")
    }

    @Test func aBaseURLWithAFolderKeepsItsFolder() throws {
        var endpoints = DirectoryEndpoints()
        endpoints.fyyd = URL(string: "http://127.0.0.1:8080/mirror/fyyd/")!
        let request = try #require(endpoints.request(.search("lab"), to: .fyyd, at: Self.when))
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/mirror/fyyd/0.2/search/podcast?count=25&term=lab")
    }

    @Test func applesChartIsAskedPerCountryAndGenre() throws {
        let all = try #require(DirectoryEndpoints().request(.chart(country: "DE", genre: nil), to: .itunes, at: Self.when))
        #expect(all.url.absoluteString == "https://itunes.apple.com/de/rss/toppodcasts/limit=25/json")
        let comedy = try #require(DirectoryEndpoints().request(.chart(country: "us", genre: AppleGenre.named("comedy")), to: .itunes, at: Self.when))
        #expect(comedy.url.absoluteString == "https://itunes.apple.com/us/rss/toppodcasts/limit=25/genre=1303/json")
        #expect(DirectoryEndpoints().lookUp(ids: ["1", "2"])?.url.absoluteString == "https://itunes.apple.com/lookup?entity=podcast&id=1,2")
    }

    @Test func podcastIndexRequestsAreSignedAndNeedTheKey() throws {
        let request = try #require(Self.keyed.request(.lookUp("920666"), to: .podcastindex, at: Self.when))
        #expect(request.url.absoluteString == "https://api.podcastindex.org/api/1.0/podcasts/byfeedid?id=920666")
        #expect(request.headers.contains { $0 == ("X-Auth-Date", "1600000000") })
        #expect(request.headers.contains { $0.0 == "Authorization" })
        #expect(DirectoryEndpoints().request(.search("lab"), to: .podcastindex, at: Self.when) == nil, "no key, no request")
    }

    @Test func aFeedGuidIsAskedOfPodcastIndexByGuidSignedAndOfNoOtherDirectory() throws {
        let request = try #require(Self.keyed.request(.feedGuid("9b024349-ccf0-5f69-a609-6b82873eab3c"), to: .podcastindex, at: Self.when))
        #expect(request.url.absoluteString == "https://api.podcastindex.org/api/1.0/podcasts/byguid?guid=9b024349-ccf0-5f69-a609-6b82873eab3c")
        #expect(request.carriesKey && request.headers.contains { $0.0 == "X-Auth-Key" } && request.headers.contains { $0.0 == "Authorization" })
        #expect(DirectoryEndpoints().request(.feedGuid("g"), to: .podcastindex, at: Self.when) == nil, "no key, no request")
        #expect(Self.keyed.request(.feedGuid("g"), to: .itunes, at: Self.when) == nil && Self.keyed.request(.feedGuid("g"), to: .fyyd, at: Self.when) == nil)
    }

    @Test func onlyAppleHasCharts() {
        #expect(Self.keyed.request(.chart(country: "us", genre: nil), to: .fyyd, at: Self.when) == nil)
        #expect(Self.keyed.request(.chart(country: "us", genre: nil), to: .podcastindex, at: Self.when) == nil)
    }

    @Test func applesGenresAreNamedInAnyCaseWithOrWithoutPunctuationOrByNumber() {
        #expect(AppleGenre.named("comedy")?.id == 1303)
        #expect(AppleGenre.named("True Crime")?.id == 1488)
        #expect(AppleGenre.named("tv-film")?.id == 1309)
        #expect(AppleGenre.named("Society & Culture")?.id == 1324)
        #expect(AppleGenre.named("1489")?.name == "News")
        #expect(AppleGenre.named("polka") == nil)
        #expect(AppleGenre.named("9999") == nil)
    }
}
