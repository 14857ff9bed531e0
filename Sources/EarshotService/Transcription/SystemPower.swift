import EarshotCore
import EarshotGLib
import EarshotMPRIS
import Foundation

/// The computer's power from the system bus (Core's `PowerWatching`): UPower's `OnBattery`
/// (org.freedesktop.UPower) and the power profile (`ActiveProfile` of net.hadess.PowerProfiles, or
/// org.freedesktop.UPower.PowerProfiles), read once and then followed by PropertiesChanged. No system
/// bus, or no such service: mains power in a normal profile.
public final class SystemPower: PowerWatching {
    public private(set) var state = PowerState.mains
    private var connection: BusConnection?
    private var watchers: [(PowerState) -> Void] = []
    private let address: String
    private let context: MainContext

    private static let upower = (name: "org.freedesktop.UPower", path: "/org/freedesktop/UPower", interface: "org.freedesktop.UPower")
    private static let profiles = [
        (name: "net.hadess.PowerProfiles", path: "/net/hadess/PowerProfiles", interface: "net.hadess.PowerProfiles"),
        (name: "org.freedesktop.UPower.PowerProfiles", path: "/org/freedesktop/UPower/PowerProfiles",
         interface: "org.freedesktop.UPower.PowerProfiles"),
    ]

    /// Power on the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the usual socket), connected to on
    /// `context` when first watched.
    public init(environment: [String: String], context: MainContext) {
        address = environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "unix:path=/run/dbus/system_bus_socket"
        self.context = context
    }

    public func watch(_ changed: @escaping (PowerState) -> Void) {
        watchers.append(changed)
        if watchers.count == 1 { connect() }
    }

    private func connect() {
        do {
            connection = try BusConnection(address: address, context: context)
        } catch {
            Log.message("no system bus (\(error)): transcription counts as on mains power")
            return
        }
        let connection = self.connection!
        connection.addSignalHandler { [weak self] message in self?.signalled(message) }
        for service in [Self.upower] + Self.profiles {
            connection.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(service.path)'")
        }
        ask(Self.upower, "OnBattery")
        Self.profiles.forEach { ask($0, "ActiveProfile") }
    }

    /// Ends the connection (at quit).
    public func close() {
        connection?.close()
        connection = nil
    }

    private func ask(_ service: (name: String, path: String, interface: String), _ property: String) {
        guard let connection, let message = try? BusMessage.methodCall(
            destination: service.name, path: service.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            arguments: [.string(service.interface), .string(property)]) else { return }
        connection.call(message, timeoutMilliseconds: 5_000) { [weak self] reply in
            guard case .success(let answer) = reply, case .variant(let value)? = try? answer.arguments().first else { return }
            self?.apply(property, value)
        }
    }

    private func signalled(_ message: BusMessage) {
        guard message.member == "PropertiesChanged", message.interface == "org.freedesktop.DBus.Properties",
              let arguments = try? message.arguments(), arguments.count >= 2,
              case .string(let interface) = arguments[0], case .dictionary(_, _, let entries) = arguments[1],
              interface == Self.upower.interface || Self.profiles.contains(where: { $0.interface == interface })
        else { return }
        for entry in entries {
            guard case .string(let property) = entry.key, case .variant(let value) = entry.value else { continue }
            apply(property, value)
        }
    }

    private func apply(_ property: String, _ value: DBusValue) {
        var next = state
        switch (property, value) {
        case ("OnBattery", .boolean(let onBattery)): next.onBattery = onBattery
        case ("ActiveProfile", .string(let profile)): next.powerSaver = profile == "power-saver"
        default: return
        }
        guard next != state else { return }
        state = next
        watchers.forEach { $0(next) }
    }
}
