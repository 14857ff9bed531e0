import EarshotGLib
import EarshotMPRIS

/// Whether the connection is metered, as NetworkManager says (its `Metered` property on the system
/// bus: NM_METERED_YES = 1 and NM_METERED_GUESS_YES = 3 are metered), read at start and followed
/// through PropertiesChanged and NetworkManager coming and going. No system bus, or no NetworkManager
/// on it, is a connection that is not metered. Everything is asynchronous on the loop: the start only
/// connects to the bus.
public final class NetworkMeter {
    private let connection: BusConnection?
    private let changed: (Bool) -> Void
    private var metered = false
    /// Called once, when it is first known whether the connection is metered.
    private var known: (() -> Void)?

    static let name = "org.freedesktop.NetworkManager", path = "/org/freedesktop/NetworkManager"
    static let properties = "org.freedesktop.DBus.Properties"

    /// Follows NetworkManager on the system bus; `changed` hears each change of whether it is metered
    /// (never the first "not metered"), `known` once the first answer came (at most 2 s after the start:
    /// the session's automatic work waits for it, so nothing starts on a metered connection).
    public init(context: MainContext, changed: @escaping (Bool) -> Void, known: @escaping () -> Void) {
        self.changed = changed
        self.known = known
        do {
            connection = try BusConnection.system(context: context)
        } catch {
            Log.debug("no system bus (\(error)): the connection counts as not metered")
            connection = nil
            _ = context.addIdle { [weak self] in self?.settle() }
            return
        }
        guard let connection else { return }
        connection.addMatch("type='signal',sender='\(Self.name)',path='\(Self.path)',interface='\(Self.properties)',member='PropertiesChanged'")
        connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.name)'")
        connection.addSignalHandler { [weak self] message in self?.heard(message) }
        read()
    }

    /// Whether NetworkManager's `Metered` value means metered.
    static func isMetered(_ value: UInt32) -> Bool { value == 1 || value == 3 }

    private func read() {
        guard let connection, let call = try? BusMessage.methodCall(
            destination: Self.name, path: Self.path, interface: Self.properties, member: "Get",
            arguments: [.string(Self.name), .string("Metered")]) else { return }
        connection.call(call, timeoutMilliseconds: 2_000) { [weak self] reply in
            guard let self else { return }
            switch reply {
            case .success(let message):
                let value = (try? message.arguments())?.first?.variantValue?.uint32Value
                set(value.map(Self.isMetered) ?? false)
            case .failure(let error):
                Log.debug("NetworkManager does not say whether the connection is metered (\(error))")
                set(false)
            }
        }
    }

    private func heard(_ message: BusMessage) {
        guard let arguments = try? message.arguments() else { return }
        switch message.member {
        case "PropertiesChanged":
            guard arguments.first?.stringValue == Self.name,
                  let value = arguments.dropFirst().first?.stringKeyedEntries?["Metered"]?.variantValue?.uint32Value else { return }
            set(Self.isMetered(value))
        case "NameOwnerChanged":
            guard arguments.first?.stringValue == Self.name else { return }
            if arguments.last?.stringValue?.isEmpty ?? true { set(false) } else { read() }
        default:
            break
        }
    }

    private func set(_ metered: Bool) {
        if metered != self.metered {
            self.metered = metered
            changed(metered)
        }
        settle()
    }

    private func settle() {
        let known = self.known
        self.known = nil
        known?()
    }
}
