import EarshotFeed
import Foundation
import Testing

@Suite("Podcasting 2.0 chapters files")
struct ChaptersDocumentTests {
    private func parse(_ json: String) throws(ChaptersDocumentError) -> [Chapter] {
        try ChaptersDocument.parse(Array(json.utf8))
    }

    @Test func chaptersAreReadSortedByStartWithHiddenOnesLeftOut() throws {
        let chapters = try parse("""
            {"version": "1.2.0", "author": "ignored", "chapters": [
              {"startTime": 168.5, "title": "Hearing Aids", "img": "https://example.com/aids.jpg"},
              {"startTime": 0, "title": "Intro"},
              {"startTime": 100, "title": "Artwork change only", "img": "https://example.com/x.jpg", "toc": false},
              {"startTime": 410, "title": "Namespace", "url": "https://example.com/ns", "toc": true, "endTime": 500},
              {"startTime": 500}
            ]}
            """)
        #expect(chapters == [
            Chapter(start: 0, title: "Intro"),
            Chapter(start: 168.5, title: "Hearing Aids", image: URL(string: "https://example.com/aids.jpg")),
            Chapter(start: 410, title: "Namespace", link: URL(string: "https://example.com/ns")),
            Chapter(start: 500, title: ""),
        ])
    }

    @Test func optionalFieldsOfTheWrongKindAreIgnored() throws {
        let chapters = try parse(#"{"version": "1.2.0", "chapters": [{"startTime": 5, "title": 7, "url": false}]}"#)
        #expect(chapters == [Chapter(start: 5, title: "")])
    }

    @Test func whatIsNotAChaptersFileSaysWhyInPlainWords() {
        let cases: [(String, String)] = [
            ("<html></html>", "the chapters file is not JSON"),
            ("[1, 2]", "the chapters file is JSON, but not an object with a list of chapters"),
            (#"{"version": "1.2.0"}"#, "the chapters file has no \"chapters\""),
            (#"{"chapters": []}"#, "the chapters file has no \"version\""),
            (#"{"version": "1.2.0", "chapters": [{"startTime": 0}, {"title": "no start"}]}"#,
             "chapter 2 of the chapters file has no \"startTime\""),
            (#"{"version": "1.2.0", "chapters": [{"startTime": "1:00"}]}"#,
             "chapter 1 of the chapters file has a \"startTime\" that is not what the format expects"),
            (#"{"version": "1.2.0", "chapters": [{"startTime": -3}]}"#,
             "chapter 1 of the chapters file has a \"startTime\" that is not what the format expects"),
        ]
        for (json, reason) in cases {
            #expect(throws: ChaptersDocumentError.self, "\(json)") { try parse(json) }
            do {
                _ = try parse(json)
            } catch {
                #expect(error.description == reason, "\(json)")
            }
        }
    }
}
