import EarshotGLib
import EarshotTUI
import Foundation

/// The episode page's cover art: the podcast's image the daemon has cached (a local file it names in
/// the podcast's dictionary, asked for with `Podcast`), decoded and turned into cells on a worker
/// thread, so the loop never waits on it.
extension TUIController {
    /// Reads `episode`'s podcast's cached art and hands it to the page (nothing without colours, without
    /// the podcast's id, or when the daemon has not cached an image). Every list the page opens from
    /// (a podcast's, Up Next, the inbox) names the episode's podcast by id, so a show that shares its
    /// title with another still shows its own cover.
    func loadArt(of episode: EpisodeItem) {
        guard let colours = screen.artColours, let podcast = episode.podcast else { return }
        client.callLater("Podcast", [.int64(podcast)]) { [weak self] result in
            guard let self, case .success(let reply) = result, let record = reply.first.flatMap(Vardict.init).flatMap(PodcastRecord.init),
                  let art = record.art.flatMap(URL.init(string:)), art.isFileURL
            else { return }
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
