import Almanac
import AlmanacCore
import AlmanacTestSupport
import Testing

/// A locale ICU has no data for would sort by the root order and be written as the pages'
/// `lang`, with nothing said: it is a warning at its line, an error under `--strict`.
@Suite struct LocaleWarningTests {
    static func site(yaml: String, page: String = "") -> MemoryFileSystem {
        InlineSite.page("birds", data: "birds.csv", settings: page, text: "name\nWren", more: "-- Content/almanac.yaml --\n" + yaml)
    }

    @Test func anUnknownSiteLocaleIsAWarningAtItsLineInAlmanacYAML() throws {
        let report = try SiteBuilderTests.build(Self.site(yaml: "title: Birds\nlocale: klingon"))
        #expect(report.warnings.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" } == ["Content/almanac.yaml:2"])
        #expect(report.warnings.first?.message.hasPrefix("no locale data for 'klingon'") == true)
        let strict = diagnostic { _ = try SiteBuilderTests.build(Self.site(yaml: "locale: klingon"), strict: true) }
        #expect(strict?.severity == .error && strict?.location?.line == 1)
    }

    @Test func anUnknownPageLocaleIsAWarningAtItsLineInTheFrontMatter() throws {
        let report = try SiteBuilderTests.build(Self.site(yaml: "title: Birds", page: "locale: tlh"))
        #expect(report.warnings.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" } == ["Content/birds.md:3"])
    }

    @Test func knownLocalesSayNothing() throws {
        #expect(try SiteBuilderTests.build(Self.site(yaml: "locale: sv", page: "locale: pt-BR")).warnings.isEmpty)
    }
}
