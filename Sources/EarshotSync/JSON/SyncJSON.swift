import EarshotStore
import Foundation

/// The sync API's JSON, read defensively: missing or mistyped fields are left out (or the reply is
/// refused), action names in any case, `-1` as absent, timestamps read leniently.
enum SyncJSON {
    static func encode(_ value: Any) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: value)) ?? Data("{}".utf8))
    }

    private static func object(_ body: [UInt8]) -> Any? { try? JSONSerialization.jsonObject(with: Data(body)) }

    static func subscriptionDelta(_ body: [UInt8]) -> SubscriptionDelta? {
        guard let root = object(body) as? [String: Any] else { return nil }
        return SubscriptionDelta(add: strings(root["add"]), remove: strings(root["remove"]), timestamp: integer(root["timestamp"]) ?? 0)
    }

    /// A reply of episode actions, read in place (`JSONCursor`): a first sync's reply holds tens of
    /// thousands. nil when it is not JSON or has no list of actions; an action that lacks what every
    /// action has is left out.
    static func actionPage(_ body: [UInt8]) -> ActionPage? {
        body.withUnsafeBufferPointer { bytes in
            var cursor = JSONCursor(bytes)
            var actions: [EpisodeAction]?, timestamp: Int64 = 0
            var reader = ActionReader()
            let read = cursor.object { cursor, key in
                if key == "actions" {
                    var list: [EpisodeAction] = []
                    guard cursor.array({ cursor in
                        if let action = reader.action(&cursor) { list.append(action) }
                        return reader.valid
                    }) else { return false }
                    actions = list
                    return true
                }
                if key == "timestamp" {
                    timestamp = cursor.integer() ?? 0
                    return true
                }
                return cursor.skip()
            }
            guard read, cursor.peek() == nil, let actions else { return nil }
            return ActionPage(actions: actions, timestamp: timestamp)
        }
    }

    static func receipt(_ body: [UInt8]) -> UploadReceipt {
        let root = object(body) as? [String: Any]
        var updated: [String: String] = [:]
        for pair in root?["update_urls"] as? [Any] ?? [] {
            if let pair = pair as? [Any], pair.count == 2, let old = pair[0] as? String, let new = pair[1] as? String, !new.isEmpty {
                updated[old] = new
            }
        }
        return UploadReceipt(timestamp: integer(root?["timestamp"]) ?? 0, updatedURLs: updated)
    }

    /// Actions as the API takes them, a JSON list (the fields of `play` only with `play`, whole
    /// seconds), written directly: an upload of hundreds is made on the loop.
    static func actions(_ actions: [EpisodeAction]) -> [UInt8] {
        var text = JSONText()
        text.open("[")
        for action in actions {
            text.open("{")
            text.member("podcast", action.podcast)
            text.member("episode", action.episode)
            text.member("action", action.kind.rawValue)
            text.member("timestamp", SyncRules.apiTimestamp(action.timestamp))
            if let guid = action.guid { text.member("guid", guid) }
            if let device = action.device { text.member("device", device) }
            if action.kind == .play, let position = action.position {
                text.member("position", position)
                if let started = action.started { text.member("started", started) }
                if let total = action.total { text.member("total", total) }
            }
            text.close("}")
        }
        text.close("]")
        return text.bytes
    }

    private static func strings(_ value: Any?) -> [String] { (value as? [Any] ?? []).compactMap { $0 as? String } }

    private static func integer(_ value: Any?) -> Int64? {
        switch value {
        case let number as NSNumber: Int64(exactly: number.doubleValue.rounded(.down))
        case let text as String: Int64(text)
        default: nil
        }
    }
}
