import EarshotTestSupport
import Testing
@testable import EarshotMPRIS

/// The MPRIS rules the adapter applies before a command reaches the player.
@Suite struct PlayerRulesTests {
    static let episode = TestPlayer.sampleEpisodes[0]
    static let length = episode.knownLength!

    @Test func simpleCommandsAreForwarded() throws {
        try Harness.run { (h) throws in
            for (method, command) in [("Play", TestPlayer.Command.play), ("Pause", .pause), ("PlayPause", .playPause),
                                      ("Stop", .stop), ("Next", .next)] {
                try h.call(Harness.player, method)
                #expect(h.player.commands.last == command, "\(method)")
            }
            try h.call(Harness.player, "Previous")
            #expect(h.player.commands.last == .previous)
            try h.call(Harness.player, "OpenUri", [.string("HTTPS://podcast.example/new.mp3")])
            try h.call(Harness.player, "OpenUri", [.string("file:///home/me/episode.ogg")])
            #expect(h.player.commands.suffix(2) == [.openURI("HTTPS://podcast.example/new.mp3"),
                                                    .openURI("file:///home/me/episode.ogg")])
        }
    }

    @Test func disabledCapabilitiesHaveNoEffect() throws {
        try Harness.run(player: TestPlayer(index: 2)) { (h) throws in  // last episode, no length
            try h.call(Harness.player, "Next")  // CanGoNext false
            try h.call(Harness.player, "Seek", [.int64(10_000_000)])  // CanSeek false
            try h.call(Harness.player, "SetPosition", [.objectPath(TestPlayer.sampleEpisodes[2].trackID.path), .int64(1)])
            #expect(h.player.commands.isEmpty)
        }
        try Harness.run(player: TestPlayer(index: nil, status: .stopped)) { (h) throws in  // no episode
            try h.call(Harness.player, "Play")
            try h.call(Harness.player, "Pause")
            try h.call(Harness.player, "Previous")
            try h.call(Harness.player, "Seek", [.int64(10)])
            #expect(h.player.commands.isEmpty)
            try h.call(Harness.player, "Stop")
            #expect(h.player.commands == [.stop])
        }
        try Harness.run { (h) throws in
            try h.call(Harness.player, "Previous")  // first episode: CanGoPrevious false
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func setPositionIgnoresStaleNoTrackNegativeAndPastTheEnd() throws {
        try Harness.run { (h) throws in
            let current = Self.episode.trackID.path
            let ignored: [(String, Int64)] = [
                (TestPlayer.sampleEpisodes[1].trackID.path, 1_000_000),  // stale: another episode
                (TrackID.noTrack.path, 1_000_000),
                ("/org/earshot/episode/unknown", 1_000_000),
                (current, -1),
                (current, Int64.min),
                (current, Self.length + 1),
                (current, Int64.max),
            ]
            for (track, position) in ignored {
                #expect(try h.call(Harness.player, "SetPosition", [.objectPath(track), .int64(position)]) == [])
            }
            #expect(h.player.commands.isEmpty)
            try h.call(Harness.player, "SetPosition", [.objectPath(current), .int64(0)])
            try h.call(Harness.player, "SetPosition", [.objectPath(current), .int64(30_000_000)])
            try h.call(Harness.player, "SetPosition", [.objectPath(current), .int64(Self.length)])
            #expect(h.player.commands == [.setPosition(0, Self.episode.trackID), .setPosition(30_000_000, Self.episode.trackID),
                                          .setPosition(Self.length, Self.episode.trackID)])
        }
    }

    @Test func seekIsRelativeClampsAtZeroAndPastTheEndActsLikeNext() throws {
        let player = TestPlayer()
        player.position = 60_000_000
        try Harness.run(player: player) { (h) throws in
            try h.call(Harness.player, "Seek", [.int64(10_000_000)])
            #expect(h.player.commands.last == .setPosition(70_000_000, Self.episode.trackID))
            try h.call(Harness.player, "Seek", [.int64(-30_000_000)])
            #expect(h.player.commands.last == .setPosition(40_000_000, Self.episode.trackID))
            try h.call(Harness.player, "Seek", [.int64(-3_600_000_000)])
            #expect(h.player.commands.last == .setPosition(0, Self.episode.trackID))
            try h.call(Harness.player, "Seek", [.int64(Int64.min)])
            #expect(h.player.commands.last == .setPosition(0, Self.episode.trackID))
            try h.call(Harness.player, "Seek", [.int64(Self.length)])  // exactly to the end
            #expect(h.player.commands.last == .setPosition(Self.length, Self.episode.trackID))
            h.player.position = Self.length - 5_000_000
            try h.call(Harness.player, "Seek", [.int64(10_000_000)])
            #expect(h.player.commands.last == .next)
            #expect(h.player.currentEpisode == TestPlayer.sampleEpisodes[1])
            h.player.position = 1
            try h.call(Harness.player, "Seek", [.int64(Int64.max)])  // no overflow: past the end
            #expect(h.player.commands.last == .next)
        }
    }

    @Test func rateZeroPausesAndOtherRatesAreClamped() throws {
        let player = TestPlayer(status: .playing)
        try Harness.run(player: player) { (h) throws in
            try h.set(Harness.player, "Rate", .double(0))
            #expect(h.player.commands == [.pause])
            #expect(try h.get(Harness.player, "Rate") == .double(1.0), "Rate 0 leaves the rate alone")
            #expect(try h.get(Harness.player, "PlaybackStatus") == .string("Paused"))
            for (asked, applied) in [(1.5, 1.5), (5.0, 3.0), (0.1, 0.5), (-2.0, 0.5), (3.0, 3.0), (0.5, 0.5),
                                     (Double.greatestFiniteMagnitude, 3.0), (-Double.leastNonzeroMagnitude, 0.5)] {
                try h.set(Harness.player, "Rate", .double(asked))
                #expect(h.player.commands.last == .setRate(applied), "Rate \(asked)")
            }
            #expect(try h.get(Harness.player, "Rate") == .double(0.5))
        }
    }

    @Test func volumeBelowZeroIsZero() throws {
        try Harness.run { (h) throws in
            try h.set(Harness.player, "Volume", .double(0.4))
            try h.set(Harness.player, "Volume", .double(-0.5))
            try h.set(Harness.player, "Volume", .double(-0.0))
            try h.set(Harness.player, "Volume", .double(1.5))
            #expect(h.player.commands == [.setVolume(0.4), .setVolume(0), .setVolume(0), .setVolume(1.5)])
            #expect(try h.get(Harness.player, "Volume") == .double(1.5))
        }
    }

    /// Quit is answered before the player is told to quit: even a player that drops the connection
    /// at once (as the daemon does when it exits) leaves the caller with its reply.
    @Test func quitRepliesThenQuits() throws {
        try Harness.run { (h) throws in
            h.player.onQuit = { [service = h.service] in service.close() }
            var reply: Result<BusMessage, BusError>?
            h.client.call(try .methodCall(destination: h.busName, path: MPRISAdapter.objectPath,
                                          interface: Harness.root, member: "Quit")) { reply = $0 }
            #expect(h.context.iterate(until: { reply != nil }, timeoutSeconds: 5))
            #expect((try? reply?.get()) != nil, "\(String(describing: reply))")
            #expect(h.player.commands == [.quit])
        }
        try Harness.run { (h) throws in
            try h.call(Harness.root, "Raise")  // CanRaise false: no effect
            #expect(h.player.commands.isEmpty)
        }
    }

    /// Next and Previous keep Paused or Stopped as they were (here: the test player's behaviour, seen
    /// through the adapter's properties).
    @Test func nextKeepsThePlayState() throws {
        try Harness.run(player: TestPlayer(status: .paused)) { (h) throws in
            try h.call(Harness.player, "Next")
            #expect(try h.get(Harness.player, "PlaybackStatus") == .string("Paused"))
            let metadata = try h.get(Harness.player, "Metadata").stringKeyedEntries
            #expect(metadata?["mpris:trackid"] == .variant(.objectPath(TestPlayer.sampleEpisodes[1].trackID.path)))
        }
    }
}
