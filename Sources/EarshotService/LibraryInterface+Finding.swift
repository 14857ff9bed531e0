import EarshotCore
import EarshotMPRIS

/// Finding shows on org.earshot.Earshot1: Search and Top ask the directories and answer when the
/// slowest has answered or its deadline passed (see dbus/org.earshot.Earshot1.xml).
extension LibraryInterface {
    /// Answers with the list `ask` hands back and the directories that failed, or with its refusal.
    static func shows(_ ask: @escaping (@escaping (FinderAnswer) -> Void) throws(LibraryError) -> Void) -> MethodReply {
        .later { respond in
            do throws(LibraryError) {
                try ask { found in respond(.success([FindingRecords.shows(found.list), FindingRecords.failures(found.failures)])) }
            } catch {
                respond(.failure(error.playerError.busError))
            }
        }
    }
}
