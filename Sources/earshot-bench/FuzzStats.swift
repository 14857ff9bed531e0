import Foundation

/// What a run did: executions, outcomes, and the slowest input (absolute, and per byte for inputs
/// of 4 KiB and more).
struct FuzzStats {
    var executions = 0
    var accepted = 0
    var slowest: (seconds: Double, input: [UInt8], target: String) = (0, [], "")
    var slowestPerMiB: (rate: Double, seconds: Double, size: Int, target: String) = (0, 0, 0, "")

    mutating func record(_ input: [UInt8], target: String, accepted ok: Bool, seconds: Double) {
        executions += 1
        if ok { accepted += 1 }
        if seconds > slowest.seconds { slowest = (seconds, input, target) }
        if input.count >= 4_096, case let rate = seconds / (Double(input.count) / 1_048_576), rate > slowestPerMiB.rate {
            slowestPerMiB = (rate, seconds, input.count, target)
        }
    }

    func summary(seconds: Double, savingSlowestIn folder: String) throws -> String {
        let path = "\(folder)/slowest.xml"
        try Data(slowest.input).write(to: URL(fileURLWithPath: path))
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        return "fuzz-parser: \(executions) executions in \(Int(seconds)) s (\(Int(Double(executions) / seconds))/s), \(accepted) accepted, "
            + "slowest \(ms(slowest.seconds)) (\(slowest.target), \(slowest.input.count) bytes, saved in \(path)); "
            + "slowest per MiB \(ms(slowestPerMiB.rate))/MiB (\(slowestPerMiB.target), \(ms(slowestPerMiB.seconds)) for \(slowestPerMiB.size) bytes)"
    }
}
