import AlmanacModel
import Testing

/// The locale's own way with counts and lists, as ICU gives it: what a reader of the page sees
/// in "249 rows", the index button and "Also as Markdown and JSON".
@Suite struct LocaleFormatsTests {
    static func tag(_ text: String) throws -> LocaleTag { try #require(LocaleTag(text)) }

    @Test(arguments: [
        ("en", 74837, "74,837"), ("de", 74837, "74.837"), ("fr", 74837, "74\u{202F}837"),
        ("sv", 74837, "74\u{A0}837"), ("hi", 1_234_567, "12,34,567"), ("ar", 74837, "٧٤٬٨٣٧"),
        ("es", 1000, "1000"), ("es", 10000, "10.000"), ("pl", 1000, "1000"),
    ])
    func countsAreGroupedAsTheLocaleWritesThem(locale: String, number: Int, expected: String) throws {
        #expect(NumberStyle(try Self.tag(locale)).format(number) == expected)
    }

    @Test func theBrowserGetsTheSymbolsThatRebuildTheBuildsNumbers() throws {
        let hindi = NumberStyle(try Self.tag("hi")).symbols
        #expect(hindi.groupingSeparator == "," && hindi.groupingSize == 3 && hindi.secondaryGroupingSize == 2)
        let arabic = NumberStyle(try Self.tag("ar")).symbols
        #expect(arabic.digits.joined() == "٠١٢٣٤٥٦٧٨٩" && arabic.groupingSeparator == "٬")
        #expect(NumberStyle(try Self.tag("es")).symbols.minimumGroupingDigits == 2)
        #expect(NumberStyle(try Self.tag("en")).symbols.minimumGroupingDigits == 1)
    }

    @Test(arguments: [
        ("ru", [1: "one", 2: "few", 5: "many", 21: "one", 11: "many"]),
        ("en", [1: "one", 0: "other", 2: "other"]),
        ("pl", [1: "one", 3: "few", 5: "many", 22: "few"]),
        ("ar", [0: "zero", 1: "one", 2: "two", 3: "few", 11: "many", 100: "other"]),
        ("ja", [1: "other", 5: "other"]),
    ])
    func countedWordsTakeTheFormICUsPluralRulesChoose(locale: String, expected: [Int: String]) throws {
        let rules = PluralRules(try Self.tag(locale))
        for (number, category) in expected { #expect(rules.category(number) == category, "\(locale) \(number)") }
    }

    @Test func listsJoinAsTheLocaleJoinsThem() throws {
        #expect(ListStyle.joined(["Markdown", "JSON"], locale: try Self.tag("en")) == "Markdown and JSON")
        #expect(ListStyle.joined(["Markdown", "JSON", "CSV"], locale: try Self.tag("en")) == "Markdown, JSON, and CSV")
        #expect(ListStyle.joined(["Markdown", "JSON"], locale: try Self.tag("de")) == "Markdown und JSON")
        #expect(ListStyle.joined(["Markdown"], locale: try Self.tag("de")) == "Markdown")
    }
}

@Suite struct LocaleTagTests {
    @Test(arguments: [("sv", "sv", false), ("de_AT", "de-AT", false), ("zh-hant", "zh-Hant", false), ("ar", "ar", true), ("he", "he", true), ("fa-IR", "fa-IR", true)])
    func aLocaleIsNamedAsThePageLanguageAndKnowsItsDirection(text: String, bcp47: String, rightToLeft: Bool) throws {
        let tag = try #require(LocaleTag(text))
        #expect(tag.bcp47 == bcp47)
        #expect(tag.isRightToLeft == rightToLeft)
    }

    @Test(arguments: ["klingon", "xx", "", "en US", "de-"])
    func aLocaleICUHasNoDataForIsNotOne(text: String) {
        #expect(LocaleTag(text) == nil)
    }

    @Test(arguments: [
        ("de-AT", ["de-AT", "de"]), ("sv", ["sv"]), ("zh-TW", ["zh-Hant-TW", "zh-Hant"]), ("zh-Hant", ["zh-Hant"]),
        ("zh-CN", ["zh-CN", "zh"]), ("no", ["no", "nb"]), ("pt-BR", ["pt-BR", "pt"]),
    ])
    func stringsTablesAreLookedUpAlongCLDRsParentChain(text: String, names: [String]) throws {
        #expect(try #require(LocaleTag(text)).tableNames == names)
    }

    @Test func anUnknownLocaleIsAnErrorThatSuggestsTheNearestKnownOne() {
        let byName = LocaleTag.unknown("Swedish", at: nil)
        #expect(byName.severity == .error)
        #expect(byName.hint?.contains("'sv'") == true)
        #expect(LocaleTag.unknown("sv-SW", at: nil).hint?.contains("did you mean") == true)
        #expect(LocaleTag.unknown("klingon", at: nil).hint?.contains("zh-Hant") == true)
    }
}
