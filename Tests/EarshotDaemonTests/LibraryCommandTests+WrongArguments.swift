import EarshotMPRIS
import EarshotTestSupport
import Testing

extension LibraryCommandTests {
    /// A wrong argument to org.earshot.Earshot1 or KRunner's runner (a wrong type or count, an id of 0 or
    /// below, a place or a limit out of its range, a non-finite position, an action the runner has not) is
    /// `InvalidArgs` in words that name the method and the argument; it changes nothing, and the daemon
    /// answers on.
    @Test func wrongArgumentsAreInvalidArgsNamingTheMethodAndTheArgument() throws {
        let h = try DaemonHarness()
        let session = try FuzzSession(address: h.bus.address, connections: 1)
        let path = EarshotIntrospection.objectPath, earshot = DaemonConsistency.earshot
        func queued() throws -> [DBusValue] {
            try session.ask(path, earshot, "Queue").get().first?.arrayElements?.compactMap { $0.stringKeyedEntries?["id"] } ?? []
        }
        let before = try queued()
        let ids = DBusValue.array(elementSignature: "x", [.int64(1)])
        let wrong: [(path: String, interface: String, member: String, arguments: [DBusValue], words: [String])] = [
            (path, earshot, "Play", [.string("1")], ["Play", "episode", "string", "int64"]),
            (path, earshot, "QueueAdd", [ids], ["QueueAdd", "2 arguments", "not 1"]),
            (path, earshot, "QueueClear", [.boolean(true)], ["QueueClear", "0 arguments"]),
            (path, earshot, "Play", [.int64(0)], ["Play", "episode", "not 0"]),
            (path, earshot, "Unsubscribe", [.int64(-2), .boolean(false)], ["Unsubscribe", "podcast", "not -2"]),
            (path, earshot, "QueueMove", [.int64(1), .uint32(0)], ["QueueMove", "position", "from 1"]),
            (path, earshot, "Episodes", [.int64(-1), .string(""), .string("")], ["Episodes", "podcast"]),
            (path, earshot, "Find", [.string("show"), .int64(0), .uint32(0)], ["Find", "limit", "1 to 200"]),
            (path, earshot, "Find", [.string("show"), .int64(0), .uint32(201)], ["Find", "limit", "not 201"]),
            (path, earshot, "PlayFrom", [.int64(1), .double(.nan)], ["PlayFrom", "position", "finite"]),
            (path, earshot, "PlayFrom", [.int64(1), .double(-5)], ["PlayFrom", "position", "not -5"]),
            (path, earshot, "MarkPodcast", [.int64(1), .boolean(true), .int64(-1), .int64(0)], ["MarkPodcast", "before_episode"]),
            (DesktopSearchIntrospection.objectPath, DesktopSearchIntrospection.krunner, "Run", [.string("episode:1"), .string("dance")],
             ["Run", "actionId", "dance"]),
        ]
        for call in wrong {
            switch session.ask(call.path, call.interface, call.member, call.arguments) {
            case .success(let reply):
                Issue.record("\(call.member)\(call.arguments) answered \(reply)")
            case .failure(let error):
                #expect(error.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(call.member)\(call.arguments): \(error)")
                for word in call.words {
                    #expect(error.message.contains(word), "\(call.member)\(call.arguments): “\(error.message)” does not say \(word)")
                }
            }
        }
        let unknown = session.ask(path, earshot, "Dance")
        #expect(unknown.failure?.name == "org.freedesktop.DBus.Error.UnknownMethod", "\(unknown)")
        #expect(try queued() == before, "a refused call changed Up Next")
        #expect(try h.ask("status") != "", "the daemon answers on")
        #expect(h.terminate() == 0)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
