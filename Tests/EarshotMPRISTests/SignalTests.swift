import EarshotTestSupport
import Testing
@testable import EarshotMPRIS

/// PropertiesChanged (new values, only real changes, coalesced, never Position) and Seeked.
@Suite struct SignalTests {
    @Test func changesAreCoalescedIntoOneSignalPerInterfaceWithNewValues() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            h.player.mutate { $0.playbackStatus = .playing }
            h.player.mutate { $0.volume = 0.25 }
            h.player.mutate { $0.rate = 1.5 }
            h.player.mutate { $0.volume = 0.5 }
            try h.settle()
            let signals = h.propertiesChanged
            try #require(signals.count == 1)
            #expect(signals[0].interface == Harness.player)
            #expect(signals[0].changed.map(\.0) == ["PlaybackStatus", "Rate", "Volume"])
            #expect(signals[0].changed.map(\.1) == [.string("Playing"), .double(1.5), .double(0.5)])
            #expect(signals[0].invalidated == [])
        }
    }

    @Test func nothingIsSentWhenNothingReallyChanged() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            h.player.mutate { _ in }
            h.adapter.stateChanged()
            h.player.mutate { $0.volume = 0.3 }
            h.player.mutate { $0.volume = 1.0 }  // back to what clients last saw
            try h.settle()
            #expect(h.propertiesChanged.isEmpty)
            // The same value twice in separate iterations is announced once.
            h.player.mutate { $0.volume = 0.3 }
            try h.settle()
            h.player.mutate { $0.volume = 0.3 }
            try h.settle()
            #expect(h.propertiesChanged.count == 1)
        }
    }

    @Test func positionIsNeverAnnounced() throws {
        try Harness.run(player: TestPlayer(status: .playing)) { (h) throws in
            try h.watchSignals()
            for step in 1...5 {
                h.player.position = Int64(step) * 1_000_000
                h.adapter.stateChanged()
                try h.settle()
            }
            try h.call(Harness.player, "Seek", [.int64(5_000_000)])
            try h.call(Harness.player, "SetPosition", [.objectPath(TestPlayer.sampleEpisodes[0].trackID.path), .int64(1)])
            try h.settle()
            #expect(h.propertiesChanged.isEmpty)
            #expect(!h.signals.isEmpty, "the seeks did produce Seeked")
            for message in h.signals {
                let args = (try? message.arguments()) ?? []
                #expect(!"\(args)".contains("Position"))
            }
        }
    }

    @Test func trackChangesAnnounceTheNewMetadataAndCapabilities() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            try h.call(Harness.player, "Next")
            try h.settle()
            let signals = h.propertiesChanged
            try #require(signals.count == 1)
            let changed = Dictionary(uniqueKeysWithValues: signals[0].changed)
            #expect(Set(changed.keys) == ["Metadata", "CanGoPrevious"])
            #expect(changed["Metadata"] == TestPlayer.sampleEpisodes[1].dbusValue)
            #expect(changed["CanGoPrevious"] == .boolean(true))

            h.clearSignals()
            h.player.select(nil)
            try h.settle()
            let cleared = Dictionary(uniqueKeysWithValues: try #require(h.propertiesChanged.first).changed)
            #expect(cleared["Metadata"] == .emptyVardict)
            #expect(cleared["CanPlay"] == .boolean(false))
            #expect(cleared["CanPause"] == .boolean(false))
            #expect(cleared["CanSeek"] == .boolean(false))
            #expect(cleared["CanGoPrevious"] == .boolean(false))
            #expect(cleared["CanGoNext"] == .boolean(false))
        }
    }

    /// A Set over the bus (the adapter notes a change) and the owner's own report coalesce into one.
    @Test func aSetProducesOneSignal() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            try h.set(Harness.player, "Volume", .double(0.4))
            try h.settle()
            #expect(h.propertiesChanged.count == 1)
            #expect(h.propertiesChanged.first?.changed.map(\.0) == ["Volume"])
            #expect(h.propertiesChanged.first?.changed.first?.1 == .double(0.4))
        }
    }

    @Test func rootInterfaceChangesGoInTheirOwnSignal() throws {
        // The root interface's properties are constant here; a change to the player state must not
        // produce a signal for org.mpris.MediaPlayer2.
        try Harness.run { (h) throws in
            try h.watchSignals()
            h.player.mutate { $0.playbackStatus = .playing; $0.canGoNext = false }
            try h.settle()
            #expect(h.propertiesChanged.map(\.interface) == [Harness.player])
        }
    }

    @Test func seekedCarriesTheRealPositionAfterPendingChanges() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            h.player.mutate { $0.playbackStatus = .playing }
            h.adapter.seeked(to: 12_345_678)  // the engine reports a completed seek
            h.adapter.seeked(to: -4)
            try h.settle()
            #expect(h.seekedPositions == [12_345_678, 0])
            #expect(h.signals.first?.member == "PropertiesChanged", "pending changes go out before Seeked")
            #expect(h.propertiesChanged.count == 1)

            h.clearSignals()
            try h.call(Harness.player, "SetPosition", [.objectPath(TestPlayer.sampleEpisodes[0].trackID.path), .int64(30_000_000)])
            try h.settle()
            #expect(h.seekedPositions == [30_000_000])
            #expect(h.signals.allSatisfy { $0.path == MPRISAdapter.objectPath })
        }
    }

    /// A client mirroring the properties from GetAll plus PropertiesChanged stays exact through churn.
    @Test func aMirroringClientStaysExact() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            var mirror = try h.getAll(Harness.player)
            var step = 0
            var applied = 0
            for _ in 0..<30 {
                step += 1
                switch step % 5 {
                case 0: try h.call(Harness.player, "PlayPause")
                case 1: h.player.mutate { $0.volume = Double(step % 4) / 4 }
                case 2: try h.call(Harness.player, step % 3 == 0 ? "Previous" : "Next")
                case 3: try h.set(Harness.player, "Rate", .double(Double(step % 3) + 0.5))
                default: h.player.mutate { $0.canSeek.toggle() }
                }
                try h.settle()
                for signal in h.propertiesChanged.dropFirst(applied) {
                    for (name, value) in signal.changed { mirror[name] = value }
                }
                applied = h.propertiesChanged.count
                var actual = try h.getAll(Harness.player)
                actual["Position"] = mirror["Position"]
                #expect(mirror == actual, "after step \(step)")
            }
        }
    }
}
