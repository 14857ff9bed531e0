import EarshotCore
import EarshotMPRIS
@testable import EarshotService
import Foundation
import Testing

/// What the notification server is sent.
@Suite("Notifications: the arguments of Notify")
struct DesktopNotifierTests {
    private static let gnome: Set<String> = ["actions", "body", "body-markup", "icon-static", "persistence"]

    @Test func feedTextReachesTheNotificationWithoutControlOrBidiCharacters() {
        let notice = Notice(title: "Show\u{1B}]0;owned\u{07}: \u{202E}evil", body: "one\u{1B}[2J\ntwo", image: nil, actions: [.play],
                            defaultAction: .play)
        let arguments = DesktopNotifier.arguments(notice, replacing: nil, capabilities: Self.gnome, icon: nil)
        #expect(arguments[3] == .string("Show]0;owned: evil"))
        #expect(arguments[4] == .string("one[2J\ntwo"), "line breaks between titles stay")
    }

    @Test func theDefaultActionComesFirstAndTheIconIsAFileWhenThereIsOne() {
        let notice = Notice(title: "t", body: "", image: nil, actions: [.play, .queue], defaultAction: .play)
        let icon = URL(fileURLWithPath: "/usr/share/icons/hicolor/scalable/apps/earshot.svg")
        let arguments = DesktopNotifier.arguments(notice, replacing: nil, capabilities: Self.gnome, icon: icon)
        #expect(arguments[2] == .string(icon.absoluteString))
        #expect(arguments[5] == .stringArray(["default", "Play", "play", "Play", "queue", "Add to Up Next"]))
        #expect(DesktopNotifier.arguments(notice, replacing: nil, capabilities: ["body"], icon: nil)[5] == .stringArray([]))
    }
}
