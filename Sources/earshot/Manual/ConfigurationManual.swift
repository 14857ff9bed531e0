import EarshotCore
import EarshotLocale

/// earshot.conf(5): the configuration file's form written by hand, and its settings written from
/// `SettingsTable`, the one place each setting is defined (so the page lists exactly the keys the file
/// accepts, with their values and defaults).
enum ConfigurationManual {
    /// The page, dated `date` (YYYY-MM-DD; empty: undated).
    static func page(date: String) -> String {
        // TRANSLATORS: the name of section 5 of the manual, as man-pages in your language call it (.TH's fifth field).
        let manual = tr("File Formats")
        // TRANSLATORS: earshot.conf(5)'s one-line summary, after the name in its NAME section.
        let summary = tr("settings of the Earshot podcast player")
        var page = Roff(name: "earshot.conf", section: "5", manual: manual, date: date, source: "the settings table", summary: summary)

        page.section(trc("manual section heading", "SYNOPSIS"))
        page.line(#"\fI$XDG_CONFIG_HOME/earshot/earshot.conf\fR (default \fI~/.config/earshot/earshot.conf\fR)"#)

        page.section(trc("manual section heading", "DESCRIPTION"))
        page.paragraph(tr("""
            The daemon, earshot serve (see earshot(1)), reads this file when it starts. Each line is \
            key = value; white space around both is ignored, # starts a comment, and blank lines are \
            skipped. A line Earshot cannot read (no =, an unknown key, a value out of range) stops the \
            daemon with one line naming the file and line. A missing file is no error.
            """))
        page.paragraph(tr("""
            Options on the command line win over the file. For the settings a podcast can have, the podcast's \
            own value (earshot set PODCAST) wins, then the library's (earshot set all), then this file, then \
            the built-in default. On and off are written alike everywhere: on or off, true or false, yes or \
            no, 1 or 0.
            """))

        page.section(trc("manual section heading", "SETTINGS"))
        page.paragraph(tr("""
            Each setting with the values it takes, what it does, its default, and where else it can be \
            given: podcast is earshot set PODCAST, all is earshot set all (the default of every podcast \
            without its own).
            """))
        for definition in SettingsTable.all where definition.scopes.contains(.file) {
            // TRANSLATORS: %s is a setting's default value as it is written in the file (30, on, 2GiB).
            let defaultLine = tr("Default: %s.", definition.defaultValue)
            // TRANSLATORS: %s is where else a setting can be given (file, podcast, all).
            let placesLine = tr("Given in: %s.", definition.places)
            page.item(Roff.bold(definition.key) + " = " + Roff.italic(definition.kind.form),
                      capitalized(definition.summary) + ".\n" + defaultLine + " " + placesLine)
        }
        let elsewhere = SettingsTable.all.filter { !$0.scopes.contains(.file) }.map(\.key)
        // TRANSLATORS: %s is a list of setting keys (not translated).
        page.paragraph(tr("Not in this file, only with earshot set: %s (see earshot(1)).", elsewhere.joined(separator: ", ")))

        page.section(trc("manual section heading", "FILES"))
        page.item(Roff.italic("~/.config/earshot/earshot.conf"), tr("This file, read by the daemon when it starts."))

        page.section(trc("manual section heading", "ENVIRONMENT"))
        page.item(Roff.bold("XDG_CONFIG_HOME"), tr("The folder the file is in, under earshot/ (default ~/.config)."))
        page.item(Roff.bold("XDG_STATE_HOME"), tr("The default of state-dir is $XDG_STATE_HOME/earshot (default ~/.local/state/earshot)."))
        page.item(Roff.bold("XDG_CACHE_HOME"), tr("The default of cache-dir is $XDG_CACHE_HOME/earshot (default ~/.cache/earshot)."))
        page.item(Roff.bold("EARSHOT_AUDIO_SINK"), tr("The default of audio-sink."))

        page.section(trc("manual section heading", "EXAMPLES"))
        page.verbatim(example)

        page.section(trc("manual section heading", "SEE ALSO"))
        page.line(#"\fBearshot\fR(1), \fBgst\-launch\-1.0\fR(1)"#)
        return page.text
    }

    private static func capitalized(_ summary: String) -> String { summary.prefix(1).uppercased() + summary.dropFirst() }

    static var example: [String] { [
        "# ~/.config/earshot/earshot.conf",
        "audio-sink = pulsesink",
        "refresh-interval = 60",
        // TRANSLATORS: a comment in an example of the configuration file: the speed set there is for every podcast without one.
        "speed = 1.2                # " + tr("every podcast without its own speed"),
        "trim-silence = on",
        "sleep-fade = 10",
        "next-button = chapter",
        "download-ahead = 3",
        "download-budget = 10GiB",
    ] }
}
