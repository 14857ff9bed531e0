import EarshotTestSupport
import Testing
@testable import EarshotMPRIS

/// The values the adapter publishes, read over the bus by a client.
@Suite struct PropertiesTests {
    @Test func rootInterfaceIdentity() throws {
        try Harness.run { (h) throws in
            let all = try h.getAll(Harness.root)
            #expect(all["CanQuit"] == .boolean(true))
            #expect(all["CanRaise"] == .boolean(false))
            #expect(all["HasTrackList"] == .boolean(false))
            #expect(all["Identity"] == .string("Earshot"))
            #expect(all["DesktopEntry"] == .string("earshot"))
            #expect(all["SupportedUriSchemes"] == .stringArray(["file", "http", "https", "feed", "itpc", "pcast", "podcast"]))
            #expect(all["SupportedMimeTypes"] == .stringArray(Harness.mimeTypes))
            #expect(all["Fullscreen"] == nil && all["CanSetFullscreen"] == nil)
        }
    }

    @Test func metadataOfTheCurrentEpisodeHasTheExactTypes() throws {
        try Harness.run { (h) throws in
            let metadata = try h.get(Harness.player, "Metadata")
            #expect(metadata.signature == "a{sv}")
            let entries = try #require(metadata.stringKeyedEntries).compactMapValues(\.variantValue)
            let episode = TestPlayer.sampleEpisodes[0]
            #expect(entries["mpris:trackid"] == .objectPath(episode.trackID.path))
            #expect(entries["mpris:trackid"]?.objectPathValue?.hasPrefix("/org/earshot/episode/") == true)
            #expect(entries["mpris:length"] == .int64(5_400_000_000))  // 90 min: past Int32 in µs
            #expect(entries["xesam:title"] == .string("Episode One"))
            #expect(entries["xesam:album"] == .string("The Example Show"))
            #expect(entries["xesam:artist"] == .stringArray(["Ada Host", "Bo Guest"]))
            #expect(entries["xesam:comment"] == .stringArray(["A long talk about examples."]))
            #expect(entries["xesam:url"] == .string("https://podcast.example/audio/1.mp3"))
            #expect(entries["mpris:artUrl"] == .string("file:///tmp/earshot-art/1.png"))
            #expect(entries["xesam:contentCreated"] == .string("2024-05-01T06:00:00Z"))
            #expect(entries.count == 9)
        }
    }

    @Test func missingFieldsAreLeftOut() throws {
        try Harness.run(player: TestPlayer(index: 2)) { (h) throws in
            let entries = try #require(try h.get(Harness.player, "Metadata").stringKeyedEntries)
            #expect(Set(entries.keys) == ["mpris:trackid", "xesam:title", "xesam:album", "xesam:url"])
            #expect(try h.get(Harness.player, "CanSeek") == .boolean(false), "no length, no seeking")
        }
    }

    @Test func noEpisodeMeansAnEmptyMetadataMap() throws {
        try Harness.run(player: TestPlayer(index: nil, status: .stopped)) { (h) throws in
            let metadata = try h.get(Harness.player, "Metadata")
            #expect(metadata == .dictionary(keySignature: "s", valueSignature: "v", []))
            let all = try h.getAll(Harness.player)
            #expect(all["Metadata"] == .emptyVardict)
            #expect(all["CanPlay"] == .boolean(false))
            #expect(all["CanPause"] == .boolean(false))
            #expect(all["CanSeek"] == .boolean(false))
            #expect(all["CanControl"] == .boolean(true))
            #expect(all["Position"] == .int64(0))
        }
    }

    @Test func playerProperties() throws {
        let player = TestPlayer()
        player.position = 42_000_000
        try Harness.run(player: player) { (h) throws in
            let all = try h.getAll(Harness.player)
            #expect(all["PlaybackStatus"] == .string("Paused"))
            #expect(all["Rate"] == .double(1.0))
            #expect(all["Volume"] == .double(1.0))
            #expect(all["Position"] == .int64(42_000_000))
            #expect(all["MinimumRate"] == .double(0.5))
            #expect(all["MaximumRate"] == .double(3.0))
            #expect(all["CanGoNext"] == .boolean(true))
            #expect(all["CanGoPrevious"] == .boolean(false))
            #expect(all["CanSeek"] == .boolean(true))
            #expect(all["CanControl"] == .boolean(true))
            #expect(try h.get(Harness.player, "Position") == .int64(42_000_000))
            player.position = 43_500_000
            #expect(try h.get(Harness.player, "Position") == .int64(43_500_000), "Position is read live")
        }
    }

    /// CanPlay and CanPause do not flip with the play state (GNOME hides a player whose CanPlay is false).
    @Test func positionIsAnsweredWithoutBuildingTheWholeState() throws {
        let player = TestPlayer()
        player.position = 7_000_000
        try Harness.run(player: player) { (h) throws in
            let before = player.stateReads
            for _ in 0..<5 { #expect(try h.get(Harness.player, "Position") == .int64(7_000_000)) }
            #expect(player.stateReads == before, "a seek bar's Get(Position) built the metadata and buttons")
            player.select(nil)
            player.position = 9_000_000
            #expect(try h.get(Harness.player, "Position") == .int64(0), "no episode, no position")
        }
    }

    @Test func canPlayAndCanPauseIgnoreThePlayState() throws {
        try Harness.run { (h) throws in
            for status in [PlaybackStatus.playing, .paused, .stopped] {
                h.player.mutate { $0.playbackStatus = status }
                #expect(try h.get(Harness.player, "PlaybackStatus") == .string(status.rawValue))
                #expect(try h.get(Harness.player, "CanPlay") == .boolean(true))
                #expect(try h.get(Harness.player, "CanPause") == .boolean(true))
                #expect(try h.get(Harness.player, "CanControl") == .boolean(true))
            }
        }
    }

    /// Whatever the engine reports, MinimumRate ≤ 1 ≤ MaximumRate and no NaN leaks out.
    @Test func nonsenseFromTheOwnerIsSanitised() throws {
        try Harness.run { (h) throws in
            h.player.mutate {
                $0.minimumRate = 2
                $0.maximumRate = .nan
                $0.rate = .infinity
                $0.volume = -3
            }
            h.player.position = -5
            let all = try h.getAll(Harness.player)
            #expect(all["MinimumRate"] == .double(1.0))
            #expect(all["MaximumRate"] == .double(1.0))
            #expect(all["Rate"] == .double(1.0))
            #expect(all["Volume"] == .double(0))
            #expect(all["Position"] == .int64(0))
        }
    }

    @Test func propertiesCanBeReadWithoutAnInterfaceName() throws {
        try Harness.run { (h) throws in
            let reply = try h.call("org.freedesktop.DBus.Properties", "Get", [.string(""), .string("Identity")])
            #expect(reply == [.variant(.string("Earshot"))])
            let all = try h.call("org.freedesktop.DBus.Properties", "GetAll", [.string("")])
            #expect(all.first?.stringKeyedEntries?.count == 20)
            let none = try h.call("org.freedesktop.DBus.Properties", "GetAll", [.string("org.freedesktop.DBus.Peer")])
            #expect(none == [.emptyVardict])
        }
    }
}
