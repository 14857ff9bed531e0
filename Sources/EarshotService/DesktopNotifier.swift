import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import Foundation

/// Core's `Notifier` as a client of the desktop's notification server (`org.freedesktop.Notifications`,
/// the Desktop Notifications Specification). Each notice asks the server for its capabilities, then
/// sends `Notify`: app name "Earshot", the icon as a file (a name the icon theme lacks is drawn as a
/// placeholder) and desktop entry `earshot`, the cover as `image-path` when the server shows images, the
/// actions when it offers actions — the notice's default action as `default`, what clicking its body
/// does — and the body escaped when it reads markup.
/// `ActionInvoked` and `NotificationClosed` are heard for Earshot's own notices only. Every call is
/// asynchronous; with no server on the bus nothing is shown (one debug line).
public final class DesktopNotifier: Notifier {
    public var onAction: (UInt32, NoticeAction) -> Void = { _, _ in }
    public var onClosed: (UInt32) -> Void = { _ in }

    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let category = "x-earshot.podcast.new-episodes"
    /// The action key the specification reserves for clicking the notice itself.
    static let defaultActionKey = "default"
    /// How long a call to the server may take before the notice is given up.
    static let timeoutMilliseconds: Int32 = 10_000

    private let connection: BusConnection
    /// Earshot's icon as a file, when it can be found.
    private let icon: URL?
    /// The notices posted here, with their default action (signals for other applications' notices
    /// are ignored).
    private var posted: [UInt32: NoticeAction?] = [:]
    /// The unique name of the server that answered last: only its signals count.
    private var server: String?

    /// A notifier on `connection` showing `icon` (else the icon theme's `earshot`); it starts listening
    /// for the server's signals at once.
    public init(connection: BusConnection, icon: URL?) {
        self.connection = connection
        self.icon = icon
        connection.addMatch("type='signal',sender='\(Self.service)',path='\(Self.path)',interface='\(Self.service)'") { error in
            if let error { Log.debug("cannot hear the notification server's signals: \(error)") }
        }
        connection.addSignalHandler { [weak self] in self?.handle($0) }
    }

    public func post(_ notice: Notice, replacing: UInt32?, posted: @escaping (UInt32?) -> Void) {
        call("GetCapabilities", []) { [weak self] reply in
            guard let self, let reply else { return posted(nil) }
            let capabilities = Set((try? reply.arguments(expecting: "as"))?.first?.stringArrayValue ?? [])
            let arguments = Self.arguments(notice, replacing: replacing, capabilities: capabilities, icon: self.icon)
            self.call("Notify", arguments) { [weak self] reply in
                guard let self, let reply, let id = (try? reply.arguments(expecting: "u"))?.first?.uint32Value else {
                    return posted(nil)
                }
                self.server = reply.sender
                self.posted[id] = .some(notice.defaultAction)
                posted(id)
            }
        }
    }

    /// Notify's arguments (susssasa{sv}i) for `notice` on a server with `capabilities`.
    static func arguments(_ notice: Notice, replacing: UInt32?, capabilities: Set<String>, icon: URL?) -> [DBusValue] {
        var hints: [(String, DBusValue)] = [("desktop-entry", .string("earshot")), ("category", .string(category))]
        if let image = notice.image, !capabilities.isDisjoint(with: ["icon-static", "icon-multi"]) {
            hints.append(("image-path", .string(image.absoluteString)))
        }
        let clickable = notice.defaultAction.map { [Self.defaultActionKey, $0.label] } ?? []
        let actions = capabilities.contains("actions") ? clickable + notice.actions.flatMap { [$0.rawValue, $0.label] } : []
        let plain = notice.body.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.stripped(String($0)) }
            .joined(separator: "\n")
        let body = capabilities.contains("body-markup") ? escaped(plain) : plain
        return [.string("Earshot"), .uint32(replacing ?? 0), .string(icon?.absoluteString ?? "earshot"), .string(SafeText.stripped(notice.title)), .string(body),
                .stringArray(actions), .vardict(hints), .int32(-1)]
    }

    /// `text` with the characters markup gives a meaning to written as entities.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Calls `method` of the server; `reply` gets nil when there is no server or it failed.
    private func call(_ method: String, _ arguments: [DBusValue], reply: @escaping (BusMessage?) -> Void) {
        do {
            let message = try BusMessage.methodCall(destination: Self.service, path: Self.path, interface: Self.service,
                                                    member: method, arguments: arguments)
            connection.call(message, timeoutMilliseconds: Self.timeoutMilliseconds) { result in
                switch result {
                case .success(let message): reply(message)
                case .failure(let error):
                    Log.debug("no desktop notification: \(Self.service).\(method): \(error)")
                    reply(nil)
                }
            }
        } catch {
            Log.debug("no desktop notification: \(error)")
            reply(nil)
        }
    }

    private func handle(_ message: BusMessage) {
        guard message.interface == Self.service, message.path == Self.path, message.sender == server else { return }
        switch message.member {
        case "ActionInvoked":
            guard let arguments = try? message.arguments(expecting: "us"), let id = arguments[0].uint32Value,
                  let defaultAction = posted[id], let key = arguments[1].stringValue else { return }
            guard let action = key == Self.defaultActionKey ? defaultAction : NoticeAction(rawValue: key) else { return }
            onAction(id, action)
        case "NotificationClosed":
            guard let id = (try? message.arguments(expecting: "uu"))?.first?.uint32Value, posted.removeValue(forKey: id) != nil else { return }
            onClosed(id)
        default:
            break
        }
    }
}
