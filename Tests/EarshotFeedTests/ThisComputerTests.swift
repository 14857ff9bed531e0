@testable import EarshotFeed
import Foundation
import Testing

/// Only loopback addresses and `localhost` are this computer: a host name that merely starts with
/// `127.` is another computer, and a password never goes to it over plain http.
@Suite("This computer: loopback addresses and localhost only")
struct ThisComputerTests {
    @Test func loopbackAddressesAndLocalhostAreThisComputer() {
        for host in ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "127.255.255.255", "::1", "[::1]"] {
            #expect(ThisComputer.names(host), "\(host)")
        }
    }

    @Test func aHostNameThatStartsWithOneTwoSevenIsAnotherComputer() {
        for host in ["127.attacker.example", "127.0.0.1.attacker.example", "127.0.0.256", "127.0.0", "127.0.0.1.",
                     "128.0.0.1", "localhost.attacker.example", "", "0x7f.0.0.1", "127.00000.0.1"] {
            #expect(!ThisComputer.names(host), "\(host)")
        }
    }

    @Test func aPasswordGoesOverPlainHTTPOnlyToThisComputer() {
        #expect(FeedCredential.origin(of: URL(string: "http://127.attacker.example/feed")!) == nil)
        #expect(FeedCredential.origin(of: URL(string: "http://127.0.0.1:8080/feed")!) == "http://127.0.0.1:8080")
        #expect(FeedCredential.origin(of: URL(string: "http://[::1]:8080/feed")!) != nil)
    }
}
