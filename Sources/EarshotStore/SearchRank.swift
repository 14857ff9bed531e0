import GRDB
import GRDBSQLite

/// `earshot_rank(weight of column 0, weight of column 1, …)`: the FTS5 rank `find` orders by. BM25's
/// term-frequency part with its usual saturation (k1 = 1.2) and length normalization (b = 0.75), per
/// column, times the column's weight; lower is better, as with `bm25()`.
///
/// Without BM25's inverse document frequency, on purpose: `bm25()` learns it by running every phrase
/// of the query over the whole index before ranking the first row, which for a phrase of common words
/// in a million episodes takes hundreds of milliseconds, whereas `find` ranks a bounded window of
/// candidates. Every candidate holds every word of the query (they are ANDed), so IDF would only
/// weigh the words against each other.
enum SearchRank {
    static let name = "earshot_rank"

    /// Makes the function known to the FTS5 tables of `db`'s connection.
    static func register(_ db: Database) {
        let api = FTS5.api(db)
        _ = api.pointee.xCreateFunction(UnsafeMutablePointer(mutating: api), name, nil, rank, nil)
    }

    private static let k1 = 1.2, b = 0.75

    /// A score no row reaches with columns of these `weights`: each column's term-frequency part stays
    /// below k1 + 1, however often the words occur, so every score is above this.
    static func bound(weights: [Double]) -> Double {
        -(k1 + 1) * weights.reduce(0, +)
    }

    private static let rank: fts5_extension_function = { api, fts, context, count, values in
        guard let api = api?.pointee, let fts else { return }
        let columns = Int(api.xColumnCount(fts))
        var instances: Int32 = 0
        guard api.xInstCount(fts, &instances) == SQLITE_OK else { return sqlite3_result_error_code(context, SQLITE_ERROR) }
        var frequency = [Double](repeating: 0, count: columns)
        for index in 0..<instances {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            guard api.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK else { continue }
            if Int(column) < columns { frequency[Int(column)] += 1 }
        }
        var rows: Int64 = 0
        _ = api.xRowCount(fts, &rows)
        var score = 0.0
        for column in 0..<columns where frequency[column] > 0 {
            let weight = column < Int(count) ? sqlite3_value_double(values![column]) : 1
            var length: Int32 = 0, total: Int64 = 0
            _ = api.xColumnSize(fts, Int32(column), &length)
            _ = api.xColumnTotalSize(fts, Int32(column), &total)
            let average = rows > 0 && total > 0 ? Double(total) / Double(rows) : 1
            let tf = frequency[column]
            score += weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * Double(length) / average))
        }
        sqlite3_result_double(context, -score)
    }
}
