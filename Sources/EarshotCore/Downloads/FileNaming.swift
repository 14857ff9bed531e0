import Foundation

/// Readable, safe file names for downloaded episodes: the title without `/`, control characters or a
/// leading dot, at most `maximumBytes` of UTF-8, with the extension the MIME type (else the URL) gives.
public enum FileNaming {
    /// The longest stem, in UTF-8 bytes (well under the 255 of common file systems, with room for
    /// " (99)", the extension and ".part.json").
    public static let maximumBytes = 120

    /// A safe stem for `title`; `fallback` when nothing of it is left.
    public static func stem(_ title: String?, fallback: String) -> String {
        var text = ""
        for scalar in (title ?? "").unicodeScalars {
            switch scalar {
            case "/", "\\", "\0": text.unicodeScalars.append("-")
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.isWhitespace:
                text.unicodeScalars.append(" ")
            default: text.unicodeScalars.append(scalar)
            }
        }
        text = text.split(separator: " ").joined(separator: " ")
        while let first = text.first, first == "." || first == " " || first == "-" { text.removeFirst() }
        var bounded = ""
        for character in text {
            guard bounded.utf8.count + String(character).utf8.count <= maximumBytes else { break }
            bounded.append(character)
        }
        bounded = bounded.trimmingCharacters(in: .whitespaces)
        return bounded.isEmpty ? fallback : bounded
    }

    /// The extension for audio of `mimeType` at `url`: the type's, else the URL's when it looks like one,
    /// else `mp3`.
    public static func fileExtension(mimeType: String?, url: URL) -> String {
        let type = mimeType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if let known = byType[type] { return known }
        let fromURL = url.pathExtension.lowercased()
        if (1...5).contains(fromURL.count), fromURL.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) { return fromURL }
        return "mp3"
    }

    /// `stem.ext`, else `stem (2).ext`, `stem (3).ext`… the first name `taken` says is free.
    public static func unique(stem: String, fileExtension: String, taken: (String) -> Bool) -> String {
        var name = "\(stem).\(fileExtension)"
        var counter = 2
        while taken(name) {
            name = "\(stem) (\(counter)).\(fileExtension)"
            counter += 1
        }
        return name
    }

    private static let byType: [String: String] = [
        "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/mpeg3": "mp3", "audio/x-mpeg": "mp3",
        "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/m4a": "m4a", "audio/aac": "aac", "audio/x-aac": "aac",
        "audio/ogg": "ogg", "audio/vorbis": "ogg", "audio/opus": "opus", "audio/flac": "flac", "audio/x-flac": "flac",
        "audio/wav": "wav", "audio/x-wav": "wav", "audio/wave": "wav", "audio/webm": "webm", "video/mp4": "mp4",
        "video/x-m4v": "m4v", "video/quicktime": "mov", "video/webm": "webm",
    ]
}
