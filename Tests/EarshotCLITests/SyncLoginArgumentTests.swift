import Foundation
import Testing

/// `sync login` refuses a plain-http address of another computer before anything is sent: with
/// `--nextcloud` too, whose login flow would otherwise send its token and app password over it.
@Suite("earshot sync login: the address is checked before the first request")
struct SyncLoginArgumentTests {
    @Test(arguments: [["--nextcloud"], ["alice"]])
    func plainHTTPToAnotherComputerIsRefusedBeforeAnyRequest(rest: [String]) throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["sync", "login", "http://127.attacker.example/"] + rest)
        #expect(run.status == 64)
        #expect(run.stderr.contains("is plain http: the password would cross the network readable"), "\(run.stderr)")
        #expect(earshot.library.calls.isEmpty)
    }

    @Test func aPasswordWrittenIntoTheAddressIsNotRepeatedInTheRefusal() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["sync", "login", "http://alice:hunter2@sync.example/", "--nextcloud"])
        #expect(run.status == 64)
        #expect(!run.stderr.contains("hunter2"), "\(run.stderr)")
    }
}
