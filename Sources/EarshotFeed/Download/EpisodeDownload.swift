import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// Downloads one episode's audio to a file with libsoup 3, asynchronously on the caller's GLib main
/// context, streaming the body to disk (never holding it in memory; writes run on GIO's worker threads).
///
/// The bytes go to `<destination>.part`; only when the body is complete, and as long as Content-Length
/// announced, is the part synced and renamed to `destination`. Next to the part, `<destination>.part.json`
/// keeps the URL, the answer's ETag / Last-Modified and its length, so a later `EpisodeDownload` of the
/// same URL to the same destination resumes with `Range: bytes=N-` and `If-Range`. A server that answers
/// 200 instead (no Range support, or the file changed) restarts the part from 0; a 206 for the wrong part,
/// or one without the part's ETag (or Last-Modified, when that was the validator), is never appended: the
/// download starts over once from 0, then fails. Redirects are followed by hand: at most 10, no loops, from http(s) only
/// to http(s). An overall deadline in proportion to the size and a minimum rate (`limits`) end slow
/// transfers. A web page (by Content-Type or first bytes) is refused before anything is written.
///
/// Use it from the thread that iterates its main context. It keeps itself alive while it runs.
public final class EpisodeDownload {
    /// How many redirects one download follows.
    public static let maximumRedirects = 10
    /// The episode's audio URL.
    public let remote: URL
    /// Where the complete file goes.
    public let destination: URL
    /// The overall deadline and minimum rate.
    public let limits: TransferLimits
    /// Seconds the server may stay silent (connecting, answering, or within the body).
    public let timeoutSeconds: UInt32

    private let credentials: FeedCredentials?
    private let context: MainContext
    private let session: UnsafeMutablePointer<SoupSession>
    private let cancellable = g_cancellable_new()
    private let part: PartFile
    private var url: URL
    private var redirects: RedirectChain
    private var watchdog: TransferWatchdog?
    private var message: OpaquePointer?
    private var input: UnsafeMutablePointer<GInputStream>?
    private var output: UnsafeMutablePointer<GOutputStream>?
    private var resume: (offset: Int64, record: ResumeRecord)?
    private var startedOver = false
    private var written: Int64 = 0
    private var total: Int64?
    private var lastProgress: gint64 = 0
    private var progress: (DownloadProgress) -> Void = { _ in }
    private var completion: ((Result<URL, DownloadError>) -> Void)?

    /// A download of `remote` to `destination` (its folder is created when missing), bound to the calling
    /// thread's default main context. Nothing happens until `start`.
    /// `credentials` authorise requests to private feeds' origins (never after a redirect elsewhere).
    public init(from remote: URL, to destination: URL, limits: TransferLimits = .download, timeoutSeconds: UInt32 = 30,
                credentials: FeedCredentials? = nil) {
        self.credentials = credentials
        self.remote = remote
        self.destination = destination
        self.limits = limits
        self.timeoutSeconds = timeoutSeconds
        url = remote
        redirects = RedirectChain(start: remote, maximum: Self.maximumRedirects)
        part = PartFile(final: destination)
        context = .threadDefault()
        session = context.withThreadDefault { earshot_soup_session_new(EarshotVersion.userAgent, timeoutSeconds)! }
        // Byte offsets must count the file itself, never a compressed encoding of it.
        soup_session_remove_feature_by_type(session, soup_content_decoder_get_type())
    }

    deinit {
        if let input { g_object_unref(UnsafeMutableRawPointer(input)) }
        if let output { g_object_unref(UnsafeMutableRawPointer(output)) }
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Starts (or resumes) the download. `progress` runs on the context at most four times a second;
    /// `completion` once, on the context and never inside `start`, with the final file or why not.
    public func start(progress: @escaping (DownloadProgress) -> Void = { _ in },
                      completion: @escaping (Result<URL, DownloadError>) -> Void) {
        self.progress = progress
        self.completion = completion
        let scheme = remote.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { return fail(.unsupportedScheme(scheme)) }
        let folder = destination.deletingLastPathComponent().path
        guard g_mkdir_with_parents(folder, 0o755) == 0 else { return fail(PartFile.writeError(folder, errno)) }
        resume = part.resumable(for: remote)
        watchdog = TransferWatchdog(limits: limits, context: context) { [self] fault in
            g_cancellable_cancel(cancellable)
            fail(.transfer(fault))
        }
        send()
    }

    /// The files an unfinished download of `destination` keeps: `<destination>.part` (the bytes so far)
    /// and `<destination>.part.json` (the URL, ETag, Last-Modified and length they belong to). Delete both
    /// to give the space back; a later download then starts from 0.
    public static func partFiles(for destination: URL) -> [URL] {
        let part = PartFile(final: destination)
        return [URL(fileURLWithPath: part.partPath), URL(fileURLWithPath: part.recordPath)]
    }

    /// Stops the download; the part file and its record stay for a later resume. The completion gets
    /// `.cancelled` (unless it already ran).
    public func cancel() {
        g_cancellable_cancel(cancellable)
        fail(.cancelled)
    }

    // MARK: Request

    private func send() {
        releaseStreams()
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        message = nil
        guard let created = soup_message_new("GET", url.absoluteString) else {
            return fail(.connectivity("“\(url.absoluteString)” is not a valid URL"))
        }
        message = created
        soup_message_add_flags(created, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(created)
        soup_message_headers_replace(headers, "Accept", "audio/*, video/*;q=0.9, */*;q=0.5")
        credentials?.authorize(created)
        if let resume, let validator = resume.record.ifRange {
            soup_message_headers_replace(headers, "Range", "bytes=\(resume.offset)-")
            soup_message_headers_replace(headers, "If-Range", validator)
        }
        context.withThreadDefault {
            soup_session_send_async(session, created, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
                let download = Unmanaged<EpisodeDownload>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(download.session, result, &error)
                download.responded(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    // MARK: Response

    private func responded(stream: UnsafeMutablePointer<GInputStream>?, error: GLibError?) {
        guard completion != nil else {
            if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
            return
        }
        guard let message, let stream else { return fail(connectivityError(error)) }
        input = stream
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = soup_message_get_response_headers(message)
        if (300..<400).contains(status), let location = header(headers, "Location") { return redirect(to: location) }
        switch status {
        case 200:
            resume = nil  // the whole file follows: no Range support, or it changed since the part began
            receive(from: 0, headers: headers, length: contentLength(headers))
        case 206:
            var start: goffset = 0, end: goffset = 0, length: goffset = 0
            let offset = resume?.offset ?? 0
            guard soup_message_headers_get_content_range(headers, &start, &end, &length) != 0, Int64(start) == offset,
                  length < 0 || (end + 1 == length && (resume?.record.length).map { $0 == Int64(length) } ?? true) else {
                let range = header(headers, "Content-Range") ?? "no Content-Range"
                return startOver(because: "asked for bytes from \(offset), got \(range)")
            }
            if let record = resume?.record, !record.isSameVersion(etag: header(headers, "ETag"),
                                                                  lastModified: header(headers, "Last-Modified")) {
                return startOver(because: "the part has bytes of the version with \(record.validatorName), "
                                 + "the server sent the rest of another")
            }
            receive(from: offset, headers: headers, length: length >= 0 ? Int64(length - start) : nil)
        case 416 where resume != nil:
            var start: goffset = 0, end: goffset = 0, length: goffset = 0
            if soup_message_headers_get_content_range(headers, &start, &end, &length) != 0, Int64(length) == resume?.offset {
                return finishFile(length: Int64(length))  // the part was already complete
            }
            startOver(because: "the server refused the range from \(resume?.offset ?? 0)")
        default:
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            fail(.http(status: status, reason: reason))
        }
    }

    private func redirect(to location: String) {
        switch redirects.follow(location, from: url) {
        case .success(let target):
            url = target
            send()
        case .failure(.unreadable(let location)):
            fail(.connectivity("the server redirected to an unreadable location “\(location)”"))
        case .failure(.loop(let loop)):
            fail(.redirectLoop(RedirectChain.Refusal.describe(loop: loop)))
        case .failure(.tooMany(let maximum)):
            fail(.redirectLoop("more than \(maximum) redirects"))
        case .failure(.scheme(let from, let to)):
            fail(.transfer(.redirectRefused(from: from.absoluteString, to: to.absoluteString)))
        }
    }

    /// A 206 that does not fit the part: forget the part and ask for the whole file, once.
    private func startOver(because reason: String) {
        guard !startedOver else { return fail(.badRange(reason)) }
        startedOver = true
        Log.warning("\(remote.absoluteString): \(reason); downloading it again from the start")
        resume = nil
        send()
    }

    // MARK: Body

    /// Checks the answer, records its validators and copies its body to the part, from byte `offset`.
    private func receive(from offset: Int64, headers: OpaquePointer?, length: Int64?) {
        let contentType = soup_message_headers_get_content_type(headers, nil).map { String(cString: $0) }
        guard !WebPageSniffer.isWebPage(contentType: contentType) else {
            return fail(.notAudio("a web page (\(contentType!))"))
        }
        let total = length.map { $0 + offset }
        self.total = total
        do {
            if offset == 0 { try part.truncate() }
            try part.save(ResumeRecord(url: remote.absoluteString, etag: header(headers, "ETag"),
                                       lastModified: header(headers, "Last-Modified"), length: total))
        } catch let error as DownloadError {
            return fail(error)
        } catch {
            return fail(.cannotWrite(path: part.recordPath, reason: error.localizedDescription))
        }
        guard let output = openPart() else { return }
        self.output = output
        written = offset
        watchdog?.bodyStarted(length: length)
        BodyCopier(from: input!, to: output, on: context, cancellable: cancellable,
                   accept: { offset > 0 || !WebPageSniffer.isWebPage(firstBytes: $0) },
                   received: { [unowned self] in watchdog?.received($0) },
                   written: { [unowned self] in
                       written += Int64($0)
                       reportProgress()
                   },
                   done: { [self] outcome in copied(outcome) })
    }

    private func openPart() -> UnsafeMutablePointer<GOutputStream>? {
        let file = g_file_new_for_path(part.partPath)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let stream = g_file_append_to(file, G_FILE_CREATE_NONE, cancellable, &error) else {
            let reason = GLibError(taking: error)
            fail(reason?.isDiskFull == true ? .diskFull(path: part.partPath)
                 : .cannotWrite(path: part.partPath, reason: reason?.message ?? "unknown error"))
            return nil
        }
        return UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GOutputStream.self)
    }

    private func copied(_ outcome: BodyCopier.Outcome) {
        if let output { g_output_stream_close(output, nil, nil) }
        switch outcome {
        case .finished:
            if let total, written != total {
                return fail(.interrupted(received: written, expected: total, reason: "the body ended early"))
            }
            finishFile(length: total)
        case .refused:
            fail(.notAudio("a web page (its first bytes are HTML)"))
        case .readFailed(let error):
            if let error, error.isTimedOut || error.isCancelled { return fail(connectivityError(error)) }
            fail(.interrupted(received: written, expected: total, reason: error?.message ?? "the connection closed"))
        case .writeFailed(let error):
            if error?.isDiskFull == true { return fail(.diskFull(path: part.partPath)) }
            fail(.cannotWrite(path: part.partPath, reason: error?.message ?? "unknown error"))
        }
    }

    /// Syncs and renames the complete part on a worker, then delivers the final file.
    private func finishFile(length: Int64?) {
        watchdog?.stop()
        releaseStreams()
        let part = self.part
        Worker.run("earshot-download", on: context, work: { part.complete(expectedLength: length) },
                   completion: { [self] result in
                       if case .success = result { reportProgress(force: true) }
                       finish(result)
                   })
    }

    // MARK: Ending

    private func reportProgress(force: Bool = false) {
        let now = g_get_monotonic_time()
        guard force || now - lastProgress >= 250_000, completion != nil else { return }
        lastProgress = now
        progress(DownloadProgress(bytesWritten: written, totalBytes: total))
    }

    private func header(_ headers: OpaquePointer?, _ name: String) -> String? {
        soup_message_headers_get_one(headers, name).map { String(cString: $0) }
    }

    private func contentLength(_ headers: OpaquePointer?) -> Int64? {
        soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH
            ? Int64(soup_message_headers_get_content_length(headers)) : nil
    }

    private func connectivityError(_ error: GLibError?) -> DownloadError {
        if error?.isCancelled == true { return .cancelled }
        return .connectivity(TransferFailure.describe(error, host: url.host ?? url.absoluteString, timeoutSeconds: timeoutSeconds))
    }

    private func releaseStreams() {
        if let input { g_object_unref(UnsafeMutableRawPointer(input)) }
        if let output { g_object_unref(UnsafeMutableRawPointer(output)) }
        input = nil
        output = nil
    }

    private func fail(_ error: DownloadError) { finish(.failure(error)) }

    /// Delivers the outcome once, at the next iteration of the context.
    private func finish(_ result: Result<URL, DownloadError>) {
        guard let completion else { return }
        self.completion = nil
        watchdog?.stop()
        watchdog = nil
        progress = { _ in }
        context.addIdle { completion(result) }
    }
}
