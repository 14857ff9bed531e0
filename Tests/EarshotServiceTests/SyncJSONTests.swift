@testable import EarshotService
import EarshotStore
import Foundation
import Testing

/// The sync API's replies, read defensively (the Nextcloud app's quirks among them).
@Suite("Sync JSON: replies read defensively")
struct SyncJSONTests {
    @Test func nextcloudsUpperCaseActionsAndMinusOneFieldsAreRead() throws {
        let reply = """
            {"actions": [
              {"podcast": "https://f.example/a.xml", "episode": "https://c.example/1.mp3", "guid": "g1", "action": "PLAY",
               "timestamp": "2026-11-24T16:00:00", "started": -1, "position": 120, "total": 600},
              {"podcast": "https://f.example/a.xml", "episode": "https://c.example/2.mp3", "action": "Download",
               "timestamp": "2026-11-24T16:00:00", "started": -1, "position": -1, "total": -1},
              {"podcast": "https://f.example/a.xml", "action": "play", "timestamp": "2026-11-24T16:00:00"},
              {"podcast": "https://f.example/a.xml", "episode": "https://c.example/3.mp3", "action": "play", "timestamp": "never"},
              17, "text"
            ], "timestamp": 1795550401}
            """
        let page = try #require(SyncJSON.actionPage(Array(reply.utf8)))
        #expect(page.timestamp == 1_795_550_401)
        #expect(page.actions.count == 2, "the broken ones are left out")
        #expect(page.actions[0].kind == .play && page.actions[0].started == nil && page.actions[0].position == 120)
        #expect(page.actions[0].guid == "g1")
        #expect(page.actions[1].kind == .download && page.actions[1].position == nil)
    }

    @Test func repliesThatAreNotTheAPIsAreRefusedNotCrashedOn() {
        for text in ["", "[]", "{\"actions\": 3}", "null", "{\"add\": [1, 2]}", String(repeating: "[", count: 10_000)] {
            _ = SyncJSON.actionPage(Array(text.utf8))
            _ = SyncJSON.subscriptionDelta(Array(text.utf8))
            _ = SyncJSON.receipt(Array(text.utf8))
        }
        #expect(SyncJSON.actionPage(Array("[]".utf8)) == nil)
        #expect(SyncJSON.subscriptionDelta(Array("{\"add\": [\"a\", 2], \"timestamp\": \"12\"}".utf8))?.add == ["a"])
        #expect(SyncJSON.receipt(Array("{\"timestamp\": 5, \"update_urls\": [[\"a\", \"b\"], [\"c\", \"\"], [1]]}".utf8)).updatedURLs == ["a": "b"])
    }

    @Test func anActionIsWrittenAsTheAPITakesIt() throws {
        let play = EpisodeAction(podcast: "p", episode: "e", guid: "g", kind: .play, timestamp: Date(timeIntervalSince1970: 1_795_536_000),
                                 started: 10, position: 20, total: 30, device: "earshot-box")
        let object = SyncJSON.object(play)
        #expect(object["timestamp"] as? String == "2026-11-24T16:00:00")
        #expect(object["position"] as? Int == 20 && object["started"] as? Int == 10 && object["total"] as? Int == 30)
        let new = SyncJSON.object(EpisodeAction(podcast: "p", episode: "e", kind: .new, timestamp: Date(), started: 1, position: 2))
        #expect(new["position"] == nil && new["started"] == nil, "only a play carries places")
    }
}
