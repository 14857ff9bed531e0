import CGLib
import EarshotCore
import EarshotGLib
import EarshotLocale
import EarshotPlayback
import Foundation

/// The speech recogniser as a helper process, `earshot-transcriber` (Core's `Transcriber`): started with
/// GLib, fed PCM by a `PCMDecoder` on a thread of its own, its JSON lines read on the loop. Its memory,
/// crashes and leaks stay out of the daemon; it sets its own idle CPU and I/O priority.
public final class HelperTranscriber: Transcriber {
    private let executable: URL
    private let context: MainContext

    /// The transcriber at `$EARSHOT_TRANSCRIBER`, else `$XDG_DATA_HOME/earshot/transcriber/bin/earshot-transcriber`.
    public init(environment: [String: String], context: MainContext) {
        self.context = context
        if let path = environment["EARSHOT_TRANSCRIBER"], !path.isEmpty {
            executable = URL(fileURLWithPath: path)
        } else {
            let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
            executable = URL(fileURLWithPath: data).appendingPathComponent("earshot/transcriber/bin/earshot-transcriber")
        }
        signal(SIGPIPE, SIG_IGN)  // a helper that dies makes the decoder's write fail, not the daemon
    }

    /// What to run to set the engine up.
    static var setUp: String {
        let packaged = "/usr/share/earshot/transcriber/setup"
        return FileManager.default.isExecutableFile(atPath: packaged)
            ? "\(packaged) ~/.local/share/earshot/transcriber"
            // TRANSLATORS: keep the commands "make transcriber" and "scripts/setup-transcriber ~/.local/share/earshot/transcriber".
            : tr("make transcriber in Earshot's source tree, or scripts/setup-transcriber ~/.local/share/earshot/transcriber")
    }

    public func describe(completion: @escaping (Result<EngineDescription, TranscriberUnavailable>) -> Void) {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            context.addIdle { completion(.failure(.notInstalled(setUp: Self.setUp))) }
            return
        }
        var answer: Result<EngineDescription, TranscriberUnavailable>?
        do {
            _ = try HelperProcess([executable.path, "--describe"], withInput: false, context: context, line: { line in
                switch TranscriberLine(line) {
                case .describe(let description)?: answer = answer ?? .success(description)
                case .error(let words)?: answer = answer ?? .failure(.broken(words))
                default: break
                }
            }, ended: { exit in
                // TRANSLATORS: %1$s is the transcriber's program; %2$d its exit status or the signal that ended it.
                let said = exit.code.map { tr("%1$s --describe exited with status %2$d without describing itself", self.executable.path, Int($0)) }
                    // TRANSLATORS: %1$s is the transcriber's program; %2$d the signal that ended it.
                    ?? tr("%1$s --describe was ended by signal %2$d without describing itself", self.executable.path, Int(exit.signal ?? 0))
                completion(answer ?? .failure(.broken(said)))
            })
        } catch {
            context.addIdle { completion(.failure(.broken("\(error)"))) }
        }
    }

    public func start(_ job: TranscriptionJob, hear: @escaping (TranscriberEvent) -> Void) -> TranscriberRun {
        HelperRun(job, executable: executable, context: context, hear: hear)
    }
}

/// One episode being heard: the helper process and the decoder feeding it.
final class HelperRun: TranscriberRun {
    private var process: HelperProcess?
    private var decoder: PCMDecoder?
    private var hear: ((TranscriberEvent) -> Void)?
    private var finished = false

    init(_ job: TranscriptionJob, executable: URL, context: MainContext, hear: @escaping (TranscriberEvent) -> Void) {
        self.hear = hear
        let offset = String(format: "%.3f", job.offset)
        do {
            let process = try HelperProcess([executable.path, "--offset", offset], withInput: true, context: context, line: { [weak self] line in
                self?.heard(line)
            }, ended: { [weak self] exit in
                self?.ended(exit)
            })
            self.process = process
            let decoder = PCMDecoder(file: job.file, offset: job.offset, into: process.stdin)
            self.decoder = decoder
            decoder.start { problem in
                if let problem { Log.warning("transcription: \(problem)") }
            }
        } catch {
            context.addIdle { [weak self] in self?.report(.failed("\(error)")) }
        }
    }

    func pause() { process?.signal(SIGSTOP) }

    func resume() { process?.signal(SIGCONT) }

    func stop() {
        hear = nil
        process?.silence()
        process?.signal(SIGTERM)
        process?.signal(SIGCONT)  // a stopped process only ends once it runs
        decoder?.stop()
    }

    private func heard(_ line: Substring) {
        switch TranscriberLine(line) {
        case .segment(let segment)?: report(.segment(segment))
        case .done(let seconds)?:
            finished = true
            report(.done(seconds: seconds))
        case .error(let words)?: report(.failed(tr("the transcriber says: %s", "\(words)")))
        case .describe?: break
        case nil: Log.warning("transcriber: skipped a line that is not its protocol: \(line.prefix(200))")
        }
    }

    private func ended(_ exit: HelperExit) {
        decoder?.stop()
        guard !finished else { return }
        report(.failed(decoder?.problem ?? exit.code.map { tr("the transcriber exited with status %d before the end", Int($0)) }
            ?? tr("the transcriber was ended by signal %d before the end", Int(exit.signal ?? 0))))
    }

    private func report(_ event: TranscriberEvent) {
        guard let hear else { return }
        if case .segment = event {} else { self.hear = nil }
        hear(event)
    }
}
