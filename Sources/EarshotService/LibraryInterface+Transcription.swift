import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotStore

/// Transcribing on this computer, on org.earshot.Earshot1: Transcribe and TranscriptionStatus (see
/// dbus/org.earshot.Earshot1.xml). The episodes' titles are read off the loop.
extension LibraryInterface {
    func transcribe(_ episodes: [EpisodeID]) -> MethodReply {
        let session = self.session
        return .later { respond in
            session.transcribe(episodes) { result in
                switch result {
                case .success(let outcomes):
                    respond(.success([BusRecords.list(outcomes.map { episode, outcome in
                        switch outcome {
                        case .queued: .vardict([("episode", .int64(episode.rawValue)), ("state", .string("queued"))])
                        case .downloading: .vardict([("episode", .int64(episode.rawValue)), ("state", .string("downloading"))])
                        case .refused(let why):
                            .vardict([("episode", .int64(episode.rawValue)), ("state", .string("refused")), ("reason", .string(why))])
                        }
                    })]))
                case .failure(let error): respond(.failure(error.playerError.busError))
                }
            }
        }
    }

    func transcriptionStatus() throws(LibraryError) -> MethodReply {
        guard let status = session.transcription?.status else { throw .failed(tr("transcription is not available")) }
        let store = self.store, ids = status.queue
        return .later { [weak self] respond in
            guard let self else { return }
            self.background.run({ Result { try store.listEpisodes(ids) } }) { result in
                let listed = (try? result.get()).map { Dictionary($0.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
                let queue = ids.map { id -> DBusValue in
                    var entries: [(String, DBusValue)] = [("episode", .int64(id.rawValue))]
                    if let title = listed[id]?.title { entries.append(("title", .string(title))) }
                    if let title = listed[id]?.podcastTitle { entries.append(("podcast_title", .string(title))) }
                    return .vardict(entries)
                }
                respond(.success([Self.record(status), BusRecords.list(queue)]))
            }
        }
    }

    private static func record(_ status: TranscriptionStatus) -> DBusValue {
        var entries: [(String, DBusValue)] = [("installed", .boolean(status.engine != nil)), ("enabled", .boolean(status.enabled))]
        switch status.unavailable {
        case .notInstalled(let setUp)?: entries.append(("setup", .string(setUp)))
        case .broken(let said)?: entries.append(("problem", .string(said)))
        case nil: break
        }
        if let engine = status.engine {
            entries += [("engine", .string(engine.engine)), ("model", .string(engine.model)),
                        ("languages", .array(elementSignature: "s", engine.languages.map { .string($0) }))]
        }
        if let paused = status.pausedBecause { entries.append(("paused", .string(paused))) }
        if let running = status.running {
            entries += [("running", .int64(running.episode.rawValue)), ("heard", .double(running.heard))]
            if let progress = running.progress { entries.append(("progress", .double(progress))) }
            if let speed = running.speed { entries.append(("speed", .double(speed))) }
            if let left = running.secondsLeft { entries.append(("left", .double(left))) }
        }
        return .vardict(entries)
    }
}
