import ArgumentParser

/// How `earshot search` and `earshot top` end: the numbered table and how to subscribe (or JSON), a
/// line on standard error per directory that failed, and status 1 only when every directory failed.
enum FoundShowsOutput {
    static func show(_ found: FoundShows, json: Bool, nothing: String) throws {
        if json {
            Console.print(try JSONOutput.render(found))
        } else if found.results.isEmpty {
            if found.failures.isEmpty { Console.print(nothing) }
        } else {
            Console.print(FoundShowTable.render(found.results, width: Terminal.outputWidth))
            Console.print(FoundShowTable.hint(count: found.results.count))
        }
        if !json { found.failureLines.forEach(Console.fail) }
        if found.results.isEmpty, !found.failures.isEmpty { throw ExitCode.failure }
    }
}
