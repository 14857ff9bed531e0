import EarshotCore
import EarshotMPRIS
import Foundation

/// GNOME Shell's search provider, `org.gnome.Shell.SearchProvider2` on /org/earshot/Earshot/Search (see
/// dbus/org.earshot.DesktopSearch.xml): typing in the overview finds podcasts, episodes and moments,
/// and Enter plays them. Every query runs on the reader; the reply is sent when it is done, so the loop
/// never waits and GNOME Shell gets its answer within its patience.
final class SearchProviderInterface: MethodsOnlyInterface {
    let name = DesktopSearchIntrospection.gnome
    let search: DesktopSearch

    init(search: DesktopSearch) {
        self.search = search
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        switch method {
        case "GetInitialResultSet":
            let terms = arguments[0].stringArrayValue ?? []
            return .later { [search] respond in
                search.search(terms) { respond(.success([Self.identifiers($0)])) }
            }
        case "GetSubsearchResultSet":
            let previous = arguments[0].stringArrayValue ?? [], terms = arguments[1].stringArrayValue ?? []
            return .later { [search] respond in
                search.search(terms, within: previous) { respond(.success([Self.identifiers($0)])) }
            }
        case "GetResultMetas":
            return .later { [search] respond in
                search.info(arguments[0].stringArrayValue ?? []) { infos in
                    respond(.success([BusRecords.list(infos.map { Self.meta($0, cover: search.cover(of: $0.podcast)) })]))
                }
            }
        case "ActivateResult":
            do throws(LibraryError) { try search.activate(arguments[0].stringValue ?? "") } catch { throw error.playerError.busError }
            return MethodReply()
        case "LaunchSearch":
            return .later { [search] respond in
                search.launch(arguments[0].stringArrayValue ?? []) { error in
                    respond(error.map { .failure($0.playerError.busError) } ?? .success([]))
                }
            }
        default:
            throw .unknownMethod("\(name) has no method \(method)")
        }
    }

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
