@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// The core fixture with new-episode notices posted to a recording notifier.
private final class NoticeFixture {
    let f: CoreFixture
    let notifier = RecordingNotifier()
    let art = ArtShelf()

    init() throws {
        f = try CoreFixture()
        f.session.notify(through: notifier, art: art)
    }

    /// Serves `name` with `count` episodes from now on.
    func grow(_ name: String, to count: Int, change: (inout Channel) -> Void = { _ in }) {
        var channel = CoreFixture.show(name, count: count)
        change(&channel)
        f.feeds.answers[CoreFixture.url(name)] = .channel(channel)
    }

    static func image(_ name: String) -> URL { URL(string: "http://art.test/\(name).jpg")! }
    static func file(_ name: String) -> URL { URL(fileURLWithPath: "/cache/art/\(name).jpg") }
}

@Suite("New-episode notices: one per refresh, the wording, the settings, the actions")
struct NewEpisodeNoticesTests {
    @Test func oneNewEpisodeIsAnnouncedAsShowAndEpisodeTitleWithTheEpisodesCover() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 2), autoQueue: false)
        n.grow("alpha", to: 3) { $0.episodes[0].coverImage = NoticeFixture.image("alpha-3") }
        n.art.downloadable[NoticeFixture.image("alpha-3")] = NoticeFixture.file("alpha-3")
        try n.f.library.refresh()
        #expect(n.notifier.posts.count == 1)
        #expect(n.notifier.last == Notice(title: "Alpha: Alpha 3", body: "", image: NoticeFixture.file("alpha-3"), actions: [.play, .queue],
                                           defaultAction: .play))
    }

    @Test func newEpisodesOfSeveralPodcastsMakeOneNoticeThatCountsThemAndListsTheTitles() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try n.f.subscribe("beta", CoreFixture.show("beta", count: 2))
        n.grow("alpha", to: 4)
        n.grow("beta", to: 3)
        try n.f.library.refresh()
        #expect(n.notifier.posts.count == 1, "one notice per refresh run")
        #expect(n.notifier.last?.title == "3 new episodes from 2 podcasts")
        #expect(n.notifier.last?.body == "Alpha: Alpha 4\nAlpha: Alpha 3\nBeta: Beta 3")
        #expect(n.notifier.last?.image == nil, "no one show's cover stands for several podcasts")
    }

    @Test func severalNewEpisodesOfOnePodcastNameTheShowAndShowItsCover() throws {
        let n = try NoticeFixture()
        let cover = NoticeFixture.image("alpha")
        n.art.cached[cover] = NoticeFixture.file("alpha")
        var show = CoreFixture.show("alpha", count: 1)
        show.profileImage = cover
        try n.f.subscribe("alpha", show)
        n.grow("alpha", to: 3) { $0.profileImage = cover }
        try n.f.library.refresh()
        #expect(n.notifier.last?.title == "2 new episodes from Alpha")
        #expect(n.notifier.last?.body == "Alpha 3\nAlpha 2")
        #expect(n.notifier.last?.image == NoticeFixture.file("alpha"))
        #expect(n.art.fetched.isEmpty, "a cached cover is not downloaded again")
    }

    @Test func aLongListShowsFourTitlesAndHowManyMore() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        n.grow("alpha", to: 8)
        try n.f.library.refresh()
        #expect(n.notifier.last?.title == "7 new episodes from Alpha")
        #expect(n.notifier.last?.body == "Alpha 8\nAlpha 7\nAlpha 6\nAlpha 5\nand 3 more")
    }

    @Test func whenTheEpisodesCoverCannotBeHadTheShowsIsUsed() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        n.grow("alpha", to: 2) {
            $0.episodes[0].coverImage = NoticeFixture.image("broken")
            $0.profileImage = NoticeFixture.image("alpha")
        }
        n.art.downloadable[NoticeFixture.image("alpha")] = NoticeFixture.file("alpha")
        try n.f.library.refresh()
        #expect(n.art.fetched == [NoticeFixture.image("broken"), NoticeFixture.image("alpha")])
        #expect(n.notifier.last?.image == NoticeFixture.file("alpha"))
    }

    @Test func subscribingNeverNotifiesNeitherAFirstFetchNorAnImportNorAResubscription() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 5))
        n.grow("beta", to: 30)
        n.grow("gamma", to: 30)
        n.f.library.subscribe([CoreFixture.url("beta"), CoreFixture.url("gamma")], autoQueue: false) { _ in }
        n.grow("alpha", to: 6)
        n.f.library.subscribe([CoreFixture.url("alpha")], autoQueue: true) { _ in }
        #expect(n.f.library.podcasts.count == 3)
        #expect(n.notifier.posts.isEmpty)
    }

    @Test func aRefreshThatFindsNothingNewOrFailsPostsNothing() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        try n.f.subscribe("beta", CoreFixture.show("beta", count: 2))
        n.f.feeds.answers[CoreFixture.url("alpha")] = .notModified
        n.f.feeds.answers[CoreFixture.url("beta")] = .failure(.http(status: 500, reason: "Internal Server Error"))
        try n.f.library.refresh()
        n.grow("alpha", to: 2)
        try n.f.library.refresh()
        #expect(n.notifier.posts.isEmpty)
    }

    @Test func newEpisodesWithoutAudioAreNotAnnounced() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        n.f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 2, silent: [2]))
        try n.f.library.refresh()
        #expect(n.notifier.posts.isEmpty)
    }

    @Test func aPodcastWithNotifyOffIsLeftOutAndItsOwnSettingWinsOverTheGlobalOne() throws {
        let n = try NoticeFixture()
        let alpha = try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let beta = try n.f.subscribe("beta", CoreFixture.show("beta", count: 1))
        #expect(n.f.library.notifies(alpha), "on by default")
        try n.f.library.set("notify", to: "off", for: beta)
        n.grow("alpha", to: 2)
        n.grow("beta", to: 2)
        try n.f.library.refresh()
        #expect(n.notifier.last?.title == "Alpha: Alpha 2")
        try n.f.library.set("notify", to: "off", for: nil)
        try n.f.library.set("notify", to: "on", for: beta)
        n.grow("alpha", to: 3)
        n.grow("beta", to: 3)
        try n.f.library.refresh()
        #expect(n.notifier.last?.title == "Beta: Beta 3")
        #expect(n.notifier.posts.count == 2)
        #expect(try n.f.store.settings(for: nil) == ["notify": "off"], "the global default is stored")
        #expect(throws: LibraryError.self) { try n.f.library.set("notify", to: "sometimes", for: alpha) }
    }

    @Test func playPlaysTheNewestEpisodeOfTheFirstPodcast() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        try n.f.subscribe("beta", CoreFixture.show("beta", count: 1))
        n.grow("alpha", to: 3)
        n.grow("beta", to: 2)
        try n.f.library.refresh()
        n.notifier.click(.play, on: 1)
        #expect(n.f.currentGUID == "alpha-3")
        #expect(n.f.player.status == .playing)
    }

    @Test func addToUpNextQueuesThemAllPodcastByPodcastOldestFirst() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        try n.f.subscribe("beta", CoreFixture.show("beta", count: 1), autoQueue: false)
        n.grow("alpha", to: 3)
        n.grow("beta", to: 2)
        try n.f.library.refresh()
        #expect(n.notifier.last?.actions == [.play, .queue])
        #expect(n.notifier.last?.defaultAction == .play, "clicking the notice itself plays")
        n.notifier.click(.queue, on: 1)
        #expect(n.f.player.upNext.episodes == [try n.f.episode("alpha-2"), try n.f.episode("alpha-3"), try n.f.episode("beta-2")])
        #expect(n.f.player.status != .playing, "queueing plays nothing")
    }

    @Test func addToUpNextIsNotOfferedWhenAutoQueueQueuedThemAlready() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: true)
        n.grow("alpha", to: 2)
        try n.f.library.refresh()
        #expect(n.f.player.upNext.episodes == [try n.f.episode("alpha-2")])
        #expect(n.notifier.last?.actions == [.play])
    }

    @Test func aNewNoticeReplacesTheOneStillShownAndActionsFollowTheNewest() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1), autoQueue: false)
        n.grow("alpha", to: 2)
        try n.f.library.refresh()
        n.grow("alpha", to: 3)
        try n.f.library.refresh()
        #expect(n.notifier.posts.map(\.replacing) == [nil, 1])
        n.notifier.click(.play, on: 1)
        #expect(n.f.currentGUID == "alpha-3", "the replaced notice's actions are the new one's")
        n.notifier.close(1)
        n.grow("alpha", to: 4)
        try n.f.library.refresh()
        #expect(n.notifier.posts.last?.replacing == nil, "a closed notice is not replaced")
        n.notifier.click(.queue, on: 1)
        #expect(n.f.player.upNext.isEmpty, "a closed notice's actions do nothing")
    }

    @Test func withoutANotificationServerNothingIsShownAndLaterRefreshesStillTry() throws {
        let n = try NoticeFixture()
        try n.f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        n.notifier.present = false
        n.grow("alpha", to: 2)
        try n.f.library.refresh()
        #expect(n.notifier.posts.isEmpty)
        n.notifier.present = true
        n.grow("alpha", to: 3)
        try n.f.library.refresh()
        #expect(n.notifier.posts.map(\.replacing) == [nil])
        #expect(n.notifier.last?.title == "Alpha: Alpha 3")
    }
}
