import EarshotGLib
import EarshotLocale

/// The two ways Core's parts use the store: a small read on the loop whose failure becomes a
/// `LibraryError`, and a write on the background whose failure is logged (nobody waits for it).
enum StoreWork {
    /// A small read on the loop; a failure is an error in plain words.
    static func read<T>(_ body: () throws -> T?) throws(LibraryError) -> T? {
        do {
            return try body()
        } catch {
            throw .failed(tr("cannot read the library: %s", "\(error)"))
        }
    }

    /// Runs a store write (on the background thread), logging a failure.
    static func log(_ body: () throws -> Void) {
        do { try body() } catch { Log.warning("could not save: \(error)") }
    }
}
