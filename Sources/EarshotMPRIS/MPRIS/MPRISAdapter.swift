import Glibc
import EarshotGLib

/// The MPRIS service: exports `/org/mpris/MediaPlayer2` with `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` (plus Introspectable, Peer, Properties) over a `PlayerControl`,
/// as described by dbus/org.mpris.MediaPlayer2.xml.
///
/// Typical wiring, on the main context's thread:
///
///     let connection = try BusConnection.session(context: context)
///     let adapter = try MPRISAdapter(connection: connection, control: session, supportedMimeTypes: types)
///     let name = try adapter.requestBusName()      // …earshot, or …earshot.instance<pid>
///     session.onChange = { [weak adapter] in adapter?.stateChanged() }
///     session.onSeeked = { [weak adapter] in adapter?.seeked(to: $0) }
///     connection.onDisconnect = { reason in Log.warning("\(reason)"); session.saveAndQuit() }
public final class MPRISAdapter {
    /// The MPRIS object path.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The well-known name of the first instance.
    public static let busName = "org.mpris.MediaPlayer2.earshot"
    /// `org.mpris.MediaPlayer2`.
    public static let rootInterface = "org.mpris.MediaPlayer2"
    /// `org.mpris.MediaPlayer2.Player`.
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// The name of a further instance: `org.mpris.MediaPlayer2.earshot.instance<pid>`.
    public static func instanceBusName(pid: Int32 = getpid()) -> String { "\(busName).instance\(pid)" }

    /// The exported object (for its connection, path and XML).
    public let object: ExportedObject
    /// The player the adapter reads and commands.
    public let control: any PlayerControl
    /// The well-known name owned through `requestBusName()`, if any.
    public private(set) var ownedBusName: String?

    /// Exports the MPRIS object on `connection` (the bus name is requested separately, after the
    /// object exists, so that clients reacting to the name find it). `supportedMimeTypes` is published
    /// as SupportedMimeTypes (the audio types the installed GStreamer plugins decode).
    /// With `playlists`, the object also has `org.mpris.MediaPlayer2.Playlists`.
    public init(connection: BusConnection, control: any PlayerControl, playlists: (any PlaylistControl)? = nil,
                supportedMimeTypes: [String]) throws(BusError) {
        self.control = control
        var interfaces: [any BusInterface] = [
            MediaPlayer2Interface(control: control, supportedMimeTypes: supportedMimeTypes),
            PlayerInterface(control: control),
        ]
        if let playlists { interfaces.append(PlaylistsInterface(control: playlists)) }
        object = try ExportedObject(
            connection: connection, path: Self.objectPath, introspectionXML: MPRISIntrospection.xml,
            interfaces: interfaces)
    }

    /// The owner reports that a playlist's name or icon changed: emits `PlaylistChanged`.
    public func playlistChanged(_ playlist: PlaylistEntry) {
        do {
            try object.emit(interface: "org.mpris.MediaPlayer2.Playlists", signal: "PlaylistChanged", arguments: [playlist.dbusValue])
        } catch {
            if object.connection.isConnected { Log.warning("MPRIS: cannot emit PlaylistChanged: \(error)") }
        }
    }

    deinit { object.unexport() }

    /// Owns `org.mpris.MediaPlayer2.earshot`, or `…earshot.instance<pid>` when another player has it;
    /// returns the name owned.
    @discardableResult
    public func requestBusName(pid: Int32 = getpid()) throws(BusError) -> String {
        let name = try object.connection.requestName(preferred: Self.busName, fallback: Self.instanceBusName(pid: pid))
        ownedBusName = name
        return name
    }

    /// The owner reports that the player's state may have changed. Cheap: the adapter compares the
    /// properties with what it last announced at the next idle moment of the main loop, and emits at
    /// most one PropertiesChanged per interface, with the new values of what really changed (never
    /// Position, whose changes MPRIS clients follow through Seeked and Rate).
    public func stateChanged() {
        object.propertiesChanged()
    }

    /// The owner reports that a seek completed at `position` µs (the engine's real position): emits
    /// `Seeked`, after announcing any pending property change (so a client sees the new track first).
    public func seeked(to position: Int64) {
        object.announceChanges()
        do {
            try object.emit(interface: Self.playerInterface, signal: "Seeked", arguments: [.int64(max(0, position))])
        } catch {
            if object.connection.isConnected { Log.warning("MPRIS: cannot emit Seeked: \(error)") }
        }
    }

    /// Stops answering on the bus (the connection and the name stay).
    public func unexport() { object.unexport() }
}
