import EarshotMPRIS

/// What the daemon announces on the bus that following a transcript reacts to.
enum PlayerSignal: Equatable {
    /// The playhead jumped (MPRIS `Seeked`).
    case seeked
    /// The episode, the play state or the rate changed (MPRIS `PropertiesChanged` of `Metadata`,
    /// `PlaybackStatus` or `Rate`; the others, such as `Volume`, do not move the playhead).
    case changed
    /// Earshot's name lost its owner: the daemon quit.
    case quit

    /// The properties whose changes move the playhead or change the episode.
    private static let moving: Set<String> = ["Metadata", "PlaybackStatus", "Rate"]

    /// The signal `message` carries, if it is one of these. The MPRIS ones are taken from any sender:
    /// the match rules of `DaemonClient.onPlayerSignal` let through only the daemon's.
    init?(_ message: BusMessage) {
        switch (message.interface, message.member) {
        case (MPRISAdapter.playerInterface, "Seeked") where message.path == MPRISAdapter.objectPath:
            self = .seeked
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged") where message.path == MPRISAdapter.objectPath:
            guard let arguments = try? message.arguments(expecting: "sa{sv}as"),
                  arguments[0].stringValue == MPRISAdapter.playerInterface else { return nil }
            let changed = arguments[1].stringKeyedEntries.map { Array($0.keys) } ?? []
            let invalidated = arguments[2].arrayElements?.compactMap(\.stringValue) ?? []
            guard !Self.moving.isDisjoint(with: changed + invalidated) else { return nil }
            self = .changed
        case ("org.freedesktop.DBus", "NameOwnerChanged") where message.sender == "org.freedesktop.DBus":
            guard let arguments = try? message.arguments(expecting: "sss"), arguments[0].stringValue == EarshotBus.name,
                  arguments[2].stringValue == "" else { return nil }
            self = .quit
        default:
            return nil
        }
    }
}

extension DaemonClient {
    /// Calls `handler` with every `PlayerSignal` from now on, while this thread's context iterates. The
    /// match rules are sent before any later call, so the bus applies them before the daemon sees it.
    func onPlayerSignal(_ handler: @escaping (PlayerSignal) -> Void) {
        let daemon = "type='signal',sender='\(EarshotBus.name)',path='\(MPRISAdapter.objectPath)'"
        connection.addMatch(daemon + ",interface='\(MPRISAdapter.playerInterface)',member='Seeked'")
        connection.addMatch(daemon + ",interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                            + "arg0='\(MPRISAdapter.playerInterface)'")
        connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                            + "member='NameOwnerChanged',arg0='\(EarshotBus.name)'")
        connection.addSignalHandler { message in
            if let signal = PlayerSignal(message) { handler(signal) }
        }
    }
}
