import EarshotCore
import EarshotMPRIS
import Foundation

/// KRunner's D-Bus runner, `org.kde.krunner1` on /org/earshot/Earshot/Search (see
/// dbus/org.earshot.DesktopSearch.xml; the plugin file is data/earshot-krunner.desktop): Alt+Space and a
/// few letters find podcasts, episodes and moments; Enter plays one, and "Add to Up Next" queues it.
final class KRunnerInterface: MethodsOnlyInterface {
    let name = DesktopSearchIntrospection.krunner
    let search: DesktopSearch

    /// Fewer letters than this match nothing (KRunner asks from the first letter otherwise).
    static let minimumLetters = DesktopSearch.minimumLetters
    /// KRunner's match types.
    static let possibleMatch: Int32 = 30, exactMatch: Int32 = 100

    init(search: DesktopSearch) {
        self.search = search
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        switch method {
        case "Actions":
            return MethodReply([.array(elementSignature: "(sss)", [
                .structure([.string(NoticeAction.play.rawValue), .string(NoticeAction.play.label), .string("media-playback-start")]),
                .structure([.string(NoticeAction.queue.rawValue), .string(NoticeAction.queue.label), .string("media-playlist-append")]),
            ])])
        case "Match":
            let query = (arguments[0].stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard query.count >= Self.minimumLetters else { return MethodReply([Self.matches([], query: query)]) }
            return .later { [search] respond in
                search.search(query.split(separator: " ").map(String.init)) { respond(.success([Self.matches($0, query: query)])) }
            }
        case "Run":
            let identifier = arguments[0].stringValue ?? ""
            switch arguments[1].stringValue ?? "" {
            case "", NoticeAction.play.rawValue:
                do throws(LibraryError) { try search.activate(identifier) } catch { throw error.playerError.busError }
                return MethodReply()
            case NoticeAction.queue.rawValue:
                return .later { [search] respond in
                    search.enqueue(identifier) { error in respond(error.map { .failure($0.playerError.busError) } ?? .success([])) }
                }
            case let action:
                throw .invalidArgs("Earshot's runner has no action “\(action)”")
            }
        case "Config":
            return MethodReply([.vardict([("MinLetterCount", .int32(Int32(Self.minimumLetters)))])])
        case "Teardown":
            search.forget()
            return MethodReply()
        default:
            throw .unknownMethod("\(name) has no method \(method)")
        }
    }

    /// KRunner's a(sssida{sv}): identifier, text, icon, type, relevance (1 for the best, then less), and
    /// the subtext.
    static func matches(_ infos: [DesktopResultInfo], query: String) -> DBusValue {
        let rows = infos.enumerated().map { index, info -> DBusValue in
            let exact = info.result.episode == nil && info.name.compare(query, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
            return .structure([.string(info.result.identifier), .string(info.name), .string("earshot"),
                               .int32(exact ? exactMatch : possibleMatch), .double(1 - Double(index) / Double(max(infos.count, 1)) / 2),
                               .vardict([("subtext", .string(info.description))])])
        }
        return .array(elementSignature: "(sssida{sv})", rows)
    }
}
