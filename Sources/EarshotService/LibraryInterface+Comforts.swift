import EarshotCore
import EarshotGLib
import EarshotLocale

/// The sleep timer's arguments on org.earshot.Earshot1 (see dbus/org.earshot.Earshot1.xml).
extension LibraryInterface {
    /// The sleep mode SetSleepTimer names; nonsense is a named setting error (the XML's InvalidSetting).
    static func sleepMode(_ mode: String, seconds: Double, episodes: UInt32) throws(LibraryError) -> SleepMode? {
        switch mode {
        case "after":
            guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw .invalidSetting(tr("the sleep timer's time is from 0 to 24 hours, not %s seconds", "\(seconds)"))
            }
            return .after(.seconds(roundedToMilliseconds: seconds))
        case "end-of-episode": return .endOfEpisode
        case "end-of-chapter": return .endOfChapter
        case "episodes": return .episodes(Int(episodes))
        case "off": return nil
        default:
            throw .invalidSetting(tr("the sleep timer's mode is after, end-of-episode, end-of-chapter, episodes or off, not “%s”", "\(mode)"))
        }
    }
}
