import EarshotCore
import EarshotMPRIS

/// Finding shows on org.earshot.Earshot1: Search and Top ask the directories (and answer when the
/// slowest has answered or its deadline passed), Results gives the last numbered list while it is
/// fresh (see dbus/org.earshot.Earshot1.xml).
extension LibraryInterface {
    /// Answers a finding method; nil for a method that is not one.
    func performFinding(_ method: String, _ arguments: [DBusValue]) -> MethodReply? {
        switch method {
        case "Search":
            let terms = arguments[0].stringValue ?? ""
            return answerLater { [session] completion throws(LibraryError) in try session.finder.search(terms, completion: completion) }
        case "Top":
            let country = arguments[0].stringValue ?? "", genre = arguments[1].stringValue ?? ""
            return answerLater { [session] completion throws(LibraryError) in
                try session.finder.top(country: country, genre: genre.isEmpty ? nil : genre, completion: completion)
            }
        case "Results":
            guard let list = session.finder.recentResults else { return MethodReply([.vardict([]), BusRecords.list([])]) }
            return MethodReply([FindingRecords.about(list), FindingRecords.shows(list)])
        default:
            return nil
        }
    }

    /// Answers with the list `ask` hands back and the directories that failed, or with its refusal.
    private func answerLater(_ ask: @escaping (@escaping (FinderAnswer) -> Void) throws(LibraryError) -> Void) -> MethodReply {
        .later { respond in
            do throws(LibraryError) {
                try ask { found in respond(.success([FindingRecords.shows(found.list), FindingRecords.failures(found.failures)])) }
            } catch {
                respond(.failure(error.playerError.busError))
            }
        }
    }
}
