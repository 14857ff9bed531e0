import EarshotTestSupport
import EarshotGLib
import Testing
@testable import EarshotMPRIS

/// Dispatch interleaved with the owner mutating state: a timer, results posted from a worker thread,
/// and re-entrant notifications from inside calls, while a client keeps many calls in flight.
@Suite struct ConcurrencyTests {
    /// Carries the player to the context's thread; only ever touched there.
    private struct OwnerBox: @unchecked Sendable { let player: TestPlayer }

    @Test func pipelinedCallsWhileTheOwnerMutates() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            let node = try IntrospectionNode(xml: MPRISIntrospection.xml)
            let declared = try #require(node.interface(Harness.player))
            var mirror = try h.getAll(Harness.player)

            // The owner: a 1 ms timer changing things…
            var tick = 0
            let timer = h.context.addTimeout(milliseconds: 1) {
                tick += 1
                h.player.position += 250_000
                switch tick % 4 {
                case 0: h.player.mutate { $0.volume = Double(tick % 10) / 10 }
                case 1: h.player.mutate { $0.playbackStatus = tick % 8 == 1 ? .playing : .paused }
                case 2: h.player.select(tick % 3)
                default: h.player.mutate { $0.rate = [1.0, 1.25, 1.5][tick % 3] }
                }
                return true
            }
            // …and a "feed refresh" on a worker thread posting its results back one by one.
            let box = OwnerBox(player: h.player)
            let context = h.context
            var refreshDone = false
            Worker.run("refresh", on: h.context, work: {
                for step in 0..<200 {
                    context.invoke { box.player.mutate { $0.canGoNext = step % 2 == 0 } }
                }
                return true
            }, completion: { refreshDone = $0 })

            // A client with up to 400 calls in flight at once.
            var replies: [(String, Result<BusMessage, BusError>)] = []
            var sent = 0
            func send(_ member: String, _ interface: String, _ arguments: [DBusValue]) throws {
                sent += 1
                h.client.call(try .methodCall(destination: h.busName, path: MPRISAdapter.objectPath, interface: interface,
                                              member: member, arguments: arguments)) { replies.append((member, $0)) }
            }
            // Twenty calls per millisecond, so calls, timer changes and posted results interleave.
            var sendError: (any Error)?
            let sender = h.context.addTimeout(milliseconds: 1) {
                do {
                    for _ in 0..<20 {
                        let index = sent
                        switch index % 6 {
                        case 0: try send("GetAll", "org.freedesktop.DBus.Properties", [.string(Harness.player)])
                        case 1: try send("Get", "org.freedesktop.DBus.Properties", [.string(Harness.player), .string("Metadata")])
                        case 2: try send("Get", "org.freedesktop.DBus.Properties", [.string(Harness.player), .string("Position")])
                        case 3: try send("Set", "org.freedesktop.DBus.Properties",
                                         [.string(Harness.player), .string("Volume"), .variant(.double(Double(index % 7) / 7))])
                        case 4: try send("PlayPause", Harness.player, [])
                        default: try send("Seek", Harness.player, [.int64(1_000_000)])
                        }
                    }
                } catch {
                    sendError = error
                    return false
                }
                return sent < 400
            }
            defer { sender.cancel() }
            #expect(h.context.iterate(until: { sent == 400 && replies.count == sent && refreshDone }, timeoutSeconds: 30))
            timer.cancel()
            if let sendError { throw sendError }
            #expect(tick >= 10, "the owner's timer ran \(tick) times during the calls")
            try h.settle()

            for (member, reply) in replies {
                switch reply {
                case .failure(let error):
                    Issue.record("\(member) failed: \(error)")
                case .success(let message):
                    let args = try message.arguments()
                    switch member {
                    case "GetAll":
                        let entries = try #require(args.first?.stringKeyedEntries)
                        #expect(Set(entries.keys) == Set(declared.properties.map(\.name)))
                        for property in declared.properties {
                            #expect(entries[property.name]?.variantValue?.signature == property.type)
                        }
                    case "Get": #expect(args.count == 1 && ["a{sv}", "x"].contains(args[0].variantValue?.signature ?? ""))
                    default: #expect(args.isEmpty)
                    }
                }
            }
            #expect(!h.propertiesChanged.isEmpty)
            for signal in h.propertiesChanged {
                #expect(signal.interface == Harness.player)
                #expect(!signal.changed.isEmpty)
                for (name, value) in signal.changed {
                    #expect(name != "Position")
                    #expect(declared.property(name)?.type == value.signature, "\(name)")
                    mirror[name] = value
                }
            }
            var actual = try h.getAll(Harness.player)
            actual["Position"] = mirror["Position"]
            #expect(mirror == actual, "a client following the signals ends up with the real state")
        }
    }

    /// The owner changes state and reports seeks from inside the adapter's own calls (while a message
    /// is being dispatched, while a property is being read).
    @Test func reentrantNotificationsFromInsideCalls() throws {
        try Harness.run { (h) throws in
            try h.watchSignals()
            var reads = 0
            h.player.onPositionRead = {
                reads += 1
                h.player.mutate { $0.volume = Double(reads % 3) / 2 }
                h.adapter.seeked(to: Int64(reads))
            }
            for _ in 0..<20 {
                _ = try h.get(Harness.player, "Position")
                _ = try h.getAll(Harness.player)
                try h.call(Harness.player, "Seek", [.int64(1)])
            }
            h.player.onPositionRead = nil
            try h.settle()
            #expect(reads >= 60)
            #expect(h.seekedPositions.count >= 60)
            let volumes = h.propertiesChanged.flatMap(\.changed).filter { $0.0 == "Volume" }.map(\.1)
            #expect(!volumes.isEmpty)
            #expect(volumes.last == (try h.get(Harness.player, "Volume")))
            for pair in zip(volumes, volumes.dropFirst()) { #expect(pair.0 != pair.1, "only real changes") }
        }
    }
}
