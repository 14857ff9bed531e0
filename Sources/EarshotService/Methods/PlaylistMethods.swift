import EarshotCore
import EarshotMPRIS

/// The smart playlists' rows of `org.earshot.Earshot1`'s method table (see `LibraryMethods`).
extension LibraryMethods {
    static let playlists: [Row] = [
        Row("SmartPlaylists", out: "aa{sv}") { library throws(LibraryError) in try library.listSmartPlaylists() },
        Row("SaveSmartPlaylist", .string("name"), .strings("rules"), .bool("replacing"), out: "a{sv}") {
            library, name, rules, replacing throws(LibraryError) in
            try library.saveSmartPlaylist(name, words: rules, replacing: replacing)
        },
        Row("RemoveSmartPlaylist", .string("name")) { library, name throws(LibraryError) in try library.removeSmartPlaylist(name) },
        Row("SmartPlaylistEpisodes", .string("name"), out: "aa{sv}") { library, name throws(LibraryError) in
            try library.smartPlaylistEpisodes(name)
        },
        Row("PlaySmartPlaylist", .string("name"), out: "ax") { library, name throws(LibraryError) in try library.playSmartPlaylist(name) },
    ]
}
