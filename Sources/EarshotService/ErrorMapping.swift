import EarshotCore
import EarshotMPRIS

extension LibraryError {
    /// The named D-Bus error clients see.
    var playerError: PlayerError {
        switch self {
        case .noSuchPodcast: .noSuchPodcast(description)
        case .noSuchEpisode: .noSuchEpisode(description)
        case .soundURLMissing(let m): .soundURLMissing(m)
        case .noEpisode(let m): .noEpisode(m)
        case .indexOutOfRange(let m): .indexOutOfRange(m)
        case .feedUnavailable(let m): .feedUnavailable(m)
        case .invalidSetting(let m): .invalidSetting(m)
        case .failed(let m): .failed(m)
        }
    }
}

/// Runs a Core command, turning its error into the adapter's.
func mapped(_ body: () throws(LibraryError) -> Void) throws(PlayerError) {
    do throws(LibraryError) {
        try body()
    } catch {
        throw error.playerError
    }
}
