import EarshotMPRIS
import EarshotTestSupport
import Foundation

/// Random D-Bus values for the bus fuzzer: of a given signature (a "right" call) or of any type (a
/// wrong one), biased toward the edges: extreme, negative, NaN and infinite numbers, empty, huge and
/// oddly-composed Unicode strings, small and absurd ids, odd but valid object paths.
struct FuzzValues {
    var random: SeededRandom
    /// Object paths worth trying as track ids and playlist ids (the fixture's real ones among them).
    var interestingPaths: [String]

    init(random: SeededRandom, interestingPaths: [String] = []) {
        self.random = random
        self.interestingPaths = interestingPaths
    }

    // MARK: Scalars

    mutating func int64() -> Int64 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: random.pick([Int64.min, Int64.max, Int64.min + 1, Int64.max - 1, 0, -1])
        case 1: Int64.random(in: -5...12, using: &random)  // ids: mostly non-existent, a few real
        case 2: Int64.random(in: -10_000_000_000...10_000_000_000, using: &random)  // positions in µs
        case 3: random.pick([Int64(1) << 32, Int64(1) << 53, -(Int64(1) << 53), 3_600_000_000, -3_600_000_000])
        default: Int64(bitPattern: random.next())
        }
    }

    mutating func uint32() -> UInt32 {
        random.chance(0.5) ? UInt32.random(in: 0...12, using: &random)
            : random.pick([0, 1, UInt32.max, UInt32.max - 1, UInt32(Int32.max), UInt32(Int32.max) + 1, UInt32(truncatingIfNeeded: random.next())])
    }

    mutating func double() -> Double {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: random.pick([Double.nan, -Double.nan, .infinity, -.infinity, -0.0, 0, .greatestFiniteMagnitude,
                             -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .ulpOfOne, 1e308, -1e-308])
        case 1: random.pick([0.25, 0.5, 0.9999, 1, 1.5, 2, 3, 3.0001, 4, 100, -1, -0.5])
        case 2: Double.random(in: -10...10, using: &random)
        default: Double(bitPattern: random.next())  // any bit pattern: signalling NaNs, subnormals…
        }
    }

    mutating func string() -> String {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return ""
        case 1: return String(repeating: random.pick(["a", "é", "漢", "🎙️", "\u{0301}"]), count: random.pick([255, 256, 4_096, 65_537]))
        case 2: return random.pick(["\u{202E}evil\u{202C}", "\u{FEFF}", "\u{200B}\u{200D}", "a\u{0}b", "👩🏽‍👩🏽‍👧🏽‍👦🏽", "\u{10FFFF}", "\u{FFFD}",
                                    "e\u{0301}\u{0301}\u{0301}\u{0301}", "Z̷̢̛̪a̸̟͝l̵̰̈g̶̦̓o̶̱̎", "\u{1F1FA}\u{1F1F8}", "\u{E000}", "\n\r\t", "\u{7F}\u{1B}[2J"])
        case 3: return random.pick(["Playing", "Paused", "Stopped", "auto-queue", "Alphabetical", "User", "Created", "Played",
                                    "UserDefined", "LastPlayDate", "CreationDate", "on", "off", "true", "episode", "Newest", "%"])
        case 4: return random.pick(["'; DROP TABLE episodes; --", "%s%s%n", "${HOME}", "../../../../etc/passwd", "<xml>&amp;</xml>",
                                    "\\", "\"", "NULL", "_", "%_", "Middle"])
        case 5: return random.pick(interestingPaths.isEmpty ? ["/"] : interestingPaths)
        case 6: return String(Int64.random(in: -3...10, using: &random))
        case 7: return String((0..<Int.random(in: 1...40, using: &random)).map { _ in
            Character(Unicode.Scalar(UInt32.random(in: 0x20...0x2FFF, using: &random)) ?? "?") })
        default: return String((0..<Int.random(in: 1...12, using: &random)).map { _ in random.pick(Array("abcXYZ019 -_.:/")) })
        }
    }

    /// An object path: odd but valid (the only kind D-Bus lets through).
    mutating func objectPath() -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !interestingPaths.isEmpty: return random.pick(interestingPaths)
        case 1: return random.pick(["/", "/_", "/org", "/org/earshot", "/org/earshot/episode", "/org/earshot/episode/_",
                                    "/org/earshot/playlist", "/org/earshot/playlist/podcast", "/org/earshot/playlist/podcast/0",
                                    "/org/earshot/playlist/podcast/99999999999999999999999", "/org/earshot/playlist/upnext/x",
                                    "/org/mpris/MediaPlayer2/TrackList/NoTrack", "/org/mpris/MediaPlayer2", "/0/1/2"])
        case 2: return "/" + (0..<Int.random(in: 1...200, using: &random)).map { _ in random.pick(["a", "_", "0", "Z9"]) }.joined(separator: "/")
        default: return "/org/earshot/episode/" + String(repeating: random.pick(["_", "x", "_2d"]), count: Int.random(in: 1...3000, using: &random))
        }
    }

    mutating func signatureText() -> String {
        random.pick(["", "s", "a{sv}", "v", "(((((((((((i)))))))))))", "aaaaaaaaai", "a{oa{sv}}", "(oss)", "x", "ax"])
    }

    // MARK: By signature

    /// A random value of the single complete type `signature` (containers are kept small).
    mutating func value(of signature: String, depth: Int = 0) -> DBusValue {
        let chars = Array(signature)
        switch chars.first {
        case "y": return .byte(UInt8(truncatingIfNeeded: random.next()))
        case "b": return .boolean(random.chance(0.5))
        case "n": return .int16(Int16(truncatingIfNeeded: int64()))
        case "q": return .uint16(UInt16(truncatingIfNeeded: int64()))
        case "i": return .int32(Int32(truncatingIfNeeded: int64()))
        case "u": return .uint32(uint32())
        case "x": return .int64(int64())
        case "t": return .uint64(UInt64(bitPattern: int64()))
        case "d": return .double(double())
        case "s": return .string(string())
        case "o": return .objectPath(objectPath())
        case "g": return .signature(signatureText())
        case "v": return .variant(anyValue(depth: depth + 1))
        case "a" where chars.count > 1 && chars[1] == "{":
            let inner = String(chars.dropFirst(2).dropLast())
            let parts = DBusSignature.completeTypes(of: inner) ?? ["s", "v"]
            let entries = (0..<count(depth)).map { _ in
                DBusValue.DictionaryEntry(key: value(of: parts[0], depth: depth + 1), value: value(of: parts[1], depth: depth + 1))
            }
            return .dictionary(keySignature: parts[0], valueSignature: parts[1], entries)
        case "a":
            let element = String(chars.dropFirst())
            return .array(elementSignature: element, (0..<count(depth)).map { _ in value(of: element, depth: depth + 1) })
        case "(":
            let members = DBusSignature.completeTypes(of: String(chars.dropFirst().dropLast())) ?? ["i"]
            return .structure(members.map { value(of: $0, depth: depth + 1) })
        default: return .string(string())
        }
    }

    /// A value of a random type (nested containers while `depth` allows).
    mutating func anyValue(depth: Int = 0) -> DBusValue {
        value(of: randomSignature(depth: depth), depth: depth)
    }

    /// A random single complete type, shallow.
    mutating func randomSignature(depth: Int = 0) -> String {
        let basic = ["y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g"]
        guard depth < 3, random.chance(0.3) else { return random.chance(0.1) && depth < 3 ? "v" : random.pick(basic) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "a" + randomSignature(depth: depth + 1)
        case 1: return "a{" + random.pick(["s", "x", "o", "u"]) + randomSignature(depth: depth + 1) + "}"
        default: return "(" + (0..<Int.random(in: 1...3, using: &random)).map { _ in randomSignature(depth: depth + 1) }.joined() + ")"
        }
    }

    /// A few random arguments of random types.
    mutating func anyArguments() -> [DBusValue] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in anyValue() }
    }

    private mutating func count(_ depth: Int) -> Int {
        depth > 2 ? 0 : random.pick([0, 0, 1, 1, 2, 3, depth == 0 ? 40 : 4])
    }
}
