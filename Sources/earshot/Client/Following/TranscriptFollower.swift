import EarshotGLib
import EarshotLocale
import Foundation

/// `earshot transcript --follow`: prints the transcript of the episode playing as it is spoken, and keeps
/// up with the daemon without polling.
///
/// Every reason to look again — a seek, a change of episode, play state or rate (`PlayerSignal`), or the
/// timer at the next line — only raises a flag; the loop then reads the playhead once (Status), prints
/// what it moved past (`TranscriptCursor`, laid out by `FollowDisplay`) and arms one timer for when the
/// next line begins (`TranscriptTimeline.wait`): none while paused or stopped. An episode becoming
/// current gets a heading and its transcript (Transcript); one without a transcript, or without times
/// in it, gets a note on standard error and following waits for the next episode.
///
/// Ctrl-C and SIGTERM end following with status 0, the spoken line re-drawn plain. Earshot quitting ends
/// it with a failure; following never starts the daemon again.
final class TranscriptFollower {
    private let client: DaemonClient
    private var display = FollowDisplay(terminal: Terminal.isTerminal(Terminal.standardOutput))
    /// Whether the playhead has been read yet.
    private var looked = false
    /// The episode current at the last look (nil: none).
    private var episode: Int64?
    /// Its transcript, while it can be followed.
    private var cursor: TranscriptCursor?
    /// Whether something happened that the next look is to read.
    private var needsLook = true
    /// Whether the playhead was seeked since the last look.
    private var seeked = false
    /// Why following ends, once it must.
    private var ending: CommandFailure?
    /// The one timer: when the next line begins.
    private var timer: SourceHandle?

    private init(client: DaemonClient) { self.client = client }

    /// Follows until SIGINT or SIGTERM ends the process; throws when Earshot quits or the bus goes away.
    static func follow() throws {
        _ = try DaemonClient().status()  // starts Earshot through D-Bus activation when it is not running
        let follower = TranscriptFollower(client: try DaemonClient(startsDaemon: false))
        try follower.run()
    }

    private func run() throws {
        client.onPlayerSignal { [weak self] in self?.heard($0) }
        client.connection.onDisconnect = { [weak self] _ in self?.ending = CommandFailure(tr("lost the connection to the session bus")) }
        let signals = QuitSignals(on: client.connection.context) { [weak self] in self?.endOnSignal() }
        defer {
            withExtendedLifetime(signals) {}
            write(display.settle())
        }
        while true {
            if let ending { throw ending }
            if needsLook {
                needsLook = false
                do { try look() } catch { throw ending ?? error }  // a call cut short by the daemon quitting says so
            } else {
                client.connection.context.iterate(mayBlock: true)
            }
        }
    }

    private func heard(_ signal: PlayerSignal) {
        switch signal {
        case .seeked:
            seeked = true
            needsLook = true
        case .changed:
            needsLook = true
        case .quit:
            // TRANSLATORS: `earshot transcript --follow` ends because the daemon quit.
            ending = CommandFailure(tr("Earshot quit; nothing more to follow"))
        }
    }

    /// Reads the playhead and prints what changed: a new episode, or the lines it moved past.
    private func look() throws {
        timer?.cancel()
        timer = nil
        let status = try client.status()
        if looked, status.episode?.id == episode {
            guard var cursor else { return }
            let playhead = Playhead(status)
            show(cursor.move(to: playhead.position, seeked: seeked))
            self.cursor = cursor
            seeked = false
            arm(cursor.timeline.wait(from: playhead))
            return
        }
        looked = true
        episode = status.episode?.id
        cursor = nil
        seeked = false
        guard let current = status.episode else {
            if Terminal.isTerminal(Terminal.standardError) { note(tr("no episode is current; waiting for one to play")) }
            return
        }
        show([.episode(current, podcast: status.podcast?.displayTitle)])
        cursor = transcriptCursor(of: current.id)
        if cursor != nil { needsLook = true }  // the playhead moved on while the transcript was fetched
    }

    /// A cursor over `episode`'s transcript; nil, with a note saying why, when it cannot be followed.
    private func transcriptCursor(of episode: Int64) -> TranscriptCursor? {
        let timeline: TranscriptTimeline
        do {
            timeline = TranscriptTimeline(try client.transcript(of: episode).segments)
        } catch {
            // TRANSLATORS: `earshot transcript --follow` cannot follow an episode; %s says why.
            if ending == nil { note(tr("%s; waiting for the next episode", "\(error)")) }
            return nil
        }
        guard !timeline.isEmpty else {
            // TRANSLATORS: `earshot transcript --follow` of an episode (%d, its number) whose transcript has no times.
            note(tr("episode %d's transcript has no times to follow; waiting for the next episode", Int(episode)))
            return nil
        }
        return TranscriptCursor(timeline)
    }

    private func arm(_ wait: Duration?) {
        guard let wait else { return }
        timer = client.connection.context.addTimeout(milliseconds: UInt32(clamping: wait.inMillisecondsRoundedUp)) { [weak self] in
            self?.needsLook = true
            return false
        }
    }

    private func show(_ outputs: [FollowOutput]) {
        write(display.render(outputs, columns: Terminal.columns(of: Terminal.standardOutput)))
    }

    /// A line on standard error, after the spoken line is re-drawn plain (so the two stay in order).
    private func note(_ text: String) {
        write(display.settle())
        Console.fail(text)
    }

    /// Ends the process on SIGINT or SIGTERM, with status 0 and the terminal tidy.
    private func endOnSignal() {
        write(display.settle())
        exit(0)
    }

    private func write(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
