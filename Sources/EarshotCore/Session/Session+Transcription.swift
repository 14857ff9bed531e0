import EarshotStore
import Foundation

/// What became of one episode asked to be transcribed (`Session.transcribe`).
public enum TranscribeOutcome: Sendable, Equatable {
    /// In line (at the front).
    case queued
    /// Downloading first, then in line.
    case downloading
    /// Not transcribed, and why.
    case refused(String)
}

extension Session {
    /// Transcripts are made on this computer by `transcriber`, kept in `store`, only while `power` says
    /// mains; `begin` starts it.
    public func transcribeHere(with transcriber: Transcriber, store: TranscriptionStore, power: PowerWatching) {
        transcription = Transcription(transcriber: transcriber, store: store, power: power, background: background, timers: timers,
                                      events: events)
    }

    /// Transcribes `episodes` next, in this order, downloading first those that are not (`earshot
    /// transcribe`); `completion` gets each one's outcome, on the loop.
    public func transcribe(_ episodes: [EpisodeID], completion: @escaping (Result<[(EpisodeID, TranscribeOutcome)], LibraryError>) -> Void) {
        guard let transcription else { return completion(.failure(.failed("transcription is not available"))) }
        if case .failure(let why)? = transcription.engine {
            return completion(.failure(.failed(Transcription.describe(why))))
        }
        let store = transcription.store
        background.run({ () -> Result<[(EpisodeID, TranscriptionCandidate?, Bool, Bool)], LibraryError> in
            do {
                return .success(try episodes.map { episode in
                    let candidate = try store.transcriptionCandidates(settingKey: Transcription.settingKey, episode: episode, limit: 1).first
                    let downloaded = candidate.map { FileManager.default.fileExists(atPath: $0.file.path) } ?? false
                    return (episode, candidate, downloaded, try store.hasTranscript(episode))
                })
            } catch {
                return .failure(.failed("cannot read the episodes: \(error)"))
            }
        }) { [weak self] read in
            guard let self, let transcription = self.transcription else { return }
            switch read {
            case .failure(let error): completion(.failure(error))
            case .success(let rows):
                if let missing = rows.first(where: { $0.1 == nil }) { return completion(.failure(.noSuchEpisode(missing.0))) }
                let outcomes = rows.map { episode, candidate, downloaded, published -> (EpisodeID, TranscribeOutcome) in
                    if published { return (episode, .refused("its publisher's transcript is stored")) }
                    if let why = transcription.languageReason(candidate?.language) { return (episode, .refused(why)) }
                    return (episode, downloaded ? .queued : .downloading)
                }
                let accepted = outcomes.filter { !Self.isRefusal($0.1) }.map(\.0)
                let toDownload = outcomes.filter { $0.1 == .downloading }.map(\.0)
                if !toDownload.isEmpty { self.downloads.request(toDownload, byHand: true) }
                if !accepted.isEmpty { transcription.request(accepted) }
                completion(.success(outcomes))
            }
        }
    }

    private static func isRefusal(_ outcome: TranscribeOutcome) -> Bool {
        if case .refused = outcome { return true }
        return false
    }
}
