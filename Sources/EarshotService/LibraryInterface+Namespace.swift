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
        let store = try namespaces()
        guard !name.isEmpty else { throw .invalidSetting(tr("give a person's name, or part of it")) }
        return episodes { try store.episodes(withPerson: name, limit: nil) }
    }

    func support(of podcast: PodcastID?) throws(LibraryError) -> MethodReply {
        if let podcast { _ = try known(podcast) }
        let store = try namespaces()
        return later { [NamespaceRecords.support(try store.showNamespaces(of: podcast))] }
    }

    func details(of podcast: PodcastID) throws(LibraryError) -> MethodReply {
        let store = try namespaces(), id = try known(podcast), session = self.session
        return .later { [weak self] respond in
            self?.background.run({ () -> Result<StoredShowNamespace, BusError> in
                do {
                    guard let show = try store.showNamespaces(of: id).first else { throw LibraryError.noSuchPodcast(id) }
                    return .success(show)
                } catch let error as LibraryError {
                    return .failure(error.playerError.busError)
                } catch {
                    return .failure(.failed("cannot read the library: \(error)"))
                }
            }, completion: { result in
                respond(result.map { [NamespaceRecords.show($0, refreshEvery: session.refreshInterval(for: $0.fields.updateFrequency))] })
            })
        }
    }

    func details(of episode: EpisodeID) throws(LibraryError) -> MethodReply {
        let store = try namespaces()
        return later {
            guard let stored = try store.storedEpisode(episode) else { throw LibraryError.noSuchEpisode(episode) }
            return [NamespaceRecords.episode(stored)]
        }
    }

    /// Every show's podroll, each recommended show once, with the podcast the library has for it (by
    /// podcast:guid, else address); those with a feed address become the numbered list `earshot add N`
    /// takes from.
    func recommended() throws(LibraryError) -> MethodReply {
        let store = try namespaces(), podcasts = self.store
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
                    let list = self.session.finder.recommend(found.compactMap { $0.item.feedURL.map { FeedLink(url: $0, title: nil) } })
                    var byURL: [URL: PodcastID] = [:]
                    for show in list.shows { if let podcast = show.podcast { byURL[show.feed] = podcast } }
                    respond(.success([NamespaceRecords.recommended(found) { item in
                        item.feedGuid.flatMap { byGuid[$0] } ?? item.feedURL.flatMap { byURL[$0] }
                    }]))
                case .failure(let error):
                    respond(.failure(.failed(tr("cannot read the library: %s", "\(error)"))))
                }
            })
        }
    }

    func liveItems(of podcast: PodcastID?) throws(LibraryError) -> MethodReply {
        if let podcast { _ = try known(podcast) }
        let store = try namespaces()
        return later { [NamespaceRecords.live(try store.showNamespaces(of: podcast))] }
    }

    private func namespaces() throws(LibraryError) -> NamespaceStore {
        guard let store = store as? NamespaceStore else { throw .failed(tr("the feeds' Podcasting 2.0 fields are not available")) }
        return store
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
