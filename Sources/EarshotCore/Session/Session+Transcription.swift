import EarshotLocale
import EarshotStore
import Foundation

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
        guard let transcription else { return completion(.failure(.failed(tr("transcription is not available")))) }
        transcription.ask(episodes, download: { [weak self] in self?.downloads.request($0, byHand: true) }, completion: completion)
    }
}
