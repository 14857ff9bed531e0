import Testing
@testable import EarshotMPRIS

/// A method table reads each argument as its row says, refuses what does not fit with InvalidArgs naming
/// the method and the argument (never a guessed 0), and calls its target only with good arguments.
@Suite struct MethodTableTests {
    struct Refused: Error { let why: String }

    final class Jukebox {
        var played: [(track: Int64, from: Double)] = []
        var volume: UInt32 = 0

        func play(_ track: Int64, from start: Double) throws(Refused) {
            guard track != 13 else { throw Refused(why: "track 13 is unlucky") }
            played.append((track, start))
        }
    }

    static let track = BusArgument<Int64>.int64("track").map { id throws(ArgumentRefusal) in
        guard id > 0 else { throw ArgumentRefusal("must be 1 or more, not \(id)") }
        return id
    }

    typealias Row = BusMethod<Jukebox, Refused>

    static let table = MethodTable<Jukebox, Refused>("org.example.Jukebox1", busError: { .failed($0.why) }, [
        Row("Play", track, .finite("from", atLeast: 0)) { jukebox, track, start throws(Refused) in
            try jukebox.play(track, from: start)
            return .empty
        },
        Row("Volume", out: "u") { jukebox in MethodReply([.uint32(jukebox.volume)]) },
        Row("SetVolume", .uint32("level")) { jukebox, level in
            jukebox.volume = level
            return .empty
        },
    ])

    private func expectInvalidArgs(_ method: String, _ arguments: [DBusValue], naming words: [String],
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let jukebox = Jukebox()
        do {
            _ = try Self.table.call(method, arguments: arguments, on: jukebox)
            Issue.record("\(method)\(arguments) was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(error)", sourceLocation: sourceLocation)
            for word in words { #expect(error.message.contains(word), "“\(error.message)” does not say \(word)", sourceLocation: sourceLocation) }
        }
        #expect(jukebox.played.isEmpty && jukebox.volume == 0, "a refused call reached the target", sourceLocation: sourceLocation)
    }

    @Test func rowsSayTheirSignatures() {
        #expect(Self.table.methods.map(\.name) == ["Play", "Volume", "SetVolume"])
        #expect(Self.table.methods.map(\.inSignature) == ["xd", "", "u"])
        #expect(Self.table.methods.map(\.outSignature) == ["", "u", ""])
        #expect(Self.table.methods[0].argumentNames == ["track", "from"])
    }

    @Test func goodArgumentsReachTheTargetTyped() throws {
        let jukebox = Jukebox()
        _ = try Self.table.call("Play", arguments: [.int64(7), .double(1.5)], on: jukebox)
        _ = try Self.table.call("SetVolume", arguments: [.uint32(4)], on: jukebox)
        #expect(jukebox.played.map(\.track) == [7] && jukebox.played.map(\.from) == [1.5])
        #expect(try Self.table.call("Volume", arguments: [], on: jukebox).values == [.uint32(4)])
    }

    @Test func aWrongTypeIsInvalidArgsNamingTheMethodAndTheArgument() {
        expectInvalidArgs("Play", [.string("7"), .double(0)], naming: ["Play", "track", "string", "int64"])
        expectInvalidArgs("Play", [.int64(7), .int32(0)], naming: ["Play", "from", "int32", "double"])
        expectInvalidArgs("SetVolume", [.int32(4)], naming: ["SetVolume", "level", "uint32"])
    }

    @Test func aWrongCountIsInvalidArgsSayingWhatTheMethodTakes() {
        expectInvalidArgs("Play", [.int64(7)], naming: ["Play", "2 arguments", "xd"])
        expectInvalidArgs("Play", [.int64(7), .double(0), .double(0)], naming: ["Play", "not 3"])
        expectInvalidArgs("Volume", [.uint32(1)], naming: ["Volume", "0 arguments"])
    }

    @Test func anOutOfRangeValueIsInvalidArgsNeverASilentZero() {
        expectInvalidArgs("Play", [.int64(0), .double(0)], naming: ["Play", "track", "1 or more, not 0"])
        expectInvalidArgs("Play", [.int64(-4), .double(0)], naming: ["track", "not -4"])
        expectInvalidArgs("Play", [.int64(7), .double(.nan)], naming: ["from", "finite"])
        expectInvalidArgs("Play", [.int64(7), .double(-1)], naming: ["from", "0.0 or more"])
    }

    @Test func anUnknownMethodIsUnknownMethodAndTheTargetsRefusalsKeepTheirMapping() throws {
        let jukebox = Jukebox()
        #expect(throws: BusError.unknownMethod("org.example.Jukebox1 has no method Eject")) {
            try Self.table.call("Eject", arguments: [], on: jukebox)
        }
        #expect(throws: BusError.failed("track 13 is unlucky")) {
            try Self.table.call("Play", arguments: [.int64(13), .double(0)], on: jukebox)
        }
    }
}
