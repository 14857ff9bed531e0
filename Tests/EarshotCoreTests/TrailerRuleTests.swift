@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// Trailers are kept and listed, but a refresh that brings one puts it neither in Up Next nor in the inbox.
@Suite("Trailer rule: trailers are no new episodes")
struct TrailerRuleTests {
    private static func withTrailers(count: Int) -> Channel {
        var channel = CoreFixture.show("alpha", count: count)
        channel.episodes[0].episodeType = "Trailer"
        channel.episodes[1].soundURL = URL(string: "http://alpha.test/coming-soon.mp3")
        channel.podcast.trailers = [Trailer(title: "Coming soon", url: URL(string: "http://alpha.test/coming-soon.mp3")!)]
        return channel
    }

    @Test func anItunesTrailerAndAPodcastTrailersMediaAreTrailersAndOthersAreNot() {
        let channel = Self.withTrailers(count: 4)
        #expect(TrailerRule.trailers(in: channel) == ["alpha-4", "alpha-3"])
        #expect(!TrailerRule.isTrailer(channel.episodes[2], of: channel))
    }

    @Test func leavingOutTrailersKeepsTheOtherNewEpisodesInOrder() {
        let saved = SavedFeed(podcast: PodcastID(rawValue: 1), isNew: false, newEpisodes: [7, 8, 9].map(EpisodeID.init(rawValue:)),
                              newGuids: ["a", "t", "b"], episodeCount: 9)
        let kept = TrailerRule.leavingOut(["t"], from: saved)
        #expect(kept.newEpisodes == [7, 9].map(EpisodeID.init(rawValue:)) && kept.newGuids == ["a", "b"])
        #expect(kept.episodeCount == 9)
    }

    @Test func aRefreshThatBringsTrailersPutsThemNeitherInUpNextNorInTheInbox() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2), autoQueue: true)
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(Self.withTrailers(count: 5))
        var reports: [UpdateReport] = []
        try f.library.refresh([alpha], completion: { reports = $0 })
        #expect(f.player.upNext.episodes == [try f.episode("alpha-3")], "only the new episode that is no trailer")
        #expect(reports.first?.newEpisodes == 1)
        #expect(f.library.podcast(alpha)?.episodeCount == 5, "trailers are kept and listed")
    }
}
