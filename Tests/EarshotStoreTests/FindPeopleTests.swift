import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

/// `find` finds people the feeds name (`podcast:person`): every episode whose item names the person,
/// and the podcast whose channel does.
@Suite struct FindPeopleTests {
    private static func store() throws -> (Store, PodcastID, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var second = Sample.episode("second-visit", day: 9)
        second.podcast.people = [Person(name: "Vitalik Buterin", role: "guest"), Person(name: "Dina Host")]
        let podcast = try store.storeFeed(NamespaceStoreTests.channel(episodes: [Sample.episode("plain"), NamespaceStoreTests.guestEpisode(), second]),
                                          url: Sample.feedURL, validators: FeedValidators()).podcast
        _ = try store.storeFeed(Sample.channel(["other"], title: "Other"), url: URL(string: "https://feeds.example/other.xml")!,
                                validators: FeedValidators())
        return (store, podcast, directory)
    }

    @Test func findGivesEveryEpisodeWhoseItemNamesThePersonAsAPersonHit() throws {
        let (store, _, _) = try Self.store()
        let hits = try store.find(try SearchQuery("buterin"), marks: SnippetMarks(open: "[", close: "]"))
        let episodes = try store.listEpisodes(hits.compactMap(\.episode)).map(\.guid).sorted()
        #expect(episodes == ["guest", "second-visit"])
        #expect(hits.allSatisfy { $0.place == .person(name: "Vitalik Buterin", role: "guest") && $0.snippet == "[Vitalik Buterin]" })
    }

    @Test func everyWordTypedMustBeInTheNameAndTheLastMayBeUnfinished() throws {
        let (store, _, _) = try Self.store()
        #expect(try store.find(try SearchQuery("vitalik but")).filter { $0.episode != nil }.count == 2)
        #expect(try store.find(try SearchQuery("vitalik nakamoto")).isEmpty)
    }

    @Test func aPersonTheChannelNamesFindsThePodcastOnce() throws {
        let (store, podcast, _) = try Self.store()
        let hits = try store.find(try SearchQuery("adam curry"))
        #expect(hits.count == 1)
        #expect(hits.first?.podcast == podcast && hits.first?.episode == nil && hits.first?.place == .person(name: "Adam Curry", role: "host"))
    }

    @Test func aSearchWithinResultsKeepsOnlyTheEpisodesShownThatNameThePerson() throws {
        let (store, _, _) = try Self.store()
        let guest = try #require(try store.listEpisodes(podcast: nil, filter: .all, matching: nil).first { $0.guid == "guest" })
        let plain = try #require(try store.listEpisodes(podcast: nil, filter: .all, matching: nil).first { $0.guid == "plain" })
        let hits = try store.find(try SearchQuery("buterin"), within: SearchScope(podcasts: [], episodes: [guest.id, plain.id]))
        #expect(hits.map(\.episode) == [guest.id])
    }

    @Test func aSearchOfOnePodcastFindsOnlyItsPeople() throws {
        let (store, podcast, _) = try Self.store()
        let other = try #require(try store.podcasts().first { $0.id != podcast }).id
        #expect(try store.find(try SearchQuery("buterin"), podcast: other).isEmpty)
        #expect(try store.find(try SearchQuery("buterin"), podcast: podcast).count == 2)
    }

    @Test func aFeedWhoseChannelSaysNothingOfTheNamespaceStillHasItsItemsPeopleFound() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Sample.channel(["plain"], title: "Plain Show")
        var guest = Sample.episode("guest", day: 3)
        guest.podcast.people = [Person(name: "Grace Hopper", role: "guest")]
        channel.episodes.append(guest)
        let podcast = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast
        #expect(try store.find(try SearchQuery("hopper")).map(\.episode) == [try store.listEpisodes(podcast: podcast, filter: .all, matching: nil).first { $0.guid == "guest" }?.id])
        #expect(try store.showNamespaces(of: podcast).map(\.fields) == [ShowNamespace()], "the mark is no field of the show")
    }
}

