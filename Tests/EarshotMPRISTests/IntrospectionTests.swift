import EarshotTestSupport
import CGLib
import Testing
@testable import EarshotMPRIS

/// dbus/org.mpris.MediaPlayer2.xml is the single source of truth: it is what is embedded and what
/// Introspect returns, it has the MPRIS 2.2 types, and every property the adapter serves is declared
/// there with the same type.
@Suite struct IntrospectionTests {
    /// dbus/org.mpris.MediaPlayer2.xml, read from the source tree.
    static func xmlFromSourceTree() throws -> String {
        let path = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
        let file = "/" + path + "/dbus/org.mpris.MediaPlayer2.xml"
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(file, &contents, &length, nil) != 0, let contents else {
            throw TestFailure("cannot read \(file)")
        }
        defer { g_free(contents) }
        return String(cString: contents)
    }

    @Test func theEmbeddedXMLIsTheFileInDbusDirectory() throws {
        #expect(MPRISIntrospection.xml == (try Self.xmlFromSourceTree()))
        #expect(MPRISIntrospection.xml.contains("<interface name=\"org.mpris.MediaPlayer2.Player\">"))
    }

    /// The property types, access and announcements of MPRIS 2.2 (optional Fullscreen, CanSetFullscreen,
    /// LoopStatus and Shuffle left out on purpose).
    static let mprisProperties: [String: [(String, String, PropertyDescription.Access, PropertyDescription.ChangeAnnouncement)]] = [
        MPRISAdapter.rootInterface: [
            ("CanQuit", "b", .read, .value), ("CanRaise", "b", .read, .value), ("HasTrackList", "b", .read, .value),
            ("Identity", "s", .read, .value), ("DesktopEntry", "s", .read, .value),
            ("SupportedUriSchemes", "as", .read, .value), ("SupportedMimeTypes", "as", .read, .value),
        ],
        MPRISAdapter.playerInterface: [
            ("PlaybackStatus", "s", .read, .value), ("Rate", "d", .readwrite, .value), ("Metadata", "a{sv}", .read, .value),
            ("Volume", "d", .readwrite, .value), ("Position", "x", .read, .none), ("MinimumRate", "d", .read, .value),
            ("MaximumRate", "d", .read, .value), ("CanGoNext", "b", .read, .value), ("CanGoPrevious", "b", .read, .value),
            ("CanPlay", "b", .read, .value), ("CanPause", "b", .read, .value), ("CanSeek", "b", .read, .value),
            ("CanControl", "b", .read, .none),
        ],
        "org.mpris.MediaPlayer2.Playlists": [
            ("PlaylistCount", "u", .read, .value), ("Orderings", "as", .read, .value), ("ActivePlaylist", "(b(oss))", .read, .value),
        ],
    ]

    @Test func theXMLDeclaresMPRIS22() throws {
        let node = try IntrospectionNode(xml: MPRISIntrospection.xml)
        #expect(node.interfaces.map(\.name) == [
            "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Properties",
            MPRISAdapter.rootInterface, MPRISAdapter.playerInterface, "org.mpris.MediaPlayer2.Playlists",
        ])
        for (interface, expected) in Self.mprisProperties {
            let declared = try #require(node.interface(interface)).properties
            #expect(declared.map(\.name) == expected.map(\.0))
            for (property, type, access, announcement) in expected {
                let found = try #require(declared.first { $0.name == property })
                #expect(found.type == type, "\(property)")
                #expect(found.access == access, "\(property)")
                #expect(found.announcement == announcement, "\(property)")
            }
        }
        let player = try #require(node.interface(MPRISAdapter.playerInterface))
        #expect(player.method("Seek")?.inSignature == "x")
        #expect(player.method("SetPosition")?.inSignature == "ox")
        #expect(player.method("OpenUri")?.inSignature == "s")
        #expect(player.signal("Seeked")?.signature == "x")
        for method in ["Next", "Previous", "Pause", "PlayPause", "Stop", "Play"] {
            #expect(player.method(method)?.inSignature == "", "\(method)")
        }
        let properties = try #require(node.interface("org.freedesktop.DBus.Properties"))
        #expect(properties.method("Get")?.inSignature == "ss")
        #expect(properties.method("Get")?.outSignature == "v")
        #expect(properties.method("GetAll")?.outSignature == "a{sv}")
        #expect(properties.method("Set")?.inSignature == "ssv")
        #expect(properties.signal("PropertiesChanged")?.signature == "sa{sv}as")
    }

    /// Every property the adapter's interfaces serve, including the optional MPRIS ones they must not
    /// serve, is declared with exactly the type served; every declared one is served.
    @Test func everyServedPropertyIsDeclaredWithItsType() throws {
        let node = try IntrospectionNode(xml: MPRISIntrospection.xml)
        let candidates = ["CanQuit", "Fullscreen", "CanSetFullscreen", "CanRaise", "HasTrackList", "Identity",
                          "DesktopEntry", "SupportedUriSchemes", "SupportedMimeTypes", "PlaybackStatus", "LoopStatus",
                          "Rate", "Shuffle", "Metadata", "Volume", "Position", "MinimumRate", "MaximumRate", "CanGoNext",
                          "CanGoPrevious", "CanPlay", "CanPause", "CanSeek", "CanControl", "Tracks", "CanEditTracks"]
        for player in [TestPlayer(), TestPlayer(index: nil), TestPlayer(index: 2, status: .playing)] {
            let interfaces: [any BusInterface] = [
                MediaPlayer2Interface(control: player, supportedMimeTypes: []), PlayerInterface(control: player),
            ]
            for interface in interfaces {
                let declared = try #require(node.interface(interface.name))
                for name in candidates {
                    let served = interface.value(of: name)
                    let property = declared.property(name)
                    #expect((served == nil) == (property == nil), "\(interface.name).\(name)")
                    if let served, let property { #expect(served.signature == property.type, "\(interface.name).\(name)") }
                }
            }
        }
    }

    @Test func malformedXMLIsReported() {
        #expect(throws: IntrospectionError.self) { _ = try IntrospectionNode(xml: "<node><interface name='a.b'>") }
        #expect(throws: IntrospectionError.self) { _ = try IntrospectionNode(xml: "<interface name='a.b'/>") }
        #expect(throws: IntrospectionError.self) {
            _ = try IntrospectionNode(xml: "<node><interface name='a.b'><property name='P' type='a' access='read'/></interface></node>")
        }
        #expect(throws: IntrospectionError.self) {
            _ = try IntrospectionNode(xml: "<node><interface name='a.b'><property name='P' type='s' access='rw'/></interface></node>")
        }
    }

    @Test func interfaceAnnotationsApplyToPropertiesWithoutTheirOwn() throws {
        let node = try IntrospectionNode(xml: """
            <node><interface name="a.b">
              <property name="P" type="s" access="read"/>
              <property name="Q" type="s" access="read">
                <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="true"/>
              </property>
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>
            </interface><node name="child"/></node>
            """)
        let interface = try #require(node.interface("a.b"))
        #expect(interface.property("P")?.announcement == .invalidates)
        #expect(interface.property("Q")?.announcement == .value)
        #expect(node.interfaces.count == 1)
    }

    @Test func introspectReturnsTheXMLOverTheBus() throws {
        try Harness.run { (h) throws in
            let reply = try h.call("org.freedesktop.DBus.Introspectable", "Introspect")
            #expect(reply == [.string(MPRISIntrospection.xml)])
            // Parents of the object path are introspectable too (libdbus lists the child nodes).
            let root = try h.call("org.freedesktop.DBus.Introspectable", "Introspect", path: "/org/mpris")
            #expect(root.first?.stringValue?.contains("<node name=\"MediaPlayer2\"/>") == true)
        }
    }

    /// Each property read over the bus, one by one and with GetAll, has exactly the declared type.
    @Test func propertiesOverTheBusHaveTheDeclaredTypes() throws {
        for player in [TestPlayer(), TestPlayer(index: nil, status: .stopped)] {
            try Harness.run(player: player) { (h) throws in
                let node = try IntrospectionNode(xml: MPRISIntrospection.xml)
                for interface in [Harness.root, Harness.player] {
                    let declared = try #require(node.interface(interface)).properties
                    let all = try h.getAll(interface)
                    #expect(Set(all.keys) == Set(declared.map(\.name)))
                    for property in declared {
                        let value = try h.get(interface, property.name)
                        #expect(value.signature == property.type, "\(interface).\(property.name)")
                        #expect(all[property.name]?.signature == property.type, "\(interface).\(property.name)")
                    }
                }
            }
        }
    }
}
