/// The introspection XML of /org/mpris/MediaPlayer2: dbus/org.mpris.MediaPlayer2.xml, embedded at
/// build time (`Resources/org.mpris.MediaPlayer2.xml` is a symlink to it, declared `.embedInCode`, so
/// SwiftPM compiles the bytes into the module: no resource bundle to install, no Foundation, and a
/// rebuild whenever the file in dbus/ changes).
public enum MPRISIntrospection {
    /// The XML text, exactly as in dbus/org.mpris.MediaPlayer2.xml.
    public static let xml: String = String(decoding: PackageResources.org_mpris_MediaPlayer2_xml, as: UTF8.self)
}

/// The introspection XML of /org/earshot/Earshot: dbus/org.earshot.Earshot1.xml, embedded the same way.
public enum EarshotIntrospection {
    /// The XML text, exactly as in dbus/org.earshot.Earshot1.xml.
    public static let xml: String = String(decoding: PackageResources.org_earshot_Earshot1_xml, as: UTF8.self)
    /// The object path.
    public static let objectPath = "/org/earshot/Earshot"
    /// The interface name.
    public static let interface = "org.earshot.Earshot1"
}

/// The introspection XML of /org/earshot/Earshot/Search (GNOME Shell's and KRunner's search
/// interfaces): dbus/org.earshot.DesktopSearch.xml, embedded the same way.
public enum DesktopSearchIntrospection {
    /// The XML text, exactly as in dbus/org.earshot.DesktopSearch.xml.
    public static let xml: String = String(decoding: PackageResources.org_earshot_DesktopSearch_xml, as: UTF8.self)
    /// The object path.
    public static let objectPath = "/org/earshot/Earshot/Search"
    /// GNOME Shell's search provider interface.
    public static let gnome = "org.gnome.Shell.SearchProvider2"
    /// KRunner's D-Bus runner interface.
    public static let krunner = "org.kde.krunner1"
}
