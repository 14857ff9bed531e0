import EarshotStore
import Foundation

extension SyncJSON {
    /// Reads the episode actions of a reply one at a time, leniently: action names in any case, `-1`
    /// (or any negative number) as absent, fractions of a second rounded down, numbers sent as strings,
    /// timestamps as `SyncRules.timestamp` reads them or as seconds since 1970. Fields of the wrong
    /// type are left out; an action without its podcast, episode, kind or time is left out whole.
    struct ActionReader {
        /// False once the text turned out not to be JSON.
        private(set) var valid = true

        /// The action the next element holds; nil for an element that is not one (skipped).
        mutating func action(_ cursor: inout JSONCursor) -> EpisodeAction? {
            guard cursor.peek() == UInt8(ascii: "{") else {
                valid = cursor.skip()
                return nil
            }
            var podcast: String?, episode: String?, guid: String?, kind: EpisodeAction.Kind?, timestamp: Date?, device: String?
            var started: Int?, position: Int?, total: Int?
            valid = cursor.object { cursor, key in
                if key == "podcast" { podcast = cursor.string() }
                else if key == "episode" { episode = cursor.string() }
                else if key == "action" { kind = cursor.string().flatMap { EpisodeAction.Kind(rawValue: $0.lowercased()) } }
                else if key == "timestamp" { timestamp = Self.timestamp(&cursor) }
                else if key == "started" { started = Self.seconds(&cursor) }
                else if key == "position" { position = Self.seconds(&cursor) }
                else if key == "total" { total = Self.seconds(&cursor) }
                else if key == "guid" { guid = cursor.string().flatMap { $0.isEmpty ? nil : $0 } }
                else if key == "device" { device = cursor.string() }
                else { return cursor.skip() }
                return cursor.peek() == UInt8(ascii: ",") || cursor.peek() == UInt8(ascii: "}") || cursor.skip()
            }
            guard valid, let podcast, let episode, let kind, let timestamp else { return nil }
            return EpisodeAction(podcast: podcast, episode: episode, guid: guid, kind: kind, timestamp: timestamp,
                                 started: started, position: position, total: total, device: device)
        }

        private static func timestamp(_ cursor: inout JSONCursor) -> Date? {
            if cursor.peek() == UInt8(ascii: "\"") { return cursor.string().flatMap(SyncRules.timestamp) }
            return cursor.integer().map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }

        private static func seconds(_ cursor: inout JSONCursor) -> Int? {
            cursor.integer().flatMap { $0 < 0 ? nil : Int(exactly: $0) }
        }
    }
}
