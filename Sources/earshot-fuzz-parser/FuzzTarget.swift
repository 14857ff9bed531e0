import EarshotFeed
import Foundation

/// The fuzzing entry point for the feed parser, the OPML reader, the directories' reply readers, the
/// web page feed-link reader and the transcript readers (see scripts/fuzz-parser --libfuzzer, which
/// builds this target with `-sanitize=fuzzer -DLIBFUZZER`). The first byte picks the reader — an even
/// byte the feed parser, with the rest arriving whole (0) or in pieces of up to 127 bytes (the byte's
/// half); 3 (mod 8) the directory replies, 5 (mod 8) the feed links of a web page, 9 (mod 16) the
/// transcript readers (the byte's upper four bits, mod 6, name the media type: none, so the content
/// decides, or one of each format), any other odd byte the OPML reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let document = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    if selector & 15 == 9 {
        let types = [nil, "application/json", "text/vtt", "application/x-subrip", "text/html", "text/plain"]
        _ = try? TranscriptDocument.parse(Array(document), type: types[Int(selector >> 4) % types.count], url: nil)
        return 0
    }
    switch selector & 7 {
    case 3:
        for directory in Directory.allCases { _ = try? DirectoryReply.shows(Array(document), from: directory) }
        _ = try? DirectoryReply.chartIDs(Array(document))
        return 0
    case 5:
        _ = FeedLinkReader.links(in: Array(document), page: URL(string: "https://fuzz.example/page/")!)
        return 0
    case 1, 7:
        _ = try? OPMLDocument.parse(Array(document))
        return 0
    default:
        break
    }
    let piece = Int(selector >> 1)
    let parser = FeedParser(baseURL: URL(string: "https://fuzz.example/feed.xml"))
    var offset = 0
    repeat {
        let end = piece == 0 ? document.count : min(document.count, offset + piece)
        parser.feed(UnsafeRawBufferPointer(rebasing: document[offset..<end]))
        offset = end
    } while offset < document.count
    _ = parser.finish()
    return 0
}

/// The program: under libFuzzer (built with `-sanitize=fuzzer -DLIBFUZZER`) it hands the command line to
/// libFuzzer's driver; in the ordinary build it runs the files named on the command line through the
/// same entry point, to replay what libFuzzer saved.
@main
enum FuzzMain {
    static func main() throws {
        #if LIBFUZZER
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzzOneInput($0, size) } ?? 0 })
        #else
        for path in CommandLine.arguments.dropFirst() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            _ = bytes.withUnsafeBufferPointer { fuzzOneInput($0.baseAddress!, $0.count) }
            print("\(path): parsed")
        }
        #endif
    }
}

#if LIBFUZZER
/// libFuzzer's entry point for programs that keep their own `main` (SwiftPM gives executables theirs).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
