import EarshotTestSupport
import CGLib
import EarshotGLib
import Glibc
import Testing
@testable import EarshotMPRIS

/// The libdbus layer on a GLib main context: names, calls, timeouts, disconnection.
@Suite struct BusConnectionTests {
    /// Runs `body` with a fresh context (thread default while it runs) and a private bus.
    private func withBus(_ body: (MainContext, PrivateBus) throws -> Void) throws {
        let context = MainContext()
        try context.withThreadDefault {
            let bus = try PrivateBus()
            defer { bus.stop() }
            try body(context, bus)
        }
    }

    @Test func aSecondInstanceFallsBackToItsInstanceName() throws {
        try withBus { (context, bus) throws in
            let first = try BusConnection(address: bus.address, context: context)
            let second = try BusConnection(address: bus.address, context: context)
            let third = try BusConnection(address: bus.address, context: context)
            #expect(first.uniqueName.hasPrefix(":"))
            #expect(first.uniqueName != second.uniqueName)
            let a = try MPRISAdapter(connection: first, control: TestPlayer(), supportedMimeTypes: [])
            let b = try MPRISAdapter(connection: second, control: TestPlayer(), supportedMimeTypes: [])
            let c = try MPRISAdapter(connection: third, control: TestPlayer(), supportedMimeTypes: [])
            #expect(try a.requestBusName(pid: 4242) == "org.mpris.MediaPlayer2.earshot")
            #expect(try b.requestBusName(pid: 4242) == "org.mpris.MediaPlayer2.earshot.instance4242")
            #expect(b.ownedBusName == "org.mpris.MediaPlayer2.earshot.instance4242")
            #expect(throws: BusError.self) { try c.requestBusName(pid: 4242) }
            #expect(MPRISAdapter.instanceBusName() == "org.mpris.MediaPlayer2.earshot.instance\(getpid())")
            // Asking again for a name one already owns is fine.
            #expect(try first.requestName("org.mpris.MediaPlayer2.earshot") == .owned)
            #expect(throws: BusError.self) { try first.requestName(":1.7") }
        }
    }

    @Test func callsGetRepliesAndErrorsAsynchronously() throws {
        try withBus { (context, bus) throws in
            let connection = try BusConnection(address: bus.address, context: context)
            var reply: Result<BusMessage, BusError>?
            connection.call(try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string(connection.uniqueName)])) { reply = $0 }
            #expect(reply == nil, "the reply handler never runs synchronously")
            #expect(context.iterate(until: { reply != nil }, timeoutSeconds: 5))
            #expect(try reply?.get().arguments() == [.string(connection.uniqueName)])

            reply = nil
            connection.call(try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string("org.nobody.Here")])) { reply = $0 }
            #expect(context.iterate(until: { reply != nil }, timeoutSeconds: 5))
            guard case .failure(let error) = reply else { Issue.record("expected an error"); return }
            #expect(error.name == "org.freedesktop.DBus.Error.NameHasNoOwner")
        }
    }

    /// A service whose context nobody iterates never answers: the client's reply timeout, a DBusTimeout
    /// turned into a GLib timeout source, fires on the client's context.
    @Test func replyTimeoutsFireOnTheContext() throws {
        try withBus { (context, bus) throws in
            let frozenContext = MainContext()
            let frozen = try BusConnection(address: bus.address, context: frozenContext)
            let registration = try frozen.registerObject(path: "/frozen") { _ in true }
            defer { registration.unregister() }
            let client = try BusConnection(address: bus.address, context: context)
            var reply: Result<BusMessage, BusError>?
            let start = g_get_monotonic_time()
            client.call(try .methodCall(destination: frozen.uniqueName, path: "/frozen", interface: "org.x.Y", member: "Z"),
                        timeoutMilliseconds: 200) { reply = $0 }
            #expect(context.iterate(until: { reply != nil }, timeoutSeconds: 5))
            let elapsed = Double(g_get_monotonic_time() - start) / 1e6
            guard case .failure(let error) = reply else { Issue.record("expected NoReply"); return }
            #expect(error.name == "org.freedesktop.DBus.Error.NoReply")
            #expect(elapsed >= 0.19 && elapsed < 3, "timed out after \(elapsed) s")
        }
    }

    @Test func cancelledCallsNeverReply() throws {
        try withBus { (context, bus) throws in
            let connection = try BusConnection(address: bus.address, context: context)
            var replied = false
            let pending = connection.call(try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId")) { _ in replied = true }
            pending.cancel()
            var done: Result<BusMessage, BusError>?
            connection.call(try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId")) { done = $0 }
            #expect(context.iterate(until: { done != nil }, timeoutSeconds: 5))
            #expect(!replied)
        }
    }

    /// When the bus goes away, the owner hears about it once, with a reason, on the context.
    @Test func losingTheBusIsReportedWithAReason() throws {
        try withBus { (context, bus) throws in
            let connection = try BusConnection(address: bus.address, context: context)
            let adapter = try MPRISAdapter(connection: connection, control: TestPlayer(), supportedMimeTypes: [])
            try adapter.requestBusName()
            var reports: [BusDisconnection] = []
            connection.onDisconnect = { reports.append($0) }
            bus.stop()
            #expect(context.iterate(until: { !reports.isEmpty }, timeoutSeconds: 5))
            #expect(reports.count == 1)
            #expect(reports.first?.reason.contains(bus.address) == true)
            #expect(reports.first?.reason.contains("org.mpris.MediaPlayer2.earshot") == true)
            #expect(!connection.isConnected)
            // Nothing crashes afterwards: sends fail, calls fail later, changes are dropped quietly.
            #expect(throws: BusError.disconnected()) {
                try connection.send(try .signal(path: "/x", interface: "org.x.Y", member: "Z"))
            }
            var reply: Result<BusMessage, BusError>?
            connection.call(try .methodCall(destination: "org.x.Y", path: "/", interface: nil, member: "Z")) { reply = $0 }
            #expect(context.iterate(until: { reply != nil }, timeoutSeconds: 5))
            adapter.stateChanged()
            adapter.seeked(to: 5)
            context.iterate(mayBlock: false)
            #expect(reports.count == 1)
        }
    }

    @Test func closingLocallyIsNotReported() throws {
        try withBus { (context, bus) throws in
            let connection = try BusConnection(address: bus.address, context: context)
            var reported = false
            connection.onDisconnect = { _ in reported = true }
            connection.close()
            connection.close()
            _ = context.iterate(until: { false }, timeoutSeconds: 0.1)
            #expect(!reported)
            #expect(!connection.isConnected)
        }
    }

    @Test func connectingToNothingFails() throws {
        #expect(throws: BusError.self) {
            _ = try BusConnection(address: "unix:path=/nonexistent/earshot/bus", context: MainContext())
        }
        #expect(throws: BusError.self) { _ = try BusConnection(address: "nonsense", context: MainContext()) }
    }

    @Test func peerAnswersPingAndMachineId() throws {
        try Harness.run { (h) throws in
            #expect(try h.call("org.freedesktop.DBus.Peer", "Ping") == [])
            let id = try h.call("org.freedesktop.DBus.Peer", "GetMachineId")
            #expect(id.first?.stringValue?.count == 32)
        }
    }

    /// The connection's sources are on its own context, not GLib's global default.
    @Test func sourcesLiveOnTheGivenContextOnly() throws {
        try withBus { (context, bus) throws in
            let connection = try BusConnection(address: bus.address, context: context)
            var reply: Result<BusMessage, BusError>?
            connection.call(try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId")) { reply = $0 }
            // Iterating the global default context does nothing for this connection.
            let global = MainContext(adopting: g_main_context_ref(g_main_context_default()))
            for _ in 0..<20 { global.iterate(mayBlock: false) }
            usleep(20_000)
            for _ in 0..<20 { global.iterate(mayBlock: false) }
            #expect(reply == nil)
            #expect(context.iterate(until: { reply != nil }, timeoutSeconds: 5))
        }
    }
}
