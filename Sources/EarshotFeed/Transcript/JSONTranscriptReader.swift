import Foundation

/// Reads Podcasting 2.0's JSON transcript:
/// `{"version": "1.0.0", "segments": [{"speaker": "…", "startTime": 0.5, "endTime": 1.2, "body": "…"}]}`.
///
/// Forgivingly, as such files are written by many tools: `version` is not required, a bare list of
/// segments is read too, times may be numbers or text (`"0.5"`, `"00:01:02.5"`), `endTime` and `speaker`
/// may be missing, fields the format does not define are ignored, and a segment that cannot be read
/// (no `body`, not an object) is left out rather than the whole file. A time that is not a finite,
/// non-negative number (`"NaN"`, `-3`, `1e300`) counts as absent (`TranscriptSegmentList`).
enum JSONTranscriptReader {
    static func segments(of document: [UInt8], limit: Int) throws(TranscriptDocumentError) -> [TranscriptSegment] {
        let decoder = JSONDecoder()
        decoder.userInfo[limitKey] = limit
        let entries: [Entry]
        do {
            entries = try decoder.decode(Document.self, from: Data(document)).segments
        } catch is TooMany {
            throw .tooManySegments(limit: limit)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .notATranscript("not JSON")
        } catch {
            throw .notATranscript("JSON without a list of \"segments\"")
        }
        var segments = TranscriptSegmentList(limit: limit)
        for entry in entries {
            guard let body = entry.body else { continue }
            try segments.add(start: entry.start, end: entry.end, speaker: entry.speaker, text: body.utf8)
        }
        return try segments.ordered()
    }

    private static let limitKey = CodingUserInfoKey(rawValue: "earshot.transcript.limit")!

    private struct TooMany: Error {}

    private struct Document: Decodable {
        let segments: [Entry]

        private enum Key: String, CodingKey { case segments }

        init(from decoder: Decoder) throws {
            var list: UnkeyedDecodingContainer
            if let fields = try? decoder.container(keyedBy: Key.self) {
                list = try fields.nestedUnkeyedContainer(forKey: .segments)
            } else {
                list = try decoder.unkeyedContainer()
            }
            let limit = decoder.userInfo[limitKey] as? Int ?? .max
            var entries: [Entry] = []
            while !list.isAtEnd {
                guard entries.count < limit else { throw TooMany() }
                entries.append(try list.decode(Entry.self))
            }
            segments = entries
        }
    }

    private struct Entry: Decodable {
        var start: Double?
        var end: Double?
        var speaker: String?
        var body: String?

        private enum Key: String, CodingKey { case startTime, endTime, speaker, body }

        init(from decoder: Decoder) {
            guard let fields = try? decoder.container(keyedBy: Key.self) else { return }
            start = Self.seconds(fields, .startTime)
            end = Self.seconds(fields, .endTime)
            speaker = fields.text(.speaker)
            body = (try? fields.decodeIfPresent(String.self, forKey: .body)) ?? nil
        }

        /// A number, or text holding a number or a time (`"62.5"`, `"1:02.5"`).
        private static func seconds(_ fields: KeyedDecodingContainer<Key>, _ key: Key) -> Double? {
            if let number = try? fields.decodeIfPresent(Double.self, forKey: key) { return number }
            guard let text = fields.text(key) else { return nil }
            return Double(text) ?? TranscriptTime.seconds(text.utf8, minimumFields: 1)
        }
    }
}
