import EarshotLocale
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

    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}

extension Transcription {
    /// Puts `episodes` first in line, after reading them off the loop: one whose publisher's transcript
    /// is stored, or in a language the engine does not know, is refused with why; one not downloaded is
    /// handed to `download` first. An episode not stored fails the whole request.
    func ask(_ episodes: [EpisodeID], download: @escaping ([EpisodeID]) -> Void,
             completion: @escaping (Result<[(EpisodeID, TranscribeOutcome)], LibraryError>) -> Void) {
        if case .failure(let why)? = engine { return completion(.failure(.failed(Self.describe(why)))) }
        let store = self.store
        background.run({ () -> Result<[(EpisodeID, TranscriptionCandidate?, Bool, Bool)], LibraryError> in
            do {
                return .success(try episodes.map { episode in
                    let candidate = try store.transcriptionCandidates(settingKey: Self.settingKey, episode: episode, limit: 1).first
                    let downloaded = candidate.map { FileManager.default.fileExists(atPath: $0.file.path) } ?? false
                    return (episode, candidate, downloaded, try store.hasTranscript(episode))
                })
            } catch {
                return .failure(.failed(tr("cannot read the episodes: %s", "\(error)")))
            }
        }) { [weak self] read in
            guard let self else { return }
            switch read {
            case .failure(let error): completion(.failure(error))
            case .success(let rows):
                if let missing = rows.first(where: { $0.1 == nil }) { return completion(.failure(.noSuchEpisode(missing.0))) }
                let outcomes = rows.map { episode, candidate, downloaded, published -> (EpisodeID, TranscribeOutcome) in
                    if published { return (episode, .refused(tr("its publisher's transcript is stored"))) }
                    if let why = self.languageReason(candidate?.language) { return (episode, .refused(why)) }
                    return (episode, downloaded ? .queued : .downloading)
                }
                let toDownload = outcomes.filter { $0.1 == .downloading }.map(\.0)
                if !toDownload.isEmpty { download(toDownload) }
                let accepted = outcomes.filter { !$0.1.isRefusal }.map(\.0)
                if !accepted.isEmpty { self.request(accepted) }
                completion(.success(outcomes))
            }
        }
    }
}
