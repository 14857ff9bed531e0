import EarshotLocale
import EarshotMPRIS
import Foundation

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
            // TRANSLATORS: a command named a podcast number the library does not have.
            if case .podcast(let id) = subject { return tr("no podcast %d", Int(id)) }
            return message.isEmpty ? tr("no such podcast") : message
        case EarshotBus.ErrorName.noSuchEpisode:
            // TRANSLATORS: a command named an episode number the library does not have.
            if case .episode(let id) = subject { return tr("no episode %d", Int(id)) }
            return message.isEmpty ? tr("no such episode") : message
        case EarshotBus.ErrorName.soundURLMissing:
            // TRANSLATORS: `earshot play` of an episode (%d, its number) whose feed gives no audio file.
            if case .episode(let id) = subject { return tr("episode %d has no audio to play", Int(id)) }
            return message.isEmpty ? tr("that episode has no audio to play") : message
        case EarshotBus.ErrorName.noEpisode:
            return message.isEmpty ? tr("there is nothing to play") : message
        case EarshotBus.ErrorName.feedUnavailable, EarshotBus.ErrorName.invalidSetting, EarshotBus.ErrorName.failed:
            // TRANSLATORS: the daemon refused a call without saying why; %s is the D-Bus error's name.
            return message.isEmpty ? tr("Earshot could not do it (%s)", name) : message
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return notStarted(message.isEmpty ? name : message)
        case "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownMethod":
            // TRANSLATORS: %1$s is the D-Bus interface's name (org.earshot.Earshot1), %2$s the bus's own message.
            return tr("the running Earshot does not offer %1$s (an older version?); restart it: %2$s", EarshotBus.interface,
                      message.isEmpty ? name : message)
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
             "org.freedesktop.DBus.Error.TimedOut":
            // TRANSLATORS: a call to the daemon timed out; %s is the bus's own message.
            return tr("Earshot did not answer (%s)", message.isEmpty ? name : message)
        case "org.freedesktop.DBus.Error.Disconnected":
            return tr("lost the connection to the session bus")
        default:
            if name.hasPrefix("org.freedesktop.DBus.Error.Spawn.") {
                return notStarted(message.isEmpty ? name : message)
            }
            return message.isEmpty ? name : message
        }
    }

    /// No session bus to talk to.
    static func noSessionBus(_ error: BusError) -> String {
        let message = error.message.isEmpty ? error.name : error.message
        // TRANSLATORS: %s is the bus library's own message.
        return tr("Earshot is not running and could not be started: cannot reach the session bus (%s)", message)
    }

    /// The bus could not start the daemon: `reason` is the bus's own words.
    private static func notStarted(_ reason: String) -> String {
        // TRANSLATORS: %s is the session bus's own message saying why.
        tr("Earshot is not running and could not be started: %s", reason)
    }

    /// The daemon answered with something other than what the interface declares.
    static func unexpectedReply(_ member: String) -> String {
        // TRANSLATORS: %s is the name of a D-Bus method (Status, Episodes…): keep it as it is.
        tr("the running Earshot answered %s with something unexpected (another version?)", member)
    }
}
