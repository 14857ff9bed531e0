import EarshotCore
import EarshotFeed
import EarshotLocale
import EarshotMPRIS
import EarshotStore

/// EpisodeNotes on org.earshot.Earshot1: an episode's show notes as text and the addresses they link
/// to, read and made plain off the loop.
extension LibraryInterface {
    func notes(of episode: EpisodeID) -> MethodReply {
        let store = self.store
        return .later { [weak self] respond in
            guard let self else { return }
            self.background.run({ () -> Result<[DBusValue]?, Error> in
                Result {
                    try store.storedEpisode(episode).map { stored in
                        let text = stored.episode.description
                        let links = NoteLinks.of(raw: stored.episode.rawDescription,
                                                 isHTML: stored.episode.rawDescriptionFormat == .html, text: text)
                        return [.string(text), .stringArray(links)]
                    }
                }
            }) { result in
                switch result {
                case .success(let values?): respond(.success(values))
                case .success(nil): respond(.failure(LibraryError.noSuchEpisode(episode).playerError.busError))
                case .failure(let error): respond(.failure(.failed(tr("cannot read the library: %s", "\(error)"))))
                }
            }
        }
    }
}
