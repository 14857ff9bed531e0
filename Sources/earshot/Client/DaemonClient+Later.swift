import EarshotMPRIS

/// Calls that do not wait: the terminal interface sends them and goes on drawing; the answer (or the
/// failure in plain words) comes later on this thread's context.
extension DaemonClient {
    /// Calls `member` of org.earshot.Earshot1; `reply` runs later with its out arguments.
    /// `unlimited` waits as long as the daemon takes (Refresh, Transcript: it answers by its own deadlines).
    func callLater(
        _ member: String, _ arguments: [DBusValue] = [], about subject: DaemonFailure.Subject? = nil, unlimited: Bool = false,
        reply: @escaping (Result<[DBusValue], CommandFailure>) -> Void
    ) {
        send(destination: EarshotBus.name, path: EarshotBus.path, interface: EarshotBus.interface, member: member,
             arguments: arguments, about: subject, timeout: unlimited ? Int32.max : -1, reply: reply)
    }

    /// Calls `member` of MPRIS's Player (PlayPause, Seek, Next, Previous); `reply` runs later.
    func callPlayerLater(_ member: String, _ arguments: [DBusValue] = [], reply: @escaping (Result<[DBusValue], CommandFailure>) -> Void) {
        send(destination: EarshotBus.name, path: MPRISAdapter.objectPath, interface: MPRISAdapter.playerInterface,
             member: member, arguments: arguments, about: nil, timeout: -1, reply: reply)
    }

    /// Sets MPRIS's Player property `name` to `value`; `reply` runs later.
    func setPlayerPropertyLater(_ name: String, _ value: DBusValue, reply: @escaping (Result<[DBusValue], CommandFailure>) -> Void) {
        send(destination: EarshotBus.name, path: MPRISAdapter.objectPath, interface: "org.freedesktop.DBus.Properties",
             member: "Set", arguments: [.string(MPRISAdapter.playerInterface), .string(name), .variant(value)], about: nil, timeout: -1, reply: reply)
    }

    private func send(
        destination: String, path: String, interface: String, member: String, arguments: [DBusValue],
        about subject: DaemonFailure.Subject?, timeout: Int32, reply: @escaping (Result<[DBusValue], CommandFailure>) -> Void
    ) {
        do {
            let message = try BusMessage.methodCall(destination: destination, path: path, interface: interface,
                                                    member: member, arguments: arguments)
            message.autoStart = startsDaemon
            connection.call(message, timeoutMilliseconds: timeout) { result in
                reply(result.flatMap { answer in
                    do throws(BusError) { return .success(try answer.arguments()) } catch { return .failure(error) }
                }.mapError { CommandFailure(DaemonFailure.words(for: $0, about: subject)) })
            }
        } catch {
            reply(.failure(CommandFailure(DaemonFailure.words(for: error, about: subject))))
        }
    }
}
