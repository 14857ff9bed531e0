import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotStore

/// Transcripts and finding what was said, on org.earshot.Earshot1: Find and Transcript (see
/// dbus/org.earshot.Earshot1.xml). The queries run off the loop, and a transcript's reply (up to 200,000
/// cues) is built and marshalled there too; the answers come later.
extension LibraryInterface {
    func find(_ words: String, in podcast: PodcastID?, limit: Int) throws(LibraryError) -> MethodReply {
        guard let transcripts = session.transcripts else { throw .failed(tr("finding is not available")) }
        if let podcast { _ = try known(podcast) }
        return .later { respond in
            transcripts.find(words, podcast: podcast, limit: limit, marks: .control, numbered: true) { result in
                switch result {
                case .success(let found): respond(.success([BusRecords.list(found.enumerated().map { TranscriptRecords.hit($1, number: $0 + 1) })]))
                case .failure(let error): respond(.failure(error.playerError.busError))
                }
            }
        }
    }

    func transcript(of episode: EpisodeID) throws(LibraryError) -> MethodReply {
        guard let transcripts = session.transcripts else { throw .failed(tr("transcripts are not available")) }
        return .laterPrepared { preparer, respond in
            transcripts.transcript(of: episode, shaped: { transcript -> Result<PreparedReply, BusError> in
                Result { () throws(BusError) in try preparer.prepare(TranscriptRecords.transcript(transcript, of: episode)) }
            }) { result in
                switch result {
                case .success(let prepared): respond(prepared)
                case .failure(let error): respond(.failure(error.playerError.busError))
                }
            }
        }
    }
}
