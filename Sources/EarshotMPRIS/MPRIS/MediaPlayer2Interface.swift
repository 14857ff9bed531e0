/// `org.mpris.MediaPlayer2`: identity and capabilities of the application.
///
/// CanQuit true (Quit replies, flushes, then calls `PlayerControl.quit()`), CanRaise false (Raise has
/// no effect), no Fullscreen/CanSetFullscreen (optional, left out), HasTrackList false, Identity
/// `Earshot`, DesktopEntry `earshot`, SupportedUriSchemes file/http/https and the podcast
/// apps' aliases of http (feed, itpc, pcast, podcast), SupportedMimeTypes as given.
final class MediaPlayer2Interface: BusInterface {
    let name = MPRISAdapter.rootInterface
    private let control: any PlayerControl
    private let supportedMimeTypes: [String]

    /// The URI schemes OpenUri accepts: a desktop's "open with" hands podcast links over as they are.
    static let supportedURISchemes = ["file", "http", "https", "feed", "itpc", "pcast", "podcast"]

    init(control: any PlayerControl, supportedMimeTypes: [String]) {
        self.control = control
        self.supportedMimeTypes = supportedMimeTypes
    }

    func value(of property: String) -> DBusValue? {
        switch property {
        case "CanQuit": .boolean(true)
        case "CanRaise": .boolean(false)
        case "HasTrackList": .boolean(false)
        case "Identity": .string("Earshot")
        case "DesktopEntry": .string("earshot")
        case "SupportedUriSchemes": .stringArray(Self.supportedURISchemes)
        case "SupportedMimeTypes": .stringArray(supportedMimeTypes)
        default: nil
        }
    }

    func setValue(_ value: DBusValue, of property: String) throws(BusError) {
        throw .propertyReadOnly("\(name).\(property) is read-only")
    }

    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
        switch method {
        case "Raise":
            return .empty  // CanRaise is false: no effect
        case "Quit":
            let control = self.control
            return MethodReply(afterReply: { control.quit() })
        default:
            throw .unknownMethod("\(name) has no method \(method)")
        }
    }
}
