import EarshotMPRIS
import EarshotTestSupport
import Foundation

/// Checks that a daemon's state hangs together after a fuzz run: it answers Ping on both objects and
/// playerctl, every MPRIS property has the type the XML declares, Metadata's track id is the current
/// episode's, Position lies within the episode, and org.earshot.Earshot1's Status and Queue answer.
enum DaemonConsistency {
    static let mprisPath = "/org/mpris/MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let earshot = "org.earshot.Earshot1"

    /// What a check found.
    struct Report {
        /// What is wrong (empty when consistent).
        var problems: [String]
        /// The current track id (nil when there is none).
        var trackID: String?
        /// Whether the current episode's podcast is still subscribed (Status names it).
        var podcastSubscribed = false
    }

    /// Checks the daemon behind `session`; `playerctlStatus` is what `playerctl status` answered.
    static func check(_ session: FuzzSession, playerctlStatus: String) throws -> Report {
        var problems: [String] = []
        for path in [mprisPath, EarshotIntrospection.objectPath] {
            if case .failure(let error) = session.ask(path, "org.freedesktop.DBus.Peer", "Ping") { problems.append("Ping \(path): \(error)") }
        }
        if !["Playing", "Paused", "Stopped"].contains(playerctlStatus) { problems.append("playerctl status: '\(playerctlStatus)'") }

        let node = try IntrospectionNode(xml: MPRISIntrospection.xml)
        for interface in node.interfaces where !interface.properties.isEmpty && !interface.name.hasPrefix("org.freedesktop") {
            problems += propertyTypes(session, interface)
        }

        // The episode may advance between two reads while playing: take a snapshot whose Metadata is
        // the same before and after Status.
        for attempt in 1...3 {
            let before = metadata(session), status = earshotStatus(session), after = metadata(session)
            guard let before, let after, let status else {
                return Report(problems: problems + ["Metadata or Status did not answer"])
            }
            guard before.trackID == after.trackID || attempt == 3 else { continue }
            problems += episodeProblems(before, status)
            if case .failure(let error) = session.ask(EarshotIntrospection.objectPath, earshot, "Queue") { problems.append("Queue: \(error)") }
            return Report(problems: problems, trackID: before.trackID, podcastSubscribed: status["podcast"] != nil)
        }
        return Report(problems: problems)
    }

    private static func propertyTypes(_ session: FuzzSession, _ interface: InterfaceDescription) -> [String] {
        switch session.ask(mprisPath, "org.freedesktop.DBus.Properties", "GetAll", [.string(interface.name)]) {
        case .failure(let error):
            return ["GetAll(\(interface.name)): \(error)"]
        case .success(let values):
            let all = values.first?.stringKeyedEntries ?? [:]
            var problems: [String] = []
            for property in interface.properties where property.access.isReadable {
                let type = all[property.name]?.variantValue?.signature
                if type != property.type { problems.append("\(interface.name).\(property.name) has type \(type ?? "none"), declared \(property.type)") }
            }
            for name in all.keys where interface.property(name) == nil { problems.append("\(interface.name).\(name) is not declared") }
            return problems
        }
    }

    private struct Metadata { var trackID: String?; var length: Int64?; var position: Int64? }

    private static func metadata(_ session: FuzzSession) -> Metadata? {
        guard case .success(let values) = session.ask(mprisPath, "org.freedesktop.DBus.Properties", "GetAll", [.string(player)]),
              let all = values.first?.stringKeyedEntries else { return nil }
        let fields = all["Metadata"]?.variantValue?.stringKeyedEntries ?? [:]
        return Metadata(trackID: fields["mpris:trackid"]?.variantValue?.objectPathValue,
                        length: fields["mpris:length"]?.variantValue?.int64Value, position: all["Position"]?.variantValue?.int64Value)
    }

    private static func earshotStatus(_ session: FuzzSession) -> [String: DBusValue]? {
        guard case .success(let values) = session.ask(EarshotIntrospection.objectPath, earshot, "Status") else { return nil }
        return values.first?.stringKeyedEntries
    }

    private static func episodeProblems(_ metadata: Metadata, _ status: [String: DBusValue]) -> [String] {
        var problems: [String] = []
        let episode = status["episode"]?.variantValue?.stringKeyedEntries
        if let guid = episode?["guid"]?.variantValue?.stringValue {
            let expected = TrackID(episodeGUID: guid).path
            if metadata.trackID != expected { problems.append("mpris:trackid \(metadata.trackID ?? "none"), current episode's \(expected)") }
        } else if let trackID = metadata.trackID, trackID != TrackID.noTrack.path {
            problems.append("mpris:trackid \(trackID) without a current episode in Status: \(status)")
        }
        if let position = metadata.position {
            if position < 0 { problems.append("Position \(position) < 0") }
            if let length = metadata.length, position > length { problems.append("Position \(position) > mpris:length \(length)") }
        }
        return problems
    }
}
