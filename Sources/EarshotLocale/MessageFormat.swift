/// Fills a translated message's placeholders, a subset of C's printf that `msgfmt --check` verifies in
/// every catalogue: `%s` and `%d` take the next argument, `%1$s` and `%2$d` a numbered one (so a
/// translation may reorder them), `%%` is a percent sign. A placeholder without an argument stays as it is.
enum MessageFormat {
    static func fill(_ message: String, _ arguments: [MessageArgument]) -> String {
        guard message.contains("%") else { return message }
        var result = ""
        var next = 0
        var characters = message[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            guard let conversion = rest.first, conversion == "s" || conversion == "d" else {
                result += "%"
                characters = characters[characters.index(after: percent)...]
                continue
            }
            let index = position ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(index) {
                result += arguments[index].messageText
            } else {
                result += characters[percent...rest.startIndex]
            }
            characters = rest.dropFirst()
        }
        return result + characters
    }
}
