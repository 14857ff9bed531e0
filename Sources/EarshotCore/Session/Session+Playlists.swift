/// Smart playlists in the session: kept in `store`, evaluated on `reader`, following the library.
extension Session {
    /// Connects the smart playlists to `store`, evaluated on `reader` (never behind the store's
    /// writes), and reads those stored (before the loop runs).
    public func keepPlaylists(store: PlaylistStoring, reader: Background) {
        playlists?.stop()
        let playlists = SmartPlaylists(store: store, background: background, reader: reader, timers: timers, events: events,
                                       listening: listening)
        self.playlists = playlists
        playlists.load()
    }
}
