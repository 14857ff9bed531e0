import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotStore
import Foundation

/// `org.earshot.Earshot1` on `/org/earshot/Earshot`: the library, Up Next, refreshes and OPML for the
/// command line and any other client. Its methods are the rows of `LibraryMethods.table`: each reads
/// its typed arguments, makes one call on the `Session` (the command surface MPRIS uses too) and
/// encodes the answer. Lists that read the store are answered from the background (the loop never
/// waits for SQLite); subscribing and refreshing answer when their feeds are done, and report each one
/// with `Progress`.
public final class LibraryInterface: MethodsOnlyInterface {
    public let name = EarshotIntrospection.interface
    let session: Session
    let store: LibraryStore
    /// The feeds' Podcasting 2.0 fields (the same store, seen through what the namespace's methods need).
    let namespaces: NamespaceStore
    let background: Background
    let bridge: MPRISPlayer
    var player: Listening { session.listening }
    var library: Library { session.library }
    var downloads: Downloads { session.downloads }
    /// Emits `Progress`; set once the object is exported.
    weak var object: ExportedObject?
    /// The sync account's side (nil: sync is not offered).
    public var syncSetup: SyncSetup?
    /// The search index's upkeep, for Status (nil: not kept).
    public var searchIndex: SearchIndexUpkeep?

    public init(session: Session, store: LibraryStore, namespaces: NamespaceStore, background: Background, bridge: MPRISPlayer) {
        self.session = session
        self.store = store
        self.namespaces = namespaces
        self.background = background
        self.bridge = bridge
    }

    /// Exports the interface at `/org/earshot/Earshot` on `connection`.
    public func export(on connection: BusConnection) throws(BusError) -> ExportedObject {
        let object = try ExportedObject(connection: connection, path: EarshotIntrospection.objectPath,
                                        introspectionXML: EarshotIntrospection.xml, interfaces: [self])
        self.object = object
        return object
    }

    public func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        try LibraryMethods.table.call(method, arguments: arguments, on: self)
    }

    // MARK: What the rows share

    /// `podcast`, when the library has it.
    func known(_ podcast: PodcastID) throws(LibraryError) -> PodcastID {
        guard library.podcast(podcast) != nil else { throw .noSuchPodcast(podcast) }
        return podcast
    }

    /// The feeds an OPML export lists (the demo's left out).
    var feeds: [OPMLFeed] {
        library.podcasts.filter { !library.isDemo($0.id) }.map { OPMLFeed(url: $0.url, title: $0.channel.title, htmlURL: $0.channel.link) }
    }

    func podcastRecord(_ podcast: PodcastSummary) -> DBusValue {
        BusRecords.podcast(podcast, autoQueue: library.autoQueue(podcast.id), notify: library.notifies(podcast.id),
                           art: bridge.knownArt(of: podcast))
    }

    /// What the player holds now, for marking listings off the loop.
    var listingMarks: ListingMarks {
        ListingMarks(current: player.current?.id, currentStatus: player.current?.status, upNext: player.upNext.episodes)
    }

    /// Turns a session's answer into a D-Bus reply through `encode`.
    static func answer<T>(_ respond: @escaping (Result<[DBusValue], BusError>) -> Void,
                          with encode: @escaping (T) -> [DBusValue]) -> (Result<T, LibraryError>) -> Void {
        { result in
            switch result {
            case .success(let value): respond(.success(encode(value)))
            case .failure(let error): respond(.failure(error.playerError.busError))
            }
        }
    }

    static func idList(_ ids: [EpisodeID]) -> [DBusValue] {
        [.array(elementSignature: "x", ids.map { .int64($0.rawValue) })]
    }

    /// A setting's value as text: booleans as on/off, numbers and strings as written.
    static func text(of value: DBusValue) -> String {
        switch value.variantValue ?? value {
        case .boolean(let flag): flag ? "on" : "off"
        case .string(let text): text
        case .double(let number): String(number)
        case .int32(let number): String(number)
        case .int64(let number): String(number)
        case .uint32(let number): String(number)
        default: "\(value)"
        }
    }
}
