import EarshotCore
import EarshotMPRIS
import EarshotStore
import Foundation

/// Looking after the library on org.earshot.Earshot1: marking, stars, the inbox, the history and the
/// statistics (see dbus/org.earshot.Earshot1.xml). Each answers once the session's background work is
/// done.
extension LibraryInterface {
    /// Answers a method of looking after the library; nil for a method that is not one.
    func performCare(_ method: String, _ arguments: [DBusValue]) throws(LibraryError) -> MethodReply? {
        let session = self.session
        switch method {
        case "Mark":
            let ids = Self.episodeIDs(arguments[0]), played = arguments[1].boolValue ?? true
            return .later { session.mark(ids, played: played, done: Self.answer($0, with: Self.idList)) }
        case "MarkPodcast":
            let podcast = PodcastID(rawValue: arguments[0].int64Value ?? 0), played = arguments[1].boolValue ?? true
            let before = arguments[2].int64Value.flatMap { $0 > 0 ? EpisodeID(rawValue: $0) : nil }
            let released = arguments[3].int64Value.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
            return .later {
                session.mark(podcast: podcast, played: played, before: before, releasedBefore: released,
                                  done: Self.answer($0, with: Self.idList))
            }
        case "Star":
            let ids = Self.episodeIDs(arguments[0]), starred = arguments[1].boolValue ?? true
            return .later { session.star(ids, starred: starred, done: Self.answer($0) { _ in [] }) }
        case "Dismiss":
            let ids = Self.episodeIDs(arguments[0])
            let count = { (n: Int) in [DBusValue.uint32(UInt32(clamping: n))] }
            if ids.isEmpty { return .later { session.dismissAll(done: Self.answer($0, with: count)) } }
            return .later { session.dismiss(ids, done: Self.answer($0) { count($0.count) }) }
        case "History":
            let since = Self.instant(arguments[0]), limit = arguments[1].uint32Value.flatMap { $0 == 0 ? nil : Int($0) }
            return .later {
                session.history(since: since, limit: limit, done: Self.answer($0) { [BusRecords.list($0.map(BusRecords.listening))] })
            }
        case "Stats":
            let since = Self.instant(arguments[0])
            return .later { session.stats(since: since, done: Self.answer($0) { [BusRecords.stats($0)] }) }
        default:
            return nil
        }
    }

    /// The filter named in an Episodes call ("" is every episode).
    static func filter(_ value: DBusValue) throws(LibraryError) -> EpisodeFilter {
        let name = value.stringValue ?? ""
        guard let filter = name.isEmpty ? .all : EpisodeFilter(rawValue: name) else {
            let known = EpisodeFilter.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidSetting("there is no episode filter “\(name)”: use one of \(known)")
        }
        return filter
    }

    /// Turns a session's answer into a D-Bus reply through `encode`.
    private static func answer<T>(_ respond: @escaping (Result<[DBusValue], BusError>) -> Void,
                                  with encode: @escaping (T) -> [DBusValue]) -> (Result<T, LibraryError>) -> Void {
        { result in
            switch result {
            case .success(let value): respond(.success(encode(value)))
            case .failure(let error): respond(.failure(error.playerError.busError))
            }
        }
    }

    private static func idList(_ ids: [EpisodeID]) -> [DBusValue] {
        [.array(elementSignature: "x", ids.map { .int64($0.rawValue) })]
    }

    private static func episodeIDs(_ value: DBusValue) -> [EpisodeID] {
        (value.arrayElements ?? []).compactMap(\.int64Value).map(EpisodeID.init(rawValue:))
    }

    private static func instant(_ value: DBusValue) -> Date? {
        value.int64Value.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
    }
}
