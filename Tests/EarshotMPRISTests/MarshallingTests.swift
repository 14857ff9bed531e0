import EarshotTestSupport
import Testing
@testable import EarshotMPRIS

/// The typed marshalling layer, through real libdbus messages (no bus needed).
@Suite struct MarshallingTests {
    private func roundTrip(_ values: [DBusValue]) throws -> (signature: String, values: [DBusValue]) {
        let message = try BusMessage.methodCall(
            destination: nil, path: "/test", interface: "org.earshot.Test", member: "Echo", arguments: values)
        return (message.signature, try message.arguments())
    }

    @Test func everyTypeRoundTrips() throws {
        let values: [DBusValue] = [
            .byte(0xfe), .boolean(true), .boolean(false), .int16(-12_345), .uint16(65_000), .int32(Int32.min),
            .uint32(UInt32.max), .int64(5_400_000_000), .int64(Int64.min), .uint64(UInt64.max), .double(-0.25),
            .string("naïve 🎧 text"), .string(""), .objectPath("/org/earshot/episode/_31"), .signature("a{sv}"),
            .stringArray(["a", "b"]),
            .array(elementSignature: "x", [.int64(1), .int64(-2)]),
            .vardict([("k", .int32(1)), ("nested", .vardict([("deep", .stringArray(["x"]))]))]),
            .structure([.int32(7), .string("seven"), .array(elementSignature: "(ib)", [.structure([.int32(1), .boolean(true)])])]),
            .variant(.variant(.objectPath("/a"))),
            .dictionary(keySignature: "o", valueSignature: "as", [
                .init(key: .objectPath("/x"), value: .stringArray([])),
            ]),
            .array(elementSignature: "ay", [.array(elementSignature: "y", [.byte(1), .byte(2)])]),
        ]
        let result = try roundTrip(values)
        #expect(result.values == values)
        #expect(result.signature == values.map(\.signature).joined())
        #expect(result.signature == "ybbnqiuxxtdssogasaxa{sv}(isa(ib))va{oas}aay")
    }

    @Test func emptyContainersKeepTheirType() throws {
        let values: [DBusValue] = [
            .stringArray([]), .emptyVardict, .array(elementSignature: "(ox)", []),
            .dictionary(keySignature: "u", valueSignature: "a{sv}", []),
        ]
        let result = try roundTrip(values)
        #expect(result.signature == "asa{sv}a(ox)a{ua{sv}}")
        #expect(result.values == values)
        #expect(result.values[1] == .vardict([]))
    }

    @Test func invalidValuesAreRefusedNotAborted() {
        let bad: [DBusValue] = [
            .objectPath("not/a/path"), .objectPath("/trailing/"), .objectPath("/has-dash"),
            .signature("a{vs}"), .signature("(("),
            .array(elementSignature: "s", [.int32(1)]),
            .array(elementSignature: "ss", []),
            .dictionary(keySignature: "v", valueSignature: "s", []),
            .dictionary(keySignature: "s", valueSignature: "v", [.init(key: .string("k"), value: .string("not a variant"))]),
            .structure([]),
            .variant(.structure([])),
        ]
        for value in bad {
            #expect(throws: BusError.self, "\(value) should be refused") { _ = try roundTrip([value]) }
        }
        // Nesting beyond the D-Bus limit of 32 arrays.
        var deep = DBusValue.int32(1)
        for _ in 0..<40 { deep = .array(elementSignature: deep.signature, [deep]) }
        #expect(throws: BusError.self) { _ = try roundTrip([deep]) }
    }

    @Test func stringsLoseEmbeddedNULs() throws {
        let result = try roundTrip([.string("be\u{0}fore")])
        #expect(result.values == [.string("before")])
    }

    @Test func argumentsAreCheckedAgainstASignature() throws {
        let message = try BusMessage.methodCall(
            destination: nil, path: "/test", interface: "org.earshot.Test", member: "Seek", arguments: [.int32(5)])
        #expect(throws: BusError.invalidArgs("expected arguments of type 'x', got 'i'")) {
            _ = try message.arguments(expecting: "x")
        }
        #expect(try message.arguments(expecting: "i") == [.int32(5)])
    }

    @Test func badMessageHeadersAreRefused() {
        #expect(throws: BusError.self) { _ = try BusMessage.methodCall(destination: nil, path: "x", interface: nil, member: "M") }
        #expect(throws: BusError.self) { _ = try BusMessage.methodCall(destination: nil, path: "/", interface: "nodots", member: "M") }
        #expect(throws: BusError.self) { _ = try BusMessage.methodCall(destination: nil, path: "/", interface: nil, member: "a.b") }
        #expect(throws: BusError.self) { _ = try BusMessage.signal(path: "/", interface: "org.x", member: "") }
    }

    @Test func signaturesSplitIntoCompleteTypes() {
        #expect(DBusSignature.completeTypes(of: "sa{sv}as") == ["s", "a{sv}", "as"])
        #expect(DBusSignature.completeTypes(of: "") == [])
        #expect(DBusSignature.completeTypes(of: "(ia(sv))aa{oas}x") == ["(ia(sv))", "aa{oas}", "x"])
        #expect(DBusSignature.completeTypes(of: "a{") == nil)
        #expect(DBusSignature.completeTypes(of: "z") == nil)
    }

    @Test func errorNamesAreValidated() {
        #expect(BusError(name: "org.earshot.Error.SoundURLMissing", message: "m").name == "org.earshot.Error.SoundURLMissing")
        let bad = BusError(name: "not an error name", message: "m")
        #expect(bad.name == "org.freedesktop.DBus.Error.Failed")
        #expect(bad.message.contains("not an error name"))
    }
}

/// Track ids derived from episode GUIDs.
@Suite struct TrackIDTests {
    @Test func derivedIdsAreStableValidPathsUnderTheEpisodePrefix() {
        let guids = ["https://ex.com/1", "tag:x,2024:ep/2?a=b&c", "", "_", "ÿ🎧", String(repeating: "x", count: 2_000), "ABC_def-09"]
        for guid in guids {
            let id = TrackID(episodeGUID: guid)
            #expect(id.path.hasPrefix("/org/earshot/episode/"))
            #expect(DBusNames.isValidObjectPath(id.path), "\(id.path)")
            #expect(TrackID(episodeGUID: guid) == id)
            #expect(!id.path.hasPrefix("/org/mpris"))
        }
        #expect(TrackID(episodeGUID: "https://ex.com/1").path == "/org/earshot/episode/https_3a_2f_2fex_2ecom_2f1")
        #expect(TrackID(episodeGUID: "").path == "/org/earshot/episode/_")
        #expect(TrackID(episodeGUID: "_") != TrackID(episodeGUID: ""))
        #expect(TrackID(episodeGUID: "a_2f") != TrackID(episodeGUID: "a/"))
        #expect(TrackID(path: "no") == nil)
        #expect(TrackID(path: "/org/earshot/episode/x")?.path == "/org/earshot/episode/x")
    }
}
