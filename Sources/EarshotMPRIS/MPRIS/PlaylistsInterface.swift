/// `org.mpris.MediaPlayer2.Playlists` over a `PlaylistControl`: GetPlaylists with the spec's orderings
/// (Alphabetical, Created, Played — oldest first, so ReverseOrder gives the most recent — and User, the
/// player's own order; the names of the spec's enum, such as UserDefined, are accepted too), paging by
/// Index and MaxCount; ActivatePlaylist; PlaylistCount, Orderings and ActivePlaylist.
final class PlaylistsInterface: BusInterface {
    let name = "org.mpris.MediaPlayer2.Playlists"
    private let control: any PlaylistControl

    static let orderings = ["Alphabetical", "Created", "Played", "User"]

    init(control: any PlaylistControl) { self.control = control }

    func value(of property: String) -> DBusValue? {
        switch property {
        case "PlaylistCount": .uint32(UInt32(clamping: control.playlistCount))
        case "Orderings": .stringArray(Self.orderings)
        case "ActivePlaylist":
            if let active = control.activePlaylist {
                .structure([.boolean(true), active.dbusValue])
            } else {
                .structure([.boolean(false), PlaylistEntry(id: "/", name: "").dbusValue])
            }
        default: nil
        }
    }

    func setValue(_ value: DBusValue, of property: String) throws(BusError) {
        throw .propertyReadOnly("\(name).\(property) is read-only")
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        switch method {
        case "ActivatePlaylist":
            guard let id = arguments.first?.objectPathValue else { throw .invalidArgs("a playlist id is needed") }
            do throws(PlayerError) {
                try control.activatePlaylist(id)
            } catch {
                throw error.busError
            }
            return .empty
        case "GetPlaylists":
            guard arguments.count == 4, let index = arguments[0].uint32Value, let count = arguments[1].uint32Value,
                  let order = arguments[2].stringValue, let reverse = arguments[3].boolValue
            else { throw .invalidArgs("GetPlaylists takes (u, u, s, b)") }
            let listed = Self.ordered(control.playlists, by: order, reversed: reverse)
            let start = min(Int(index), listed.count)
            let page = listed[start..<min(listed.count, start + Int(min(count, UInt32(Int32.max))))]
            return MethodReply([.array(elementSignature: "(oss)", page.map(\.dbusValue))])
        default:
            throw .unknownMethod("\(name) has no method \(method)")
        }
    }

    /// `playlists` in the asked ordering; an ordering Earshot does not know keeps the player's order.
    static func ordered(_ playlists: [PlaylistEntry], by order: String, reversed: Bool) -> [PlaylistEntry] {
        var sorted: [PlaylistEntry]
        switch order {
        case "Alphabetical":
            sorted = playlists.enumerated().sorted { a, b in
                let (x, y) = (a.element.name.lowercased(), b.element.name.lowercased())
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
        case "Created", "CreationDate":
            sorted = stable(playlists) { $0.created ?? -.infinity }
        case "Played", "LastPlayDate":
            sorted = stable(playlists) { $0.lastPlayed ?? -.infinity }
        default:
            sorted = playlists
        }
        return reversed ? sorted.reversed() : sorted
    }

    private static func stable(_ playlists: [PlaylistEntry], key: (PlaylistEntry) -> Double) -> [PlaylistEntry] {
        playlists.enumerated().sorted { a, b in
            let (x, y) = (key(a.element), key(b.element))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }
}
