import EarshotFeed
import EarshotGLib
import Foundation
import Testing

/// Runs one `EpisodeDownload` on a private main context (pushed as this thread's default) and waits for
/// its completion, recording the progress reports.
final class DownloadHarness {
    let context = MainContext()
    var progress: [DownloadProgress] = []
    var result: Result<URL, DownloadError>?

    /// Downloads `remote` to `destination`; `whileRunning` is called on each progress report (to cancel).
    static func run(_ remote: URL, to destination: URL, limits: TransferLimits = .download, timeoutSeconds: UInt32 = 10,
                    whileRunning: ((EpisodeDownload, DownloadProgress) -> Void)? = nil) -> DownloadHarness {
        let harness = DownloadHarness()
        harness.context.withThreadDefault {
            let download = EpisodeDownload(from: remote, to: destination, limits: limits, timeoutSeconds: timeoutSeconds)
            download.start(progress: { [unowned harness] in
                harness.progress.append($0)
                whileRunning?(download, $0)
            }, completion: { [unowned harness] in harness.result = $0 })
            #expect(harness.result == nil, "the completion never runs inside start")
            _ = harness.context.iterate(until: { harness.result != nil }, timeoutSeconds: 60)
        }
        return harness
    }

    /// The error, recording an issue when the download succeeded or never ended.
    var error: DownloadError? {
        switch result {
        case .failure(let error)?: return error
        case .success(let file)?:
            Issue.record("expected an error, got \(file)")
            return nil
        case nil:
            Issue.record("the download never ended")
            return nil
        }
    }
}

/// Bytes for a raw HTTP answer: a status line, headers (with `Connection: close`), then `body`.
func rawResponse(_ status: String, headers: [String: String], body: [UInt8]) -> [UInt8] {
    var head = "HTTP/1.1 \(status)\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "Connection: close\r\n\r\n"
    return Array(head.utf8) + body
}
