import EarshotLocale
import Foundation

/// One desktop notification as the rules compose it: plain text, an optional local image and the
/// actions offered. The adapter decides how the notification server shows it.
public struct Notice: Sendable, Equatable {
    /// One line (the notification's summary).
    public var title: String
    /// Further lines; may be empty.
    public var body: String
    /// A local `file://` image (a cached cover), when there is one.
    public var image: URL?
    /// The buttons offered, in order.
    public var actions: [NoticeAction]
    /// What clicking the notice itself does (GNOME's notification list shows no buttons, only the body).
    public var defaultAction: NoticeAction?

    public init(title: String, body: String, image: URL?, actions: [NoticeAction], defaultAction: NoticeAction? = nil) {
        self.title = title
        self.body = body
        self.image = image
        self.actions = actions
        self.defaultAction = defaultAction
    }
}

/// What the listener can do from a notice. The raw value is the action's key on the bus.
public enum NoticeAction: String, Sendable, CaseIterable {
    /// Play the episode the notice names first.
    case play
    /// Put the notice's episodes at the end of Up Next.
    case queue

    /// The button's label.
    public var label: String {
        switch self {
        // TRANSLATORS: a notification's button (and a KRunner action): play the episode.
        case .play: trc("notification button", "Play")
        // TRANSLATORS: a notification's button (and a KRunner action): queue the episodes.
        case .queue: trc("notification button", "Add to Up Next")
        }
    }
}

/// Desktop notifications. The daemon's is a client of `org.freedesktop.Notifications`; unit tests use a
/// double. Everything runs on the main context's thread, and nothing waits for the notification server.
public protocol Notifier: AnyObject {
    /// Called when the listener chose an action of a notice posted here, with that notice's id.
    var onAction: (UInt32, NoticeAction) -> Void { get set }
    /// Called when a notice posted here was closed (expired, dismissed, or closed after an action).
    var onClosed: (UInt32) -> Void { get set }
    /// Shows `notice`, in place of the notice `replacing` when that one is still shown. `posted` runs
    /// later with the notice's id, or nil when nothing could be shown (no notification server).
    func post(_ notice: Notice, replacing: UInt32?, posted: @escaping (UInt32?) -> Void)
}
