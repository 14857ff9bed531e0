import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One daemon per state folder: an exclusive `flock` on `<state folder>/earshot.lock`, taken before the
/// store is opened and held for the life of the daemon.
///
/// Two daemons on one store would fight over the current episode and the listening progress, and lose
/// the listener's place; a second Earshot with its own state folder is fine (it serves as
/// `org.mpris.MediaPlayer2.earshot.instance<pid>`). The holder writes its pid into the file so that a
/// refused daemon can name it. The kernel releases the lock when the holder's descriptor closes, which
/// includes the process dying in any way (even `kill -9`), so there is never a stale lock: the file is
/// never deleted to unlock, and a file left behind by a dead daemon is simply locked again. The
/// descriptor is close-on-exec, so no child process can keep the lock alive.
final class InstanceLock {
    /// The lock file, `earshot.lock` next to the database.
    let path: String
    private let descriptor: Int32

    /// Creates the state folder (the directory of `databasePath`) if needed and locks it.
    ///
    /// - Throws: `CommandNotice` (exit 0) with one line when Earshot is already running on this state
    ///   (naming its pid when the file says it): starting it again, as a desktop launcher does, is not a
    ///   mistake. `CommandFailure`, like the store's own errors, when the folder or the lock file cannot
    ///   be created.
    init(databasePath: String) throws {
        let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
        path = URL(fileURLWithPath: directory).appendingPathComponent("earshot.lock").path
        // The same wording as the store's errors: an unusable state folder reads the same either way.
        func unusable(_ reason: String) -> CommandFailure {
            CommandFailure(tr("cannot open the database: %s", "\(StoreError.cannotOpen(path: databasePath, reason: reason))"))
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            // TRANSLATORS: %1$s is the state folder, %2$s the system's reason.
            throw unusable(tr("cannot create the directory %1$s (%2$s)", directory, Self.reason(error)))
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // TRANSLATORS: %1$s is the lock file's path, %2$s the system's reason.
        guard fd >= 0 else { throw unusable(tr("cannot create the lock file %1$s (%2$s)", path, Self.errnoText())) }
        var locked: Int32
        repeat { locked = flock(fd, LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
        guard locked == 0 else {
            let failure = errno
            defer { close(fd) }
            guard failure == EWOULDBLOCK else {
                // TRANSLATORS: %1$s is the lock file's path, %2$s the system's reason.
                throw unusable(tr("cannot lock %1$s (%2$s)", path, String(cString: strerror(failure))))
            }
            guard let holder = Self.holder(fd) else {
                // TRANSLATORS: starting Earshot while it runs; %s is its state folder. "playerctl -p earshot", "earshot" and
                // "--state-dir" are commands and an option: keep them as they are.
                throw CommandNotice(tr("Earshot is already running with the state in %s; control it with playerctl -p earshot or the earshot commands, or give this one its own --state-dir", directory))
            }
            // TRANSLATORS: starting Earshot while it runs; %1$d is its process id, %2$s its state folder. "playerctl -p earshot",
            // "earshot" and "--state-dir" are commands and an option: keep them as they are.
            throw CommandNotice(tr("Earshot is already running (pid %1$d) with the state in %2$s; control it with playerctl -p earshot or the earshot commands, or give this one its own --state-dir", Int(holder), directory))
        }
        descriptor = fd
        let pid = Array("\(getpid())\n".utf8)
        // The pid is only a hint for the message above; the lock itself is what counts.
        if ftruncate(fd, 0) != 0 || pwrite(fd, pid, pid.count, 0) != pid.count {
            Log.warning("cannot write the pid into \(path) (\(Self.errnoText()))")
        }
    }

    deinit { close(descriptor) }

    /// The pid the lock's holder wrote. It writes it just after locking, so an empty file is read again
    /// for a moment before giving up.
    private static func holder(_ fd: Int32) -> pid_t? {
        for attempt in 0..<20 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count, 0)
            if count > 0 {
                let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if let pid = pid_t(text), pid > 0 { return pid }
            }
            if attempt < 19 { usleep(10_000) }
        }
        return nil
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
