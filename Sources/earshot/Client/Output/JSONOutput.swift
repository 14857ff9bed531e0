import Foundation

/// The JSON `--json` prints: pretty, keys sorted (so the output is stable), instants in ISO 8601,
/// slashes unescaped.
enum JSONOutput {
    static func render<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw CommandFailure("cannot write JSON: \(error)")
        }
    }
}
