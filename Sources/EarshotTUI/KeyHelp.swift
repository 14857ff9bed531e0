import EarshotLocale

/// The help screen (`?`): every key, one per line.
public enum KeyHelp {
    public static let entries: [(keys: String, does: StaticString)] = [
        ("↑ ↓  k j", N_("move; PgUp PgDn, Ctrl-U Ctrl-D a page")),
        ("gg  G", N_("the first row, the last row")),
        ("Enter", N_("open a podcast; play an episode, a find hit, a transcript line")),
        ("→  l", N_("open (a podcast, an episode's page)")),
        ("←  h  Esc", N_("back")),
        ("1 … 8", N_("Library, Up Next, Inbox, Find, Downloads, History, Stats, Directory")),
        ("Tab", N_("the next of those")),
        ("/", N_("find as you type (Enter plays the hit, Esc stops typing)")),
        ("8", N_("search the directories (Enter searches; on a show, subscribes)")),
        ("space", N_("play or pause")),
        ("f  b", N_("seek forward 30 s, back 10 s")),
        ("> <", N_("next episode, previous episode")),
        ("+ -", N_("speed up, slow down")),
        ("p", N_("play the selected podcast")),
        ("m", N_("mark played (again: unplayed)")),
        ("s", N_("star (again: unstar)")),
        ("d", N_("download")),
        ("a", N_("add to Up Next")),
        ("x", N_("remove from Up Next; dismiss from the inbox")),
        ("J  K", N_("move down, up in Up Next")),
        ("r  R", N_("refresh the selected podcast, every podcast")),
        ("t", N_("an episode's page follows the line being spoken")),
        ("?", N_("this help")),
        ("q", N_("quit (playback goes on)")),
        ("mouse", N_("click selects (again: opens), the wheel scrolls")),
    ]

    /// The lines, each key's description in the listener's language.
    static var lines: [String] { entries.map { $0.keys.padding(toLength: 12, withPad: " ", startingAt: 0) + tr(marked: $0.does) } }
}
