import EarshotGLib
import EarshotMPRIS
import EarshotTUI
import Foundation
import Glibc

/// `earshot tui` at run time: the terminal's keys go through `TUIState.handle`, its requests become
/// D-Bus calls that do not wait, and their answers and the daemon's signals change the state; the
/// screen is drawn once the loop is idle after a change. Nothing runs while nothing changes, except a
/// once-a-second redraw of the position bar while an episode plays (from the rate, without a call).
final class TUIController {
    var state: TUIState
    let screen: CursesScreen
    let client: DaemonClient
    let loop: MainLoop
    private var drawing: SourceHandle?
    private var ticking: SourceHandle?
    private var watches: [SourceHandle] = []
    /// Podcasts by feed address, read when a refresh first fails (to show the failure on its row).
    var podcastsByURL: [String: Int64]?

    init(client: DaemonClient, screen: CursesScreen, context: MainContext) {
        self.client = client
        self.screen = screen
        loop = MainLoop(context: context)
        let size = screen.size
        state = TUIState(width: size.width, height: size.height)
    }

    /// Runs until `q` (or SIGTERM, SIGINT, SIGHUP, or the terminal going away); playback goes on.
    func run() {
        let context = loop.context
        watches.append(context.addReadWatch(descriptor: STDIN_FILENO) { [weak self] hungUp in self?.readKeys(hungUp: hungUp) ?? false })
        watches.append(context.addSignalWatch(SIGWINCH) { [weak self] in self?.resized(); return true })
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            watches.append(context.addSignalWatch(signal) { [weak self] in self?.loop.quit(); return true })
        }
        followSignals()
        draw()
        perform([.load(.library)])
        readStatus()
        loop.run()
        watches.forEach { $0.cancel() }
        ticking?.cancel()
        drawing?.cancel()
        screen.end()
    }

    // MARK: Keys and the screen

    /// Reads the keys waiting; the terminal hanging up ends the interface.
    private func readKeys(hungUp: Bool) -> Bool {
        let keys = screen.readKeys()
        if keys.isEmpty, hungUp { loop.quit(); return false }
        for key in keys {
            if key == .resize { resized(); continue }
            perform(state.handle(key))
        }
        changed()
        return true
    }

    private func resized() {
        screen.noteResize()
        let size = screen.size
        state.resize(width: size.width, height: size.height)
        changed()
    }

    /// The state changed: draw once the loop is idle (several changes in one iteration draw once).
    func changed() {
        guard drawing == nil else { return }
        drawing = loop.context.addIdle { [weak self] in
            self?.drawing = nil
            self?.draw()
        }
    }

    private func draw() {
        screen.draw(state.frame(now: Date()))
    }

    /// What plays changed: the position bar ticks once a second while it plays, and not otherwise.
    func nowPlayingChanged() {
        let playing = state.nowPlaying.state == .playing
        if playing, ticking == nil {
            ticking = loop.context.addTimeout(milliseconds: 1000) { [weak self] in self?.changed(); return true }
        } else if !playing {
            ticking?.cancel()
            ticking = nil
        }
        changed()
    }

    /// Shows a failure on the message line.
    func fail(_ failure: CommandFailure) {
        state.say(failure.description, error: true)
        changed()
    }
}
