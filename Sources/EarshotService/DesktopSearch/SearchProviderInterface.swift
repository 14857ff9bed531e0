import EarshotCore
import EarshotMPRIS
import Foundation

/// GNOME Shell's search provider, `org.gnome.Shell.SearchProvider2` on /org/earshot/Earshot/Search (see
/// dbus/org.earshot.DesktopSearch.xml): typing in the overview finds podcasts, episodes and moments,
/// and Enter plays them. Every query runs on the reader; the reply is sent when it is done, so the loop
/// never waits and GNOME Shell gets its answer within its patience. Its methods are the rows of `table`.
final class SearchProviderInterface: MethodsOnlyInterface {
    let name = DesktopSearchIntrospection.gnome
    let search: DesktopSearch

    init(search: DesktopSearch) {
        self.search = search
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        try Self.table.call(method, arguments: arguments, on: search)
    }

    typealias Row = BusMethod<DesktopSearch, LibraryError>

    static let table = MethodTable<DesktopSearch, LibraryError>(DesktopSearchIntrospection.gnome, busError: { $0.playerError.busError }, [
        Row("GetInitialResultSet", .strings("terms"), out: "as") { search, terms in
            .later { respond in search.search(terms) { respond(.success([identifiers($0)])) } }
        },
        Row("GetSubsearchResultSet", .strings("previous_results"), .strings("terms"), out: "as") { search, previous, terms in
            .later { respond in search.search(terms, within: previous) { respond(.success([identifiers($0)])) } }
        },
        Row("GetResultMetas", .strings("identifiers"), out: "aa{sv}") { search, identifiers in
            .later { respond in
                search.info(identifiers) { infos in respond(.success([BusRecords.list(infos.map { meta($0, cover: search.cover(of: $0.podcast)) })])) }
            }
        },
        Row("ActivateResult", .string("identifier"), .strings("terms"), .uint32("timestamp")) { search, identifier, _, _ throws(LibraryError) in
            try search.activate(identifier)
            return .empty
        },
        Row("LaunchSearch", .strings("terms"), .uint32("timestamp")) { search, terms, _ in
            .later { respond in search.launch(terms) { error in respond(error.map { .failure($0.playerError.busError) } ?? .success([])) } }
        },
    ])

    private static func identifiers(_ infos: [DesktopResultInfo]) -> DBusValue {
        .array(elementSignature: "s", infos.map { .string($0.result.identifier) })
    }

    /// GNOME's keys: id, name, description, and gicon (a serialized GIcon: a file's path, or a themed
    /// icon's name).
    static func meta(_ info: DesktopResultInfo, cover: URL?) -> DBusValue {
        .vardict([("id", .string(info.result.identifier)), ("name", .string(info.name)),
                  ("description", .string(info.description)), ("gicon", .string(cover?.path ?? "earshot"))])
    }
}
