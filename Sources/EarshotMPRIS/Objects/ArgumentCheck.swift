/// How a call's arguments differ from what its method takes, in plain words that name the method and
/// the argument: the `InvalidArgs` message of an object's check against its XML and of a
/// `MethodTable`'s rows.
enum ArgumentCheck {
    /// Nil when `given` is `expected`; else "Play: argument 1, episode, is a string (s), not an int64
    /// (x)", or, for a wrong count, "Play takes 1 argument (x), not 2 (xs)".
    static func mismatch(method: String, names: [String], expected: String, given: String) -> String? {
        guard given != expected else { return nil }
        let wanted = DBusSignature.completeTypes(of: expected) ?? [], got = DBusSignature.completeTypes(of: given) ?? []
        guard wanted.count == got.count else {
            return "\(method) takes \(count(wanted.count)) (\(expected)), not \(got.count) (\(given))"
        }
        let index = wanted.indices.first { wanted[$0] != got[$0] } ?? 0
        let name = index < names.count && !names[index].isEmpty ? ", \(names[index])," : ""
        return "\(method): argument \(index + 1)\(name) is \(plainType(got[index])), not \(plainType(wanted[index]))"
    }

    /// A type in words, with its code: "an int64 (x)".
    static func plainType(_ signature: String) -> String {
        let words: [String: String] = [
            "y": "a byte", "b": "a boolean", "n": "an int16", "q": "a uint16", "i": "an int32", "u": "a uint32",
            "x": "an int64", "t": "a uint64", "d": "a double", "s": "a string", "o": "an object path", "g": "a signature",
            "v": "a variant", "as": "an array of strings", "ax": "an array of int64s", "a{sv}": "a dictionary",
        ]
        return "\(words[signature] ?? "a value") (\(signature))"
    }

    private static func count(_ number: Int) -> String { number == 1 ? "1 argument" : "\(number) arguments" }
}
