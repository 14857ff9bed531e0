import Foundation
import EarshotMPRIS

/// Turns what went wrong talking to the daemon into the one plain line `earshot` prints.
///
/// Earshot's named errors read as what they mean ("no podcast 12"); the bus's own errors about a
/// missing or unstartable daemon read as "Earshot is not running and could not be started: …"; a
/// daemon too old to offer org.earshot.Earshot1 says so; anything else is the daemon's message.
enum DaemonFailure {
    /// What a call was about, so that an error naming "no such" thing can name it.
    enum Subject: Equatable {
        case podcast(Int64)
        case episode(Int64)
    }

    static func words(for error: BusError, about subject: Subject? = nil) -> String {
        let message = error.message.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = error.name
        switch name {
        case EarshotBus.ErrorName.noSuchPodcast:
            if case .podcast(let id) = subject { return "no podcast \(id)" }
            return message.isEmpty ? "no such podcast" : message
        case EarshotBus.ErrorName.noSuchEpisode:
            if case .episode(let id) = subject { return "no episode \(id)" }
            return message.isEmpty ? "no such episode" : message
        case EarshotBus.ErrorName.soundURLMissing:
            if case .episode(let id) = subject { return "episode \(id) has no audio to play" }
            return message.isEmpty ? "that episode has no audio to play" : message
        case EarshotBus.ErrorName.noEpisode:
            return message.isEmpty ? "there is nothing to play" : message
        case EarshotBus.ErrorName.feedUnavailable, EarshotBus.ErrorName.invalidSetting, EarshotBus.ErrorName.failed:
            return message.isEmpty ? "Earshot could not do it (\(name))" : message
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return "Earshot is not running and could not be started: " + (message.isEmpty ? name : message)
        case "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownMethod":
            return "the running Earshot does not offer \(EarshotBus.interface) (an older version?); restart it: "
                + (message.isEmpty ? name : message)
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
             "org.freedesktop.DBus.Error.TimedOut":
            return "Earshot did not answer (\(message.isEmpty ? name : message))"
        case "org.freedesktop.DBus.Error.Disconnected":
            return "lost the connection to the session bus"
        default:
            if name.hasPrefix("org.freedesktop.DBus.Error.Spawn.") {
                return "Earshot is not running and could not be started: " + (message.isEmpty ? name : message)
            }
            return message.isEmpty ? name : message
        }
    }

    /// No session bus to talk to.
    static func noSessionBus(_ error: BusError) -> String {
        let message = error.message.isEmpty ? error.name : error.message
        return "Earshot is not running and could not be started: cannot reach the session bus (\(message))"
    }

    /// The daemon answered with something other than what the interface declares.
    static func unexpectedReply(_ member: String) -> String {
        "the running Earshot answered \(member) with something unexpected (another version?)"
    }
}
