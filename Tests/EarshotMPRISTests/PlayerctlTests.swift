import EarshotTestSupport
import Testing
@testable import EarshotMPRIS

/// The real `playerctl` against the adapter on a private bus.
@Suite struct PlayerctlTests {
    /// Runs `playerctl -p earshot <arguments>` and returns its trimmed output (failing on a non-zero exit).
    @discardableResult
    private func playerctl(_ h: Harness, _ arguments: String..., player: String = "earshot",
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try Subprocess.run(["playerctl", "-p", player] + arguments, busAddress: h.bus.address, context: h.context)
        #expect(result.status == 0, "playerctl \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.trimmed
    }

    @Test func statusAndMetadata() throws {
        try Harness.run { (h) throws in
            #expect(try playerctl(h, "status") == "Paused")
            #expect(try playerctl(h, "metadata", "title") == "Episode One")
            #expect(try playerctl(h, "metadata", "artist") == "Ada Host, Bo Guest")
            #expect(try playerctl(h, "metadata", "album") == "The Example Show")
            #expect(try playerctl(h, "metadata", "mpris:length") == "5400000000")
            #expect(try playerctl(h, "metadata", "mpris:artUrl") == "file:///tmp/earshot-art/1.png")
            let trackID = try playerctl(h, "metadata", "mpris:trackid")
            // Quoted: playerctl prints the GVariant, and only object paths (type o) print like this.
            #expect(trackID == "'\(TestPlayer.sampleEpisodes[0].trackID.path)'", "\(trackID)")
            #expect(try playerctl(h, "metadata", "--format", "{{ duration(mpris:length) }}") == "1:30:00")
            let all = try playerctl(h, "metadata")
            for expected in ["xesam:title", "Episode One", "xesam:url", "xesam:contentCreated", "2024-05-01T06:00:00Z",
                             "xesam:comment", "A long talk about examples."] {
                #expect(all.contains(expected), "\(expected) in:\n\(all)")
            }
            #expect(try playerctl(h, "volume") == "1.000000")
            #expect(h.player.commands.isEmpty, "reading does not command")
        }
    }

    @Test func commands() throws {
        try Harness.run { (h) throws in
            try playerctl(h, "play-pause")
            #expect(h.player.commands == [.playPause])
            #expect(try playerctl(h, "status") == "Playing")
            try playerctl(h, "pause")
            try playerctl(h, "play")
            #expect(h.player.commands.suffix(2) == [.pause, .play])

            try playerctl(h, "position", "30")
            #expect(h.player.commands.last == .setPosition(30_000_000, TestPlayer.sampleEpisodes[0].trackID))
            // playerctl extrapolates the position of a playing player from the time it last read it.
            let position = try playerctl(h, "position")
            #expect(Double(position).map { abs($0 - 30) < 0.5 } == true, "\(position)")
            try playerctl(h, "position", "10+")
            #expect(h.player.commands.last == .setPosition(40_000_000, TestPlayer.sampleEpisodes[0].trackID))
            try playerctl(h, "position", "15-")
            #expect(h.player.commands.last == .setPosition(25_000_000, TestPlayer.sampleEpisodes[0].trackID))

            try playerctl(h, "volume", "0.4")
            #expect(h.player.commands.last == .setVolume(0.4))
            #expect(try playerctl(h, "volume") == "0.400000")

            try playerctl(h, "next")
            #expect(h.player.commands.last == .next)
            #expect(try playerctl(h, "metadata", "title") == "Episode Two")
            try playerctl(h, "previous")
            #expect(h.player.commands.last == .previous)
            try playerctl(h, "stop")
            #expect(h.player.commands.last == .stop)
            #expect(try playerctl(h, "status") == "Stopped")
        }
    }

    @Test func followShowsChanges() throws {
        try Harness.run { (h) throws in
            let follow = try RunningProcess(
                ["playerctl", "-p", "earshot", "--follow", "metadata", "--format", "{{ status }} {{ title }}"],
                busAddress: h.bus.address)
            #expect(follow.waitForOutput(on: h.context) { $0.contains("Paused Episode One\n") })
            h.player.mutate { $0.playbackStatus = .playing }
            #expect(follow.waitForOutput(on: h.context) { $0.contains("Playing Episode One\n") })
            try h.call(Harness.player, "Next")
            #expect(follow.waitForOutput(on: h.context) { $0.contains("Playing Episode Two\n") })
            follow.stop()
        }
    }

    /// A second instance is found under its instance name.
    @Test func instanceNamesAreListed() throws {
        try Harness.run { (h) throws in
            let second = try BusConnection(address: h.bus.address, context: h.context)
            let other = TestPlayer(index: 1, status: .playing)
            let adapter = try MPRISAdapter(connection: second, control: other, supportedMimeTypes: [])
            #expect(try adapter.requestBusName(pid: 777) == "org.mpris.MediaPlayer2.earshot.instance777")
            let list = try playerctl(h, "-l", player: "earshot")
            #expect(list.contains("earshot.instance777"), "\(list)")
            #expect(try playerctl(h, "status", player: "earshot.instance777") == "Playing")
        }
    }
}

/// `gdbus` (GLib's client, which drops values of unexpected types) reads and sets the properties.
@Suite struct GDBusClientTests {
    @Test func introspectionShowsTypedValues() throws {
        try Harness.run { (h) throws in
            let result = try Subprocess.run(
                ["gdbus", "introspect", "--session", "--dest", h.busName, "--object-path", MPRISAdapter.objectPath],
                busAddress: h.bus.address, context: h.context)
            #expect(result.status == 0, "\(result.stderr)")
            let text = result.stdout
            let trackID = TestPlayer.sampleEpisodes[0].trackID.path
            for expected in [
                "readonly a{sv} Metadata = {'mpris:trackid': <objectpath '\(trackID)'>, 'mpris:length': <int64 5400000000>",
                "'xesam:artist': <['Ada Host', 'Bo Guest']>",
                "readonly x Position = 0;", "readwrite d Rate = 1.0;", "readwrite d Volume = 1.0;",
                "readonly s PlaybackStatus = 'Paused';", "readonly b CanControl = true;",
                "readonly as SupportedUriSchemes = ['file', 'http', 'https', 'feed', 'itpc', 'pcast', 'podcast'];", "readonly s Identity = 'Earshot';",
                "Seeked(x Position);", "SetPosition(in  o TrackId,",
            ] {
                #expect(text.contains(expected), "missing: \(expected)\n\(text)")
            }
        }
    }

    @Test func setAndCallThroughGDBus() throws {
        try Harness.run { (h) throws in
            let set = try Subprocess.run(
                ["gdbus", "call", "--session", "--dest", h.busName, "--object-path", MPRISAdapter.objectPath,
                 "--method", "org.freedesktop.DBus.Properties.Set", Harness.player, "Volume", "<-1.0>"],
                busAddress: h.bus.address, context: h.context)
            #expect(set.status == 0, "\(set.stderr)")
            #expect(h.player.commands == [.setVolume(0)])
            let bad = try Subprocess.run(
                ["gdbus", "call", "--session", "--dest", h.busName, "--object-path", MPRISAdapter.objectPath,
                 "--method", "org.freedesktop.DBus.Properties.Set", Harness.player, "Rate", "<'fast'>"],
                busAddress: h.bus.address, context: h.context)
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(bad.stderr)")
        }
    }
}
