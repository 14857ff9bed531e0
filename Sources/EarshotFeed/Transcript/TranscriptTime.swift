/// Reads the times transcripts write: `hh:mm:ss.ttt` and `mm:ss.ttt` (WebVTT), `hh:mm:ss,ttt` (SubRip),
/// `h:mm:ss` or `m:ss` (an HTML transcript's `<time>`), and a cue timing line, `start --> end` followed
/// by settings.
///
/// Leniently: hours, minutes and seconds of any width up to nine digits (`1:2:3` and `00:75` are read),
/// a fraction after a point or a comma. Nothing else may stand in a time, not even a sign.
enum TranscriptTime {
    /// The seconds `text` says, with at least `minimumFields` colon-separated numbers (1 to 3), or nil.
    static func seconds(_ text: some Collection<UInt8>, minimumFields: Int = 2) -> Double? {
        var fields: [Double] = []
        var value: Double = 0, digits = 0
        var fraction: Double = 0, fractionScale: Double = 1, inFraction = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 9 else { return nil }
                if inFraction {
                    fractionScale /= 10
                    fraction += Double(byte - UInt8(ascii: "0")) * fractionScale
                } else {
                    value = value * 10 + Double(byte - UInt8(ascii: "0"))
                }
            case UInt8(ascii: ":"):
                guard digits > 0, !inFraction, fields.count < 2 else { return nil }
                fields.append(value)
                value = 0
                digits = 0
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard digits > 0, !inFraction else { return nil }
                inFraction = true
                digits = 0
            default:
                return nil
            }
        }
        guard digits > 0, fields.count + 1 >= minimumFields else { return nil }
        fields.append(value)
        return fields.reduce(0) { $0 * 60 + $1 } + fraction
    }

    /// The start and end of a cue timing line (`00:01.000 --> 00:04.250 align:start`), or nil when `line`
    /// is not one.
    static func cueTiming(_ line: ArraySlice<UInt8>) -> (start: Double, end: Double)? {
        guard let arrow = arrowIndex(in: line) else { return nil }
        let left = trimmed(line[..<arrow])
        var i = arrow + 3
        while i < line.endIndex, isSpace(line[i]) { i += 1 }
        var stop = i
        while stop < line.endIndex, !isSpace(line[stop]) { stop += 1 }
        guard let start = seconds(left), let end = seconds(line[i..<stop]) else { return nil }
        return (start, end)
    }

    /// Where `-->` starts in `line`, if anywhere.
    static func arrowIndex(in line: ArraySlice<UInt8>) -> Int? {
        var i = line.startIndex
        while i + 2 < line.endIndex {
            if line[i] == UInt8(ascii: "-"), line[i + 1] == UInt8(ascii: "-"), line[i + 2] == UInt8(ascii: ">") { return i }
            i += 1
        }
        return nil
    }

    /// `text` without white space at either end.
    static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = text.startIndex, end = text.endIndex
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        return text[start..<end]
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0C }
}
