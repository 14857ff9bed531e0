import EarshotStore

/// The sound profile's side of the library's settings.
extension Library {
    /// The sound profile of `podcast`: its own settings, else the shared default, else the configured one.
    public func soundProfile(_ podcast: PodcastID) -> SoundProfile {
        SoundProfile { key in settings[podcast]?[key] ?? settings[nil]?[key] ?? configuredDefaults[key] }
    }

    /// Takes the configuration file's defaults for the sound profile (below `earshot set all`), checking
    /// each; the first bad one is the error.
    public func configureDefaults(_ values: [String: String]) throws(LibraryError) {
        var checked: [String: String] = [:]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            checked[key] = try SoundProfile.normalized(key, value)
        }
        configuredDefaults = checked
    }
}
