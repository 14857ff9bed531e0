import EarshotGLib
import EarshotStore
import EarshotSync
import Foundation

/// The session's sync part: started with an account, stopped at logout. Sync hears the session's
/// events and publishes the places it took (`placesSynced`); what it asks of listening goes through
/// `SyncListening`, given here.
extension Session {
    /// Syncs with `server` as `account` from now on (after each refresh, shortly after each change here,
    /// and when asked), continuing from the stored cursors; a first sync runs now.
    public func startSync(_ account: SyncAccount, server: SyncServer, store: SyncStore) {
        sync?.stop()
        let state = (try? player.store.settings(for: nil)) ?? [:]
        let player = self.player
        let listening = SyncListening(
            playing: { [unowned player] in player.status == .playing ? player.current?.id : nil },
            length: { [unowned player] episode in
                (player.current?.id == episode ? player.length?.inSeconds : nil) ?? player.current?.episode.duration
            })
        sync = Sync(account: account, server: server, store: store, background: player.background, session: self, listening: listening,
                    state: state)
        sync?.run()
    }

    /// Stops syncing (the library stays as it is); forgets the cursors, so another account starts with
    /// a first sync.
    public func stopSync() {
        sync?.stop()
        sync = nil
        let store = player.store
        player.background.run {
            for key in [Sync.subscriptionsKey, Sync.actionsKey, Sync.lastSyncKey] {
                do { try store.saveSetting(key, value: nil, for: nil) } catch { Log.warning("could not save: \(error)") }
            }
        }
    }
}
