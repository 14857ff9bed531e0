import EarshotFeed
import Foundation
import Testing

/// The directory replies, read from documents shaped as each directory documents them, awkward cases
/// included: shows without a feed, HTML and entities in titles, numbers sent as text, a chart of one
/// entry, a lookup that finds nothing, refusals in each directory's own words, and bytes that are not
/// the reply at all.
@Suite("Directory replies: iTunes Search, Apple's chart, fyyd, Podcast Index")
struct DirectoryReplyTests {
    static func reply(_ name: String) throws -> [UInt8] { try Fixture.bytes("directories/\(name)") }

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func anITunesSearchKeepsTheShowsWithAFeedAndReadsTheirTitlesAsPlainText() throws {
        let shows = try DirectoryReply.shows(Self.reply("itunes-search.json"), from: .itunes)
        #expect(shows.map(\.title) == ["Radio Lab of Examples", "Tom & Jerry's Lab Hour", "The Lab Talk Show"],
                "the show without a feedUrl is left out")
        let first = try #require(shows.first)
        #expect(first.feed == URL(string: "https://feeds.example.com/radiolab"))
        #expect(first.author == "Example Studios")
        #expect(first.episodes == 312)
        #expect(first.latest == Self.date("2024-05-03T10:00:00Z"))
        #expect(first.artwork == URL(string: "https://is1-ssl.example.com/image/600x600bb.jpg"))
        #expect(first.id == "1000000001")
        #expect(first.directory == .itunes)
        #expect(shows[1].author == "Tom & Jerry's Network")
        #expect(shows[1].artwork == URL(string: "https://is1-ssl.example.com/image/c100.jpg"), "the 100 px artwork when there is no 600")
    }

    @Test func anITunesErrorMessageIsARefusalInApplesWords() throws {
        #expect(throws: DirectoryError.refused("Invalid value(s) for key(s): [country]")) {
            try DirectoryReply.shows(Self.reply("itunes-error.json"), from: .itunes)
        }
    }

    @Test func anITunesLookupThatFindsNothingIsAnEmptyList() throws {
        #expect(try DirectoryReply.shows(Self.reply("itunes-lookup-none.json"), from: .itunes).isEmpty)
    }

    @Test func fyydsShowsAreReadWithTheirAuthorsCountsAndDates() throws {
        let shows = try DirectoryReply.shows(Self.reply("fyyd-search.json"), from: .fyyd)
        #expect(shows.map(\.title) == ["Radio Lab of Examples", "Laborgespräche"], "the entry without xmlURL is left out")
        #expect(shows[0].feed == URL(string: "http://www.feeds.example.com/radiolab/"))
        #expect(shows[0].episodes == 318)
        #expect(shows[0].latest == Self.date("2024-05-03T12:03:27Z"))
        #expect(shows[0].website == URL(string: "https://radiolab.example.com"))
        #expect(shows[1].episodes == 57, "a count sent as text")
        #expect(shows[1].author == "Beispiel & Co")
    }

    @Test func fyydsEmptyDataIsNoShowsAndItsErrorsObjectIsARefusal() throws {
        #expect(try DirectoryReply.shows(Self.reply("fyyd-empty.json"), from: .fyyd).isEmpty)
        #expect(throws: DirectoryError.refused("no search term provided")) {
            try DirectoryReply.shows(Self.reply("fyyd-error.json"), from: .fyyd)
        }
    }

    @Test func podcastIndexLeavesOutDeadFeedsAndFallsBackToTheOwnersName() throws {
        let shows = try DirectoryReply.shows(Self.reply("podcastindex-search.json"), from: .podcastindex)
        #expect(shows.map(\.title) == ["Lab Notes & Examples", "Radio Lab of Examples"])
        #expect(shows[0].latest == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(shows[0].episodes == 204)
        #expect(shows[0].artwork == URL(string: "https://labnotes.example.org/artwork.jpg"))
        #expect(shows[0].id == "920666")
        #expect(shows[1].author == "Example Studios", "an empty author gives way to ownerName")
        #expect(shows[1].artwork == URL(string: "https://radiolab.example.com/cover.jpg"), "an empty artwork gives way to image")
    }

    @Test func aPodcastIndexLookupReadsItsOneFeedAndAnEmptyListForAnUnknownID() throws {
        let found = try DirectoryReply.shows(Self.reply("podcastindex-byfeedid.json"), from: .podcastindex)
        #expect(found.map(\.feed) == [URL(string: "https://labnotes.example.org/feed.xml")!])
        #expect(try DirectoryReply.shows(Self.reply("podcastindex-byfeedid-unknown.json"), from: .podcastindex).isEmpty)
    }

    @Test func aPodcastIndexByGuidReplyReadsItsOneFeedAndAnUnknownGuidGivesNone() throws {
        let found = try DirectoryReply.shows(Self.reply("podcastindex-byguid.json"), from: .podcastindex)
        #expect(found.map(\.title) == ["Lab Notes & Examples"] && found.map(\.feed) == [URL(string: "https://labnotes.example.org/feed.xml")!])
        #expect(try DirectoryReply.shows(Self.reply("podcastindex-byguid-unknown.json"), from: .podcastindex).isEmpty)
    }

    @Test func podcastIndexStatusFalseIsARefusalWithItsDescription() throws {
        #expect(throws: DirectoryError.refused("Authorization header value is invalid.")) {
            try DirectoryReply.shows(Self.reply("podcastindex-unauthorized.json"), from: .podcastindex)
        }
        let boolean = Array(#"{"status": false, "description": "Bad"}"#.utf8)
        #expect(throws: DirectoryError.refused("Bad")) { try DirectoryReply.shows(boolean, from: .podcastindex) }
    }

    @Test(arguments: Directory.allCases)
    func bytesThatAreNotTheReplyAreNamedUnreadable(directory: Directory) {
        #expect(throws: DirectoryError.unreadable("not JSON")) {
            try DirectoryReply.shows(Array("<html><body>Service Unavailable</body></html>".utf8), from: directory)
        }
        #expect(throws: DirectoryError.self) { try DirectoryReply.shows(Array("[1, 2, 3]".utf8), from: directory) }
        #expect(throws: DirectoryError.self) { try DirectoryReply.shows([], from: directory) }
    }

    @Test(arguments: Directory.allCases)
    func entriesOfTheWrongKindAreLeftOutWithoutLosingTheOthers(directory: Directory) throws {
        let list = #"[42, "text", null, {"feedUrl": 7, "xmlURL": [], "url": {}}, "#
        let good = #"{"collectionName": "Good", "feedUrl": "https://good.example/feed", "title": "Good", "xmlURL": "https://good.example/feed", "url": "https://good.example/feed"}]"#
        let document = switch directory {
        case .itunes: #"{"resultCount": "many", "results": "# + list + good + "}"
        case .fyyd: #"{"status": "1", "data": "# + list + good + "}"
        case .podcastindex: #"{"status": "true", "feeds": "# + list + good + "}"
        }
        let shows = try DirectoryReply.shows(Array(document.utf8), from: directory)
        #expect(shows.map(\.title) == ["Good"])
    }

    @Test func deeplyNestedJSONIsRefusedWithoutExhaustingTheStack() {
        let deep = Array((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8)
        for directory in Directory.allCases {
            #expect(throws: DirectoryError.self) { try DirectoryReply.shows(deep, from: directory) }
        }
    }
}

@Suite("Apple's chart: ids in chart order, resolved by one lookup")
struct ITunesChartTests {
    @Test func theChartsIDsComeInChartOrder() throws {
        #expect(try DirectoryReply.chartIDs(DirectoryReplyTests.reply("itunes-chart.json"))
                == ["2000000001", "2000000002", "2000000003", "2000000004"])
    }

    @Test func aChartOfOneEntryHasAnObjectWhereTheListWouldBe() throws {
        #expect(try DirectoryReply.chartIDs(DirectoryReplyTests.reply("itunes-chart-one.json")) == ["2000000009"])
        #expect(try DirectoryReply.chartIDs(Array(#"{"feed": {"title": {"label": "empty"}}}"#.utf8)).isEmpty)
    }

    @Test func theLookupsShowsArePutBackInChartOrderAndThoseWithoutAFeedLeftOut() throws {
        let lookedUp = try DirectoryReply.shows(DirectoryReplyTests.reply("itunes-chart-lookup.json"), from: .itunes)
        let ordered = DirectoryReply.inChartOrder(lookedUp, ids: ["2000000001", "2000000002", "2000000003", "2000000004"])
        #expect(ordered.map(\.title) == ["The Top Show", "Second Place", "Third Place"])
    }
}
