import EarshotCore
import EarshotMPRIS

/// /org/earshot/Earshot/Search: GNOME Shell's and KRunner's search interfaces over one `DesktopSearch`.
public enum DesktopSearchObject {
    /// Exports both interfaces for `search` on `connection`.
    public static func export(_ search: DesktopSearch, on connection: BusConnection) throws(BusError) -> ExportedObject {
        try ExportedObject(connection: connection, path: DesktopSearchIntrospection.objectPath, introspectionXML: DesktopSearchIntrospection.xml,
                           interfaces: [SearchProviderInterface(search: search), KRunnerInterface(search: search)])
    }
}
