import EarshotTestSupport
import Testing
@testable import EarshotMPRIS

/// Bad calls get D-Bus errors, never a crash, and never reach the player.
@Suite struct BadCallTests {
    private func expectError(_ name: String, _ h: Harness, _ interface: String?, _ member: String,
                             _ arguments: [DBusValue] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let reply = try h.call(interface, member, arguments)
            Issue.record("\(member) answered \(reply) instead of \(name)", sourceLocation: sourceLocation)
        } catch let error as BusError {
            #expect(error.name == name, "\(member): \(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    static let properties = "org.freedesktop.DBus.Properties"

    @Test func unknownMembersInterfacesAndProperties() throws {
        try Harness.run { (h) throws in
            expectError("org.freedesktop.DBus.Error.UnknownMethod", h, Harness.player, "FastForward")
            expectError("org.freedesktop.DBus.Error.UnknownMethod", h, nil, "FastForward")
            expectError("org.freedesktop.DBus.Error.UnknownMethod", h, Self.properties, "Delete", [.string("x")])
            expectError("org.freedesktop.DBus.Error.UnknownInterface", h, "org.mpris.MediaPlayer2.TrackList", "GetTracksMetadata",
                        [.array(elementSignature: "o", [])])
            expectError("org.freedesktop.DBus.Error.UnknownInterface", h, Self.properties, "Get",
                        [.string("org.mpris.MediaPlayer2.Playlists"), .string("PlaylistCount")])
            expectError("org.freedesktop.DBus.Error.UnknownInterface", h, Self.properties, "GetAll",
                        [.string("org.mpris.MediaPlayer2.TrackList")])
            expectError("org.freedesktop.DBus.Error.UnknownProperty", h, Self.properties, "Get",
                        [.string(Harness.player), .string("LoopStatus")])
            expectError("org.freedesktop.DBus.Error.UnknownProperty", h, Self.properties, "Get",
                        [.string(Harness.root), .string("Fullscreen")])
            expectError("org.freedesktop.DBus.Error.UnknownProperty", h, Self.properties, "Set",
                        [.string(Harness.player), .string("Shuffle"), .variant(.boolean(true))])
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func readOnlyProperties() throws {
        try Harness.run { (h) throws in
            expectError("org.freedesktop.DBus.Error.PropertyReadOnly", h, Self.properties, "Set",
                        [.string(Harness.player), .string("PlaybackStatus"), .variant(.string("Playing"))])
            expectError("org.freedesktop.DBus.Error.PropertyReadOnly", h, Self.properties, "Set",
                        [.string(Harness.player), .string("Position"), .variant(.int64(0))])
            expectError("org.freedesktop.DBus.Error.PropertyReadOnly", h, Self.properties, "Set",
                        [.string(Harness.root), .string("Identity"), .variant(.string("Other"))])
            expectError("org.freedesktop.DBus.Error.PropertyReadOnly", h, Self.properties, "Set",
                        [.string(Harness.player), .string("CanControl"), .variant(.boolean(false))])
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func wrongSignaturesAreInvalidArgs() throws {
        try Harness.run { (h) throws in
            expectError(Self.invalidArgs, h, Harness.player, "Seek", [.int32(10)])
            expectError(Self.invalidArgs, h, Harness.player, "Seek", [])
            expectError(Self.invalidArgs, h, Harness.player, "Seek", [.int64(1), .int64(2)])
            expectError(Self.invalidArgs, h, Harness.player, "SetPosition", [.string("/x"), .int64(1)])
            expectError(Self.invalidArgs, h, Harness.player, "SetPosition", [.objectPath("/x")])
            expectError(Self.invalidArgs, h, Harness.player, "OpenUri", [.objectPath("/file")])
            expectError(Self.invalidArgs, h, Harness.player, "Play", [.string("now")])
            expectError(Self.invalidArgs, h, Self.properties, "Get", [.string(Harness.player)])
            expectError(Self.invalidArgs, h, Self.properties, "GetAll", [.int32(1)])
            expectError(Self.invalidArgs, h, Self.properties, "Set", [.string(Harness.player), .string("Volume"), .double(0.5)])
            expectError(Self.invalidArgs, h, "org.freedesktop.DBus.Introspectable", "Introspect", [.boolean(true)])
            // libdbus answers org.freedesktop.DBus.Peer itself (ignoring arguments) before any object
            // handler; a Ping without an interface name reaches the object, which checks it.
            expectError(Self.invalidArgs, h, nil, "Ping", [.byte(1)])
            #expect(try h.call(nil, "GetMachineId").first?.stringValue?.count == 32)
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func setWithAValueOfTheWrongTypeIsInvalidArgs() throws {
        try Harness.run { (h) throws in
            expectError(Self.invalidArgs, h, Self.properties, "Set",
                        [.string(Harness.player), .string("Volume"), .variant(.string("loud"))])
            expectError(Self.invalidArgs, h, Self.properties, "Set",
                        [.string(Harness.player), .string("Rate"), .variant(.int32(2))])
            expectError(Self.invalidArgs, h, Self.properties, "Set",
                        [.string(Harness.player), .string("Volume"), .variant(.variant(.double(0.5)))])
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func nonFiniteNumbersAreInvalidArgs() throws {
        try Harness.run { (h) throws in
            for bad in [Double.nan, .infinity, -.infinity, -Double.nan] {
                expectError(Self.invalidArgs, h, Self.properties, "Set",
                            [.string(Harness.player), .string("Rate"), .variant(.double(bad))])
                expectError(Self.invalidArgs, h, Self.properties, "Set",
                            [.string(Harness.player), .string("Volume"), .variant(.double(bad))])
            }
            #expect(h.player.commands.isEmpty)
            #expect(try h.get(Harness.player, "Rate") == .double(1.0))
        }
    }

    /// The podcast errors keep their own names.
    @Test func playerErrorsKeepTheirNames() throws {
        try Harness.run { (h) throws in
            h.player.failNext = .soundURLMissing("Episode One has no enclosure")
            expectError("org.earshot.Error.SoundURLMissing", h, Harness.player, "Play")
            h.player.failNext = .indexOutOfRange("no episode 7")
            expectError("org.earshot.Error.IndexOutOfRange", h, Harness.player, "Next")
            h.player.failNext = .playbackFailed("no audio sink")
            expectError("org.earshot.Error.PlaybackFailed", h, Self.properties, "Set",
                        [.string(Harness.player), .string("Volume"), .variant(.double(0.3))])
            expectError("org.earshot.Error.UnsupportedURIScheme", h, Harness.player, "OpenUri", [.string("ftp://x/y.mp3")])
            expectError("org.earshot.Error.UnsupportedURIScheme", h, Harness.player, "OpenUri", [.string("no scheme at all")])
            expectError("org.earshot.Error.UnsupportedURIScheme", h, Harness.player, "OpenUri", [.string(":nothing")])
            #expect(h.player.commands.isEmpty)
            do {
                try h.call(Harness.player, "Play")
            } catch {
                Issue.record("after an error the service still works: \(error)")
            }
            #expect(h.player.commands == [.play])
        }
    }

    @Test func playPauseWithoutAnEpisodeIsRefused() throws {
        try Harness.run(player: TestPlayer(index: nil, status: .stopped)) { (h) throws in
            expectError("org.earshot.Error.NoEpisode", h, Harness.player, "PlayPause")
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func callsToOtherPathsAreRefusedByTheBusLibrary() throws {
        try Harness.run { (h) throws in
            do {
                try h.call(Harness.player, "Play", path: "/org/mpris/MediaPlayer3")
                Issue.record("a call to an unexported path succeeded")
            } catch let error as BusError {
                #expect(error.name.hasPrefix("org.freedesktop.DBus.Error.Unknown"), "\(error)")
            }
            #expect(h.player.commands.isEmpty)
        }
    }

    @Test func callsWithoutAnInterfaceAreResolvedByMemberName() throws {
        try Harness.run { (h) throws in
            try h.call(nil, "PlayPause")
            #expect(try h.call(nil, "Introspect") == [.string(MPRISIntrospection.xml)])
            #expect(h.player.commands == [.playPause])
        }
    }
}
