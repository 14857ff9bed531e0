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
        let state = (try? self.store.settings(for: nil)) ?? [:]
        let listening = self.listening
        let asked = SyncListening(
            playing: { [unowned listening] in listening.status == .playing ? listening.current?.id : nil },
            length: { [unowned listening] episode in
                (listening.current?.id == episode ? listening.length?.inSeconds : nil) ?? listening.current?.episode.duration
            })
        sync = Sync(account: account, server: server, store: store, background: background, session: self, listening: asked,
                    state: state)
        sync?.run()
    }

    /// Stops syncing (the library stays as it is); forgets the cursors, so another account starts with
    /// a first sync.
    public func stopSync() {
        sync?.stop()
        sync = nil
        let store = self.store
        background.run {
            for key in StateTable.syncProgressKeys {
                StoreWork.log { try store.saveSetting(key, value: nil, for: nil) }
            }
        }
    }
}
