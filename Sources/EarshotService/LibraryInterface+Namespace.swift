import EarshotCore
import EarshotFeed
import EarshotLocale
import EarshotMPRIS
import EarshotStore
import Foundation

/// The Podcasting 2.0 fields on org.earshot.Earshot1: EpisodesWithPerson, Support, EpisodeDetails,
/// PodcastDetails, Recommended, LiveItems (see dbus/org.earshot.Earshot1.xml). Read on the background.
extension LibraryInterface {
    func episodes(withPerson name: String) throws(LibraryError) -> MethodReply {
        let store = namespaces
        guard !name.isEmpty else { throw .invalidSetting(tr("give a person's name, or part of it")) }
        return episodes { try store.episodes(withPerson: name, limit: nil) }
    }

    func support(of podcast: PodcastID?) throws(LibraryError) -> MethodReply {
        if let podcast { _ = try known(podcast) }
        let store = namespaces
        return later { [NamespaceRecords.support(try store.showNamespaces(of: podcast))] }
    }

    func details(of podcast: PodcastID) throws(LibraryError) -> MethodReply {
        let store = namespaces, id = try known(podcast), session = self.session
        return .later { [weak self] respond in
            self?.background.run({ () -> Result<StoredShowNamespace, BusError> in
                do {
                    guard let show = try store.showNamespaces(of: id).first else { throw LibraryError.noSuchPodcast(id) }
                    return .success(show)
                } catch let error as LibraryError {
                    return .failure(error.playerError.busError)
                } catch {
                    return .failure(.failed(tr("cannot read the library: %s", "\(error)")))
                }
            }, completion: { result in
                respond(result.map { [NamespaceRecords.show($0, refreshEvery: session.refreshInterval(for: $0.fields.updateFrequency))] })
            })
        }
    }

    func details(of episode: EpisodeID) throws(LibraryError) -> MethodReply {
        let store = namespaces
        return later {
            guard let stored = try store.storedEpisode(episode) else { throw LibraryError.noSuchEpisode(episode) }
            return [NamespaceRecords.episode(stored)]
        }
    }

    /// Every show's podroll, each recommended show once, with the podcast the library has for it (by
    /// podcast:guid, else address); those with a feed address become the numbered list `earshot add N`
    /// takes from. A guid the library does not have is resolved to its title and current feed address
    /// through Podcast Index when the listener has set its key and secret (`Finder.resolve`); otherwise,
    /// or when Podcast Index does not know it, the address the podroll gives stands.
    func recommended() throws(LibraryError) -> MethodReply {
        let store = namespaces, podcasts = self.store
        return .later { [weak self] respond in
            self?.background.run({ () -> Result<([(item: RemoteItem, from: StoredShowNamespace)], [String: PodcastID]), Error> in
                Result {
                    let found = NamespaceRecords.recommendations(try store.showNamespaces(of: nil))
                    var byGuid: [String: PodcastID] = [:]
                    for guid in found.compactMap(\.item.feedGuid) { byGuid[guid] = try podcasts.podcastID(guid: guid) }
                    return (found, byGuid)
                }
            }, completion: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let (found, byGuid)):
                    let unknown = found.compactMap { entry in entry.item.feedGuid.flatMap { byGuid[$0] == nil ? $0 : nil } }
                    self.session.finder.resolve(guids: unknown) { [weak self] resolved in
                        guard let self else { return }
                        let shows = RecommendedShows(found: found, resolved: resolved)
                        let list = self.session.finder.recommend(shows.links)
                        var byURL: [URL: PodcastID] = [:]
                        for show in list.shows { if let podcast = show.podcast { byURL[show.feed] = podcast } }
                        respond(.success([NamespaceRecords.recommended(shows) { item in
                            item.feedGuid.flatMap { byGuid[$0] } ?? shows.address(of: item).flatMap { byURL[$0] }
                        }]))
                    }
                case .failure(let error):
                    respond(.failure(.failed(tr("cannot read the library: %s", "\(error)"))))
                }
            })
        }
    }

    func liveItems(of podcast: PodcastID?) throws(LibraryError) -> MethodReply {
        if let podcast { _ = try known(podcast) }
        let store = namespaces
        return later { [NamespaceRecords.live(try store.showNamespaces(of: podcast))] }
    }

    /// Answers with `read`'s values, read and built on the background.
    private func later(_ read: @escaping @Sendable () throws -> [DBusValue]) -> MethodReply {
        .later { [weak self] respond in
            guard let self else { return }
            self.background.run({ () -> Result<[DBusValue], BusError> in
                do {
                    return .success(try read())
                } catch let error as LibraryError {
                    return .failure(error.playerError.busError)
                } catch {
                    return .failure(.failed(tr("cannot read the library: %s", "\(error)")))
                }
            }, completion: respond)
        }
    }
}
