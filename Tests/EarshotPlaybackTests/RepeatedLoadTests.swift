import EarshotTestSupport
import Foundation
import Testing

/// Loading episode after episode, as a long run of Next and Previous does, leaves nothing behind.
///
/// Counted in a child process (`earshot-bench loads`): GStreamer's leaks tracer, which counts the
/// objects alive, must be switched on before GStreamer initialises, and this process has done that.
@Suite("Repeated loads")
struct RepeatedLoadTests {
    /// One row of `earshot-bench loads`.
    private struct Row {
        let loads: Int
        let liveVolumes: Int
    }

    @Test func threeHundredLoadsLeaveNoVolumeElementBehind() throws {
        let url = try #require(try AudioFixtures.file(.mp3CBR))
        let run = try BuiltProduct.run(
            "earshot-bench", ["loads", "--count", "300", "--warm-up", "20", "--fixture", url.path],
            environment: ["GST_TRACERS": nil, "EARSHOT_AUDIO_SINK": nil])
        try #require(run.status == 0, "earshot-bench loads failed: \(run.stderr)")
        let rows = run.stdout.split(separator: "\n").compactMap { line -> Row? in
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let loads = Int(fields[0]), let live = Int(fields[1]) else { return nil }
            return Row(loads: loads, liveVolumes: live)
        }
        let warm = try #require(rows.first { $0.loads == 20 }, "no row after 20 loads in: \(run.stdout)")
        let all = try #require(rows.first { $0.loads == 300 }, "no row after 300 loads in: \(run.stdout)")
        #expect(all.liveVolumes == warm.liveVolumes, "live GstVolume objects: \(warm.liveVolumes) after 20 loads, \(all.liveVolumes) after 300")
        // Earshot's own two (the listener's volume, voice boost's make-up gain), and the one playbin's
        // converter bin makes, unused, for the episode loaded.
        #expect(all.liveVolumes <= 3, "\(all.liveVolumes) GstVolume objects alive after 300 loads")
    }
}
