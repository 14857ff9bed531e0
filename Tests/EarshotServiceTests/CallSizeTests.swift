import EarshotCore
import EarshotStore
@testable import EarshotMPRIS
@testable import EarshotService
import Testing

/// What one call may name is bounded where it is decoded: a client that sends a million ids or addresses
/// in one message gets `InvalidArgs` in plain words, and the loop never walks them.
@Suite("org.earshot.Earshot1: the size of one call")
struct CallSizeTests {
    static func ids(_ count: Int) -> DBusValue { .array(elementSignature: "x", (1...count).map { .int64(Int64($0)) }) }

    @Test func aHundredThousandEpisodesAreTakenAndOneMoreIsRefusedInPlainWords() throws {
        #expect(try BusArgument<[EpisodeID]>.episodes().read(Self.ids(mostInOneCall)).count == mostInOneCall)
        do throws(ArgumentRefusal) {
            _ = try BusArgument<[EpisodeID]>.episodes().read(Self.ids(mostInOneCall + 1))
            Issue.record("a call naming \(mostInOneCall + 1) episodes was taken")
        } catch {
            #expect(error.reason == "names 100001 episodes: at most 100000 in one call", "\(error.reason)")
        }
    }

    @Test func podcastsAndAddressesAreBoundedAlike() {
        #expect(throws: ArgumentRefusal.self) { try BusArgument<[PodcastID]>.podcasts().read(Self.ids(mostInOneCall + 1)) }
        let addresses = DBusValue.array(elementSignature: "s", Array(repeating: .string("https://a.example/feed"), count: mostInOneCall + 1))
        #expect(throws: ArgumentRefusal.self) { try BusArgument<[String]>.addresses("urls").read(addresses) }
    }
}
