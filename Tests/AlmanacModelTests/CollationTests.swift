import AlmanacModel
import Testing

@Suite struct CollationTests {
    static func sorted(_ texts: [String], _ locale: String) throws -> [String] {
        let collation = try #require(Collation(locale: locale))
        return texts.map { ($0, collation.sortKey($0, strength: .secondary)) }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
    }

    @Test func numbersSortByValue() throws {
        #expect(try Self.sorted(["Item 10", "Item 2", "Item 1"], "en") == ["Item 1", "Item 2", "Item 10"])
    }

    @Test func caseDoesNotMatterAtSecondaryStrength() throws {
        let collation = try #require(Collation(locale: "en"))
        #expect(collation.compare("apple", "APPLE") == .same)
        #expect(collation.compare("apple", "Banana") == .ascending)
    }

    @Test func accentsSortAfterTheirBaseLetter() throws {
        #expect(try Self.sorted(["cote", "côte", "coté", "cotz"], "en") == ["cote", "coté", "côte", "cotz"])
    }

    @Test(arguments: [
        ("en", ["Åland", "Ångström", "Zulu"], ["Åland", "Ångström", "Zulu"]),
        ("sv", ["Åland", "Zulu", "Örebro", "Ärla"], ["Zulu", "Åland", "Ärla", "Örebro"]),
        ("de", ["Österreich", "Ostfriesland", "Oz"], ["Österreich", "Ostfriesland", "Oz"]),
        ("es", ["Nube", "Ñandú", "Oso", "Nzz"], ["Nube", "Nzz", "Ñandú", "Oso"]),
    ])
    func localeDecidesWhereLettersSort(locale: String, input: [String], expected: [String]) throws {
        #expect(try Self.sorted(input, locale) == expected)
    }

    @Test func unknownLocaleStillOpensWithRootRules() throws {
        // ICU falls back to the root collation rather than failing; the index still works.
        #expect(Collation(locale: "xx") != nil)
    }

    @Test(arguments: ["en", "sv", "zh-Hant", "pt-BR", "de_CH", "es-419", "ja", "ar"])
    func localesICUKnowsHaveData(locale: String) {
        #expect(LocaleTag(locale) != nil)
    }

    /// A collator opens for these too, so only this check tells the author.
    @Test(arguments: ["klingon", "tlh", "xx", "", "-", "english", "verylonglanguage-GB"])
    func madeUpLocalesHaveNone(locale: String) {
        #expect(LocaleTag(locale) == nil)
    }
}
