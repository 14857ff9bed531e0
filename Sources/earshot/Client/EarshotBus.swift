/// Where Earshot's own interface, org.earshot.Earshot1 (dbus/org.earshot.Earshot1.xml), lives on the
/// session bus, and the names of the errors it answers with.
enum EarshotBus {
    /// The daemon's well-known name; calling it starts the daemon through D-Bus activation.
    static let name = "org.mpris.MediaPlayer2.earshot"
    static let path = "/org/earshot/Earshot"
    static let interface = "org.earshot.Earshot1"

    /// The errors org.earshot.Earshot1 names.
    enum ErrorName {
        static let noSuchPodcast = "org.earshot.Error.NoSuchPodcast"
        static let noSuchEpisode = "org.earshot.Error.NoSuchEpisode"
        static let feedUnavailable = "org.earshot.Error.FeedUnavailable"
        static let soundURLMissing = "org.earshot.Error.SoundURLMissing"
        static let invalidSetting = "org.earshot.Error.InvalidSetting"
        static let noEpisode = "org.earshot.Error.NoEpisode"
        static let failed = "org.earshot.Error.Failed"
    }
}
