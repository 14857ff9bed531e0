import EarshotGLib
import EarshotTUI
import Foundation

/// The episode page's cover art: the podcast's image the daemon has cached (a local file it names in
/// `Podcasts`), decoded and turned into cells on a worker thread, so the loop never waits on it.
extension TUIController {
    /// Reads `episode`'s podcast's cached art and hands it to the page (nothing without colours, or
    /// when the daemon has not cached an image). The podcast is found by its id, or by its title where
    /// the list the episode came from (Up Next, the inbox) does not give the id.
    func loadArt(of episode: EpisodeItem) {
        guard let colours = screen.artColours else { return }
        client.callLater("Podcasts", []) { [weak self] result in
            guard let self, case .success(let reply) = result, reply.count == 1, let items = reply[0].arrayElements else { return }
            let records = items.compactMap(Vardict.init).compactMap(PodcastRecord.init)
            let record = episode.podcast.flatMap { podcast in records.first { $0.id == podcast } }
                ?? records.first { $0.title.map(Columns.clean) == episode.podcastTitle }
            guard let art = record?.art.flatMap(URL.init(string:)), art.isFileURL else { return }
            let file = art.path
            Worker.run("earshot-tui-art", on: loop.context) {
                CoverArt.picture(of: file, colours: colours)
            } completion: { [weak self] picture in
                self?.state.receiveArt(picture, of: episode.id)
                self?.changed()
            }
        }
    }
}
