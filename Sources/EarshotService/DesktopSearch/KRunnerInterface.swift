import EarshotCore
import EarshotMPRIS
import Foundation

/// KRunner's D-Bus runner, `org.kde.krunner1` on /org/earshot/Earshot/Search (see
/// dbus/org.earshot.DesktopSearch.xml; the plugin file is data/earshot-krunner.desktop): Alt+Space and a
/// few letters find podcasts, episodes and moments; Enter plays one, and "Add to Up Next" queues it.
/// Its methods are the rows of `table`.
final class KRunnerInterface: MethodsOnlyInterface {
    let name = DesktopSearchIntrospection.krunner
    let search: DesktopSearch

    /// KRunner asks from this many letters: one, since one Chinese, Japanese or Korean character is
    /// enough to search for; what says too little otherwise gets no match here (`DesktopSearch.isEnough`).
    static let minimumLetters = 1
    /// KRunner's match types.
    static let possibleMatch: Int32 = 30, exactMatch: Int32 = 100

    init(search: DesktopSearch) {
        self.search = search
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        try Self.table.call(method, arguments: arguments, on: search)
    }

    typealias Row = BusMethod<DesktopSearch, LibraryError>

    static let table = MethodTable<DesktopSearch, LibraryError>(DesktopSearchIntrospection.krunner, busError: { $0.playerError.busError }, [
        Row("Actions", out: "a(sss)") { _ in
            MethodReply([.array(elementSignature: "(sss)", [
                .structure([.string(NoticeAction.play.rawValue), .string(NoticeAction.play.label), .string("media-playback-start")]),
                .structure([.string(NoticeAction.queue.rawValue), .string(NoticeAction.queue.label), .string("media-playlist-append")]),
            ])])
        },
        Row("Match", .string("query"), out: "a(sssida{sv})") { search, text in
            let query = QueryBounds.cut(text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard DesktopSearch.isEnough(query) else { return MethodReply([matches([], query: query)]) }
            return .later { respond in search.search(query.split(separator: " ").map(String.init)) { respond(.success([matches($0, query: query)])) } }
        },
        Row("Run", .string("matchId"), action) { search, identifier, action throws(LibraryError) in
            guard action == .queue else {
                try search.activate(identifier)
                return .empty
            }
            return .later { respond in search.enqueue(identifier) { error in respond(error.map { .failure($0.playerError.busError) } ?? .success([])) } }
        },
        Row("Config", out: "a{sv}") { _ in MethodReply([.vardict([("MinLetterCount", .int32(Int32(minimumLetters)))])]) },
        Row("Teardown") { search in
            search.forget()
            return .empty
        },
    ])

    /// Run's action: "" or "play" plays, "queue" adds to Up Next.
    static let action = BusArgument<String>.string("actionId").map { name throws(ArgumentRefusal) -> NoticeAction in
        if name.isEmpty { return .play }
        guard let action = NoticeAction(rawValue: name) else { throw ArgumentRefusal("names no action Earshot's runner has: “\(name)”") }
        return action
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
