import EarshotGLib
import EarshotMPRIS

/// The command line's connection to the running Earshot: calls org.earshot.Earshot1 methods on the
/// session bus and waits for their answers, iterating this thread's main context meanwhile (so progress
/// signals are seen while a long call runs).
///
/// The first call to the daemon's well-known name starts it through D-Bus activation when none runs
/// (unless `startsDaemon` is false). Every failure comes out as a `CommandFailure` in plain words (see
/// `DaemonFailure`).
final class DaemonClient {
    let connection: BusConnection
    /// Whether a call may start the daemon (D-Bus activation); when false, a call fails at once if none runs.
    let startsDaemon: Bool
    /// How long a call with the `.standard` timeout waits.
    private let patience: CallTimeout

    /// Connects to the session bus. The shell's completions pass `startsDaemon: false` and a short
    /// `patience`: they ask only a daemon that is already running, and never wait long.
    init(context: MainContext = .threadDefault(), startsDaemon: Bool = true, patience: CallTimeout = .standard) throws {
        self.startsDaemon = startsDaemon
        self.patience = patience
        do {
            connection = try BusConnection.session(context: context)
        } catch {
            throw CommandFailure(DaemonFailure.noSessionBus(error))
        }
    }

    deinit { connection.close() }

    /// Calls `member` of org.earshot.Earshot1 and returns its out arguments. `subject` is what the
    /// call is about, to name it in a failure ("no podcast 12").
    @discardableResult
    func call(
        _ member: String, _ arguments: [DBusValue] = [], timeout: CallTimeout = .standard,
        about subject: DaemonFailure.Subject? = nil
    ) throws -> [DBusValue] {
        do {
            let message = try BusMessage.methodCall(
                destination: EarshotBus.name, path: EarshotBus.path, interface: EarshotBus.interface,
                member: member, arguments: arguments)
            message.autoStart = startsDaemon
            return try connection.callAndWait(message, timeout: timeout == .standard ? patience : timeout).arguments()
        } catch {
            throw CommandFailure(DaemonFailure.words(for: error, about: subject))
        }
    }

    /// Calls `member` and reads its single `aa{sv}` out argument as dictionaries (variants unwrapped).
    func callForList(
        _ member: String, _ arguments: [DBusValue] = [], timeout: CallTimeout = .standard,
        about subject: DaemonFailure.Subject? = nil
    ) throws -> [Vardict] {
        try callForArray(member, arguments, timeout: timeout, about: subject).compactMap(Vardict.init)
    }

    /// Calls `member` and gives the elements of its single array out argument.
    func callForArray(
        _ member: String, _ arguments: [DBusValue] = [], timeout: CallTimeout = .standard,
        about subject: DaemonFailure.Subject? = nil
    ) throws -> [DBusValue] {
        let reply = try call(member, arguments, timeout: timeout, about: subject)
        guard reply.count == 1, let items = reply[0].arrayElements else {
            throw CommandFailure(DaemonFailure.unexpectedReply(member))
        }
        return items
    }
}
