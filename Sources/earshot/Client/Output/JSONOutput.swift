import EarshotFeed
import EarshotLocale
import Foundation

/// The JSON `--json` prints: pretty, keys sorted (so the output is stable), instants in ISO 8601,
/// slashes unescaped. Text stays exact, and no character that acts on a terminal is written raw: the
/// encoder escapes C0 controls, and DEL, C1 controls and bidi formatting characters (`SafeText`), which
/// JSON allows raw, are written as `\u` escapes too.
enum JSONOutput {
    static func render<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return escapingActiveCharacters(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            // TRANSLATORS: %s is the encoder's own description of what went wrong.
            throw CommandFailure(tr("cannot write JSON: %s", "\(error)"))
        }
    }

    /// Encoded JSON with the active characters the encoder left raw written as `\u` escapes; they can
    /// only stand inside strings, where the escape means the same character.
    private static func escapingActiveCharacters(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: SafeText.isActive) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if SafeText.isActive(scalar), scalar.value >= 0x7F {
                result.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
