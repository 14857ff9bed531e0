import EarshotCore
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

    static func actionPage(_ body: [UInt8]) -> ActionPage? {
        guard let root = object(body) as? [String: Any], let list = root["actions"] as? [Any] else { return nil }
        return ActionPage(actions: list.compactMap(action), timestamp: integer(root["timestamp"]) ?? 0)
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

    /// One action of a reply; nil when it lacks what every action has.
    static func action(_ value: Any) -> EpisodeAction? {
        guard let item = value as? [String: Any], let podcast = item["podcast"] as? String, let episode = item["episode"] as? String,
              let name = item["action"] as? String, let kind = EpisodeAction.Kind(rawValue: name.lowercased()) else { return nil }
        let timestamp = (item["timestamp"] as? String).flatMap(SyncRules.timestamp)
            ?? integer(item["timestamp"]).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        guard let timestamp else { return nil }
        let seconds = { (key: String) in integer(item[key]).flatMap { $0 < 0 ? nil : Int(exactly: $0) } }
        return EpisodeAction(podcast: podcast, episode: episode, guid: (item["guid"] as? String).flatMap { $0.isEmpty ? nil : $0 },
                             kind: kind, timestamp: timestamp, started: seconds("started"), position: seconds("position"),
                             total: seconds("total"), device: item["device"] as? String)
    }

    /// An action as the API takes it (the fields of `play` only with `play`, whole seconds).
    static func object(_ action: EpisodeAction) -> [String: Any] {
        var item: [String: Any] = ["podcast": action.podcast, "episode": action.episode, "action": action.kind.rawValue,
                                   "timestamp": SyncRules.apiTimestamp(action.timestamp)]
        if let guid = action.guid { item["guid"] = guid }
        if let device = action.device { item["device"] = device }
        if action.kind == .play, let position = action.position {
            item["position"] = position
            if let started = action.started { item["started"] = started }
            if let total = action.total { item["total"] = total }
        }
        return item
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
