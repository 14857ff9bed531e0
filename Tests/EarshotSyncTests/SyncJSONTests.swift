@testable import EarshotSync
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

    @Test func actionsAreReadWithEscapesFractionsNumbersAsTextAndUnknownFieldsOfAnyShape() throws {
        let reply = #"""
            { "update_urls": [], "extra": {"deep": [[{"x": [1, {"y": "}]"}]}], true, null, -1.5e3]},
              "actions" : [ {"podcast":"https:\/\/f.example\/a.xml","episode":"https://c.example/\u00e9t\u00E9 \"1\".mp3",
                "device":"phone\ud83d\udcf1","action":"Play","timestamp":1795536000,"started":"30","position":120.9,
                "total":600,"guid":"","nested":{"a":[]}},
              {"podcast":"p","episode":"e","action":"new","timestamp":"2026-11-24 16:00:00.250+01:00","position":true},
              [], {}, {"podcast": 1, "episode": "e", "action": "play", "timestamp": "2026-11-24T16:00:00"} ],
              "timestamp": "1795550401" }
            """#
        let page = try #require(SyncJSON.actionPage(Array(reply.utf8)))
        #expect(page.timestamp == 1_795_550_401, "a cursor sent as text is read")
        #expect(page.actions.count == 2)
        let play = page.actions[0]
        #expect(play.podcast == "https://f.example/a.xml" && play.episode == "https://c.example/été \"1\".mp3")
        #expect(play.device == "phone📱" && play.kind == .play && play.guid == nil)
        #expect(play.timestamp == Date(timeIntervalSince1970: 1_795_536_000), "seconds since 1970")
        #expect(play.started == 30 && play.position == 120 && play.total == 600, "text and fractions, rounded down")
        let new = page.actions[1]
        #expect(new.kind == .new && new.position == nil, "a field of the wrong type is left out")
        #expect(new.timestamp == Date(timeIntervalSince1970: 1_795_532_400.25), "an offset and a fraction")
    }

    @Test func aReplyThatBreaksOffOrCarriesMoreThanOneValueIsRefused() {
        let whole = #"{"actions": [{"podcast": "p", "episode": "e", "action": "play", "timestamp": "2026-11-24T16:00:00"}], "timestamp": 5}"#
        #expect(SyncJSON.actionPage(Array(whole.utf8))?.actions.count == 1)
        for cut in [whole.count - 1, whole.count / 2, 20, 1] {
            #expect(SyncJSON.actionPage(Array(whole.prefix(cut).utf8)) == nil, "cut at \(cut)")
        }
        #expect(SyncJSON.actionPage(Array((whole + " {}").utf8)) == nil)
        #expect(SyncJSON.actionPage(Array(#"{"actions": [], "x": [1 2]}"#.utf8)) == nil)
        #expect(SyncJSON.actionPage(Array(#"{"actions": ["a\#u{1}b"]}"#.utf8)) == nil, "a control character in a string")
        let deep = #"{"x": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + #", "actions": []}"#
        #expect(SyncJSON.actionPage(Array(deep.utf8))?.actions == [], "deep nesting is skipped without recursion")
    }

    @Test func actionsAreWrittenAsTheAPITakesThem() throws {
        let play = EpisodeAction(podcast: "p", episode: "https://c.example/\"é\"\\\n.mp3", guid: "g", kind: .play,
                                 timestamp: Date(timeIntervalSince1970: 1_795_536_000), started: 10, position: 20, total: 30, device: "earshot-box")
        let new = EpisodeAction(podcast: "p", episode: "e", kind: .new, timestamp: Date(), started: 1, position: 2)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(SyncJSON.actions([play, new]))) as? [[String: Any]])
        #expect(written.count == 2)
        #expect(written[0]["timestamp"] as? String == "2026-11-24T16:00:00")
        #expect(written[0]["episode"] as? String == play.episode, "quotes, backslashes, control characters and accents survive")
        #expect(written[0]["guid"] as? String == "g" && written[0]["device"] as? String == "earshot-box" && written[0]["action"] as? String == "play")
        #expect(written[0]["position"] as? Int == 20 && written[0]["started"] as? Int == 10 && written[0]["total"] as? Int == 30)
        #expect(written[1]["position"] == nil && written[1]["started"] == nil && written[1]["guid"] == nil, "only a play carries places")
        #expect(SyncJSON.actions([]) == Array("[]".utf8))
        #expect(SyncJSON.actionPage(Array(#"{"actions":"#.utf8) + SyncJSON.actions([play]) + Array("}".utf8))?.actions.first?.episode == play.episode,
                "what is written reads back")
    }
}

/// A subscriptions reply of a listener's size is taken; one naming more addresses than any account holds
/// is refused whole in plain words, on the network thread (a hostile 64 MiB reply's millions of addresses
/// were each looked at on the loop: issue 37, point 11).
@Suite struct SubscriptionsBoundTests {
    @Test func aReplyOfMoreThanTenThousandAddressesIsRefusedSayingHowMany() {
        let many = (0..<6_000).map { "https://example.com/\($0).xml" }
        #expect(SyncRules.subscriptionsProblem(SubscriptionDelta(add: many, remove: [], timestamp: 1)) == nil)
        let problem = SyncRules.subscriptionsProblem(SubscriptionDelta(add: many, remove: many, timestamp: 1))
        #expect(problem == "the server sent 12000 subscription changes at once; Earshot takes at most 10000")
    }
}
