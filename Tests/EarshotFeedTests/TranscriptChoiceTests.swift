import EarshotFeed
import Foundation
import Testing

/// Which transcript of an episode is fetched, and the listener's languages read from the environment.
@Suite("Choosing a transcript")
struct TranscriptChoiceTests {
    private func link(_ name: String, _ type: String?, _ language: String? = nil, rel: String? = nil) -> TranscriptLink {
        TranscriptLink(url: URL(string: "https://example.com/12/\(name)")!, type: type, language: language, rel: rel)
    }

    @Test func theBestFormatWinsAmongLinksInTheSameLanguage() {
        let links = [link("t.txt", "text/plain"), link("t.html", "text/html"), link("t.srt", "application/x-subrip"),
                     link("t.vtt", "text/vtt"), link("t.json", "application/json"), link("t.bin", "application/x-unknown")]
        #expect(TranscriptChoice.best(of: links, languages: ["en"])?.url.lastPathComponent == "t.json")
        #expect(TranscriptChoice.best(of: Array(links.prefix(4)), languages: ["en"])?.url.lastPathComponent == "t.vtt")
        #expect(TranscriptChoice.best(of: Array(links.prefix(3)), languages: [])?.url.lastPathComponent == "t.srt")
        #expect(TranscriptChoice.best(of: [links[5], links[0]], languages: [])?.url.lastPathComponent == "t.txt")
    }

    @Test func aLinkWithoutATypeIsJudgedByItsExtension() {
        let links = [link("t.html", "text/html"), link("t.vtt", nil)]
        #expect(TranscriptChoice.best(of: links, languages: [])?.url.lastPathComponent == "t.vtt")
    }

    @Test func languageComesBeforeFormat() {
        let links = [link("de.json", "application/json", "de"), link("en.txt", "text/plain", "en")]
        #expect(TranscriptChoice.best(of: links, languages: ["en-GB", "en"])?.language == "en")
        #expect(TranscriptChoice.best(of: links, languages: ["de-AT", "de"])?.language == "de")
    }

    @Test func anExactTagBeatsTheLanguageAloneWhichBeatsAnotherRegion() {
        let links = [link("us.json", "application/json", "en-US"), link("en.json", "application/json", "en"),
                     link("gb.srt", "application/x-subrip", "EN-gb")]
        #expect(TranscriptChoice.best(of: links, languages: ["en-GB", "en"])?.language == "EN-gb")
        #expect(TranscriptChoice.best(of: Array(links.prefix(2)), languages: ["en-GB", "en"])?.language == "en")
        #expect(TranscriptChoice.best(of: Array(links.prefix(1)) + [link("de.json", "application/json", "de")],
                                      languages: ["en-GB", "de"])?.language == "en-US")
    }

    @Test func linksWithoutALanguageComeAfterTheListenersLanguagesAndBeforeOthers() {
        let links = [link("fr.json", "application/json", "fr"), link("plain.srt", "application/x-subrip"),
                     link("en.txt", "text/plain", "en")]
        #expect(TranscriptChoice.best(of: links, languages: ["en"])?.url.lastPathComponent == "en.txt")
        #expect(TranscriptChoice.best(of: links, languages: ["ja"])?.url.lastPathComponent == "plain.srt")
        #expect(TranscriptChoice.best(of: Array(links.prefix(1)), languages: ["ja"])?.url.lastPathComponent == "fr.json")
    }

    @Test func linksWithoutALanguageAreInTheFeedsLanguage() {
        let links = [link("de.json", "application/json", "de"), link("feed.txt", "text/plain")]
        #expect(TranscriptChoice.best(of: links, languages: ["en", "de"], feedLanguage: "en-US")?.url.lastPathComponent == "feed.txt")
        #expect(TranscriptChoice.best(of: links, languages: ["en", "de"])?.url.lastPathComponent == "de.json")
    }

    @Test func captionsAreNeitherBetterNorWorseAndTiesKeepTheFeedsOrder() {
        let captions = link("c.vtt", "text/vtt", "en", rel: "captions")
        let transcript = link("t.vtt", "text/vtt", "en")
        #expect(TranscriptChoice.best(of: [captions, transcript], languages: ["en"]) == captions)
        #expect(TranscriptChoice.best(of: [transcript, captions], languages: ["en"]) == transcript)
        #expect(TranscriptChoice.best(of: [link("c.srt", "application/srt", rel: "captions"), link("t.html", "text/html")],
                                      languages: [])?.rel == "captions")
        #expect(TranscriptChoice.best(of: [], languages: ["en"]) == nil)
    }

    @Test func theLocaleGivesItsTagAndItsLanguage() {
        #expect(ListenerLanguages.preferred(in: ["LANG": "en_GB.UTF-8"]) == ["en-GB", "en"])
        #expect(ListenerLanguages.preferred(in: ["LANG": "de"]) == ["de"])
        #expect(ListenerLanguages.preferred(in: ["LANG": "sr_RS.UTF-8@latin"]) == ["sr-RS", "sr"])
        #expect(ListenerLanguages.preferred(in: ["LANG": "pt_BR"]) == ["pt-BR", "pt"])
    }

    @Test func lcAllThenLCMessagesThenLangDecideTheLocale() {
        #expect(ListenerLanguages.preferred(in: ["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]) == ["fr-FR", "fr"])
        #expect(ListenerLanguages.preferred(in: ["LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]) == ["de-DE", "de"])
        #expect(ListenerLanguages.preferred(in: ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"]) == ["en-US", "en"])
    }

    @Test func languageListsComeBeforeTheLocaleUnlessTheLocaleIsC() {
        #expect(ListenerLanguages.preferred(in: ["LANGUAGE": "de_AT:de:en", "LANG": "de_AT.UTF-8"]) == ["de-AT", "de", "en"])
        #expect(ListenerLanguages.preferred(in: ["LANGUAGE": "nl::en_GB", "LANG": "fr_FR.UTF-8"]) == ["nl", "en-GB", "en", "fr-FR", "fr"])
        #expect(ListenerLanguages.preferred(in: ["LANGUAGE": "de", "LANG": "C.UTF-8"]) == [])
        #expect(ListenerLanguages.preferred(in: ["LANGUAGE": "de", "LC_ALL": "POSIX"]) == [])
        #expect(ListenerLanguages.preferred(in: ["LANGUAGE": "de"]) == [])
        #expect(ListenerLanguages.preferred(in: [:]) == [])
    }
}
