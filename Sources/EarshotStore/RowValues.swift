import EarshotFeed
import Foundation
import GRDB

/// Defensive readers for one column of a row. A database edited by hand (or by another program) may
/// hold any SQLite value in any column: NULL in a NOT NULL column, text in a REAL one, a BLOB guid,
/// 1e300 seconds. GRDB's typed subscripts stop the process on such values; these readers never do:
/// they return nil for a value of the wrong kind or out of range, and the caller decides whether the
/// row is skipped (identity columns) or the field is absent (everything else).
extension Row {
    /// The column's text; nil for NULL, numbers and BLOBs.
    func text(_ index: Int) -> String? {
        guard case .string(let text) = (self[index] as DatabaseValue).storage else { return nil }
        return text
    }

    /// The column's integer; a REAL only when it is a whole number in Int64's range; nil otherwise.
    func integer(_ index: Int) -> Int64? {
        switch (self[index] as DatabaseValue).storage {
        case .int64(let value): return value
        case .double(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The column's number as a finite Double; nil for NULL, text, BLOBs and infinities.
    func real(_ index: Int) -> Double? {
        switch (self[index] as DatabaseValue).storage {
        case .int64(let value): return Double(value)
        case .double(let value): return value.isFinite ? value : nil
        default: return nil
        }
    }

    /// The column as a boolean: a non-zero number is true; anything else (NULL, text, BLOB) is false.
    func flag(_ index: Int) -> Bool {
        switch (self[index] as DatabaseValue).storage {
        case .int64(let value): return value != 0
        case .double(let value): return value != 0 && !value.isNaN
        default: return false
        }
    }

    /// The column as an instant (REAL seconds since 2001); nil when absent or beyond `StoredValues.dates`.
    func date(_ index: Int) -> Date? {
        real(index).flatMap { StoredValues.dates.contains($0) ? Date(timeIntervalSinceReferenceDate: $0) : nil }
    }

    /// The column as a URL; nil when absent or not a URL.
    func url(_ index: Int) -> URL? {
        text(index).flatMap { URL(string: $0) }
    }

    /// The column as a length in seconds: positive and at most `StoredValues.longestPosition`, else nil.
    func duration(_ index: Int) -> Double? {
        real(index).flatMap { $0 > 0 && $0 <= StoredValues.longestPosition ? $0 : nil }
    }
}

/// The ranges stored values are read within.
public enum StoredValues {
    /// The largest playback position or length read back, in seconds: `EpisodeTime.latest`.
    public static let longestPosition = EpisodeTime.latest

    /// Instants read back: years 1 to 9999, as seconds since 2001-01-01.
    static let dates: ClosedRange<Double> = -63_113_904_000 ... 252_423_993_600

    /// A stored position as the player may use it: not negative, finite, at most `duration` when the
    /// length is known and at most `longestPosition` otherwise.
    public static func position(_ stored: Double?, duration: Double?) -> Double {
        guard let stored, stored.isFinite, stored > 0 else { return 0 }
        return min(stored, duration ?? longestPosition, longestPosition)
    }
}
