import Foundation

/// The seed documents: every file under the given folders (up to 16 MiB each).
struct FuzzCorpus {
    let bytes: [UInt8]
    let reader: FuzzedReader

    static var defaultFolders: [String] { ["Tests/EarshotFeedTests/Fixtures", "../shared/corpus", "../../shared/corpus"] }

    static func load(_ folders: [String]) throws -> [FuzzCorpus] {
        var seeds: [FuzzCorpus] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let path as String in walker {
                let full = folder + "/" + path
                guard let data = FileManager.default.contents(atPath: full), !data.isEmpty, data.count <= 16 << 20 else { continue }
                seeds.append(FuzzCorpus(bytes: Array(data), reader: FuzzedReader.of(path: path)))
            }
        }
        return seeds
    }
}
