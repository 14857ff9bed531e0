@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Library: podcast:guid names a podcast before its address")
struct PodcastGuidTests {
    static func show(guid: String?) -> Channel {
        var show = CoreFixture.show("alpha", count: 2)
        show.podcast.guid = guid
        return show
    }

    @Test func subscribingToAnotherAddressOfAShowWithTheSameGuidIsThatPodcast() throws {
        let f = try CoreFixture()
        let kept = try f.subscribe("alpha", Self.show(guid: "917393e3-1b1e-5cef-ace4-edaa54e1f810"))
        let elsewhere = URL(string: "http://new-host.test/alpha.xml")!
        f.feeds.answers[elsewhere] = .channel(Self.show(guid: "917393e3-1b1e-5cef-ace4-edaa54e1f810"))
        var reports: [UpdateReport] = []
        f.library.subscribe([elsewhere], autoQueue: false) { reports = $0 }
        #expect(reports.first?.podcast == kept && reports.first?.alreadySubscribed == true && reports.first?.error == nil)
        #expect(f.library.podcasts.count == 1)
        #expect(f.library.podcast(url: elsewhere)?.id == kept, "the other address leads to the podcast from now on")
    }

    @Test func aShowWithoutAGuidAtAnotherAddressIsAnotherPodcast() throws {
        let f = try CoreFixture()
        _ = try f.subscribe("alpha", Self.show(guid: nil))
        let elsewhere = URL(string: "http://new-host.test/alpha.xml")!
        f.feeds.answers[elsewhere] = .channel(Self.show(guid: nil))
        var reports: [UpdateReport] = []
        f.library.subscribe([elsewhere], autoQueue: false) { reports = $0 }
        #expect(reports.first?.alreadySubscribed == false)
        #expect(f.library.podcasts.count == 2)
    }
}
