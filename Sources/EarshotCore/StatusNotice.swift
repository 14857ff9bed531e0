import EarshotGLib
import EarshotLocale
import EarshotPlayback
import Foundation

/// A windowless player's sign of life: what clicking Earshot's icon in the desktop's app grid shows. A
/// notice names the current episode, whether it plays and where it is, and offers Play when it does not
/// play; with nothing to play, it says how to add a podcast. A newer one replaces the last.
final class StatusNotice {
    let listening: Listening
    let library: Library
    let art: ArtLookup
    let notifier: Notifier
    private var shownID: UInt32?

    /// Notices through `notifier`, whose actions on other notices still go where they went before.
    init(listening: Listening, library: Library, art: ArtLookup, notifier: Notifier) {
        self.listening = listening
        self.library = library
        self.art = art
        self.notifier = notifier
        let earlier = notifier.onAction
        notifier.onAction = { [weak self] id, action in
            guard let self, id == self.shownID, action == .play else { return earlier(id, action) }
            do throws(LibraryError) { try self.listening.play() } catch { Log.warning("the notification's Play: \(error)") }
        }
    }

    /// Shows the notice for listening as it is now.
    func show() {
        let notice = Self.notice(for: listening, library)
        let post = { [weak self] (image: URL?) in
            guard let self else { return }
            var notice = notice
            notice.image = image
            self.notifier.post(notice, replacing: self.shownID) { [weak self] id in self?.shownID = id }
        }
        guard let remote = listening.current?.episode.coverImage ?? listening.current.flatMap({ library.podcast($0.podcast)?.channel.profileImage }) else {
            return post(nil)
        }
        if let file = art.cachedFile(for: remote) { return post(file) }
        art.fetch(remote) { post(try? $0.get()) }
    }

    static var controls: String {
        // TRANSLATORS: a notification's last line; "earshot" and "earshot --help" are a command: keep them.
        tr("Control it with the media keys, the desktop's media controls, or the earshot command (earshot --help).")
    }

    static func notice(for listening: Listening, _ library: Library) -> Notice {
        guard let current = listening.current else {
            // TRANSLATORS: keep the commands "earshot add ADDRESS" and "earshot search WORDS" as they are.
            return Notice(title: tr("Earshot is ready"), body: tr("Nothing to play yet: add a podcast with earshot add ADDRESS or earshot search WORDS."),
                          image: nil, actions: [])
        }
        let title = current.episode.title ?? tr("this episode")
        let show = library.podcast(current.podcast)?.channel.title
        // TRANSLATORS: where playback is in the episode: %1$s is the position, %2$s the length (1:02:03).
        let at = listening.length.map { tr("%1$s of %2$s", Self.clock(listening.position), Self.clock($0)) } ?? Self.clock(listening.position)
        let line = [show, at].compactMap { $0 }.joined(separator: " · ")
        if listening.status == .playing {
            // TRANSLATORS: a notification's title: %s is the episode's title.
            return Notice(title: tr("Playing “%s”", title), body: line + "\n" + controls, image: nil, actions: [])
        }
        // TRANSLATORS: a notification's title: %s is the episode's title.
        return Notice(title: tr("Paused: “%s”", title), body: line + "\n" + controls, image: nil, actions: [.play], defaultAction: .play)
    }

    private static func clock(_ time: Duration) -> String {
        ClockText.clock(Double(time.components.seconds)) ?? "0:00"
    }
}
