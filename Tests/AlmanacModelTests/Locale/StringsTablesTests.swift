import AlmanacDefaults
import AlmanacLoad
import AlmanacModel
import Testing

/// The strings tables Almanac ships: one per language the issue of interface words names,
/// each with every key, each counted key in every plural form its language uses, and nothing
/// a reader would see as a stray `{name}` or an English word left behind.
@Suite struct StringsTablesTests {
    static let required = [
        "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "ru", "uk", "tr", "el", "ar", "he", "fa", "hi",
        "ja", "zh", "zh-Hant", "ko",
    ]
    static let catalog = StringsCatalog.builtIn
    static var english: [String: StringsEntry] { catalog.tables["en"]?.entries ?? [:] }

    @Test func everyListedLanguageHasATableThatReads() throws {
        let files = DefaultTemplates.files.keys.filter { $0.hasPrefix("strings/") }
        for path in files {
            _ = try StringsTableReader.read(DefaultTemplates.files[path] ?? [], path: path)
        }
        #expect(Set(Self.catalog.tables.keys) == Set(Self.required))
        #expect(files.count == Self.required.count)
    }

    @Test(arguments: required)
    func everyKeyIsInEveryTable(name: String) throws {
        let table = try #require(Self.catalog.tables[name])
        let missing = InterfaceString.allCases.map(\.rawValue).filter { table.entries[$0] == nil }
        #expect(missing.isEmpty, "\(name) lacks \(missing)")
        #expect(StringsCatalog.problems(of: table, locale: LocaleTag(name)).map(\.message).isEmpty, "\(name)")
    }

    @Test(arguments: required)
    func everyCountedKeyHasEveryFormItsLanguageUsesForACount(name: String) throws {
        let table = try #require(Self.catalog.tables[name])
        let rules = PluralRules(try #require(LocaleTag(name)))
        let needed = Set((0...1000).map(rules.category) + [rules.category(1_000_000)])
        for (key, entry) in Self.english {
            guard case .plural = entry else { continue }
            guard case .plural(let forms)? = table.entries[key] else {
                Issue.record("\(name): '\(key)' is counted in English but not here")
                continue
            }
            #expect(needed.isSubset(of: Set(forms.keys)), "\(name): '\(key)' lacks \(needed.subtracting(forms.keys).sorted())")
        }
    }

    @Test(arguments: required)
    func theOtherFormFillsInWhatEnglishDoes(name: String) throws {
        let table = try #require(Self.catalog.tables[name])
        for (key, entry) in Self.english {
            let wanted = Set(entry.texts.flatMap(InterfaceStrings.placeholders))
            let other: String? = switch table.entries[key] {
            case .text(let text)?: text
            case .plural(let forms)?: forms["other"]
            case nil: nil
            }
            #expect(InterfaceStrings.placeholders(in: other ?? "") == wanted, "\(name): '\(key)'")
        }
    }

    @Test(arguments: required.filter { $0 != "en" })
    func noTableLeavesTheInterfaceInEnglish(name: String) throws {
        let table = try #require(Self.catalog.tables[name])
        // Words several languages share with English (`Details`, `Filters`, `Sections`) may stay.
        let english = [InterfaceString.cancel, .noResults, .searchLabel, .rows, .clearAll, .noRows, .alsoAs, .skipToSearch].filter { key in
            table.entries[key.rawValue]?.texts == Self.english[key.rawValue]?.texts
        }
        #expect(english.isEmpty, "\(name) says \(english.map(\.rawValue)) in English")
    }

    @Test(arguments: [
        ("ru", 249, "249 строк"), ("ru", 1, "1 строка"), ("ru", 2, "2 строки"), ("ru", 21, "21 строка"),
        ("fr", 74837, "74\u{202F}837 lignes"), ("de", 74837, "74.837 Zeilen"), ("pl", 5, "5 wierszy"), ("ar", 2, "صفان"),
        ("ar", 11, "١١ صفًا"), ("ja", 3, "3 行"), ("en", 1, "1 row"), ("en", 74837, "74,837 rows"),
    ])
    func aCountIsWrittenInItsLanguagesFormAndDigits(name: String, count: Int, expected: String) throws {
        #expect(Self.catalog.strings(for: try #require(LocaleTag(name))).counted(.rows, count) == expected)
    }

    @Test(arguments: [("zh-TW", "搜尋"), ("zh-Hant-HK", "搜尋"), ("zh-CN", "搜索"), ("pt-BR", "Pesquisar"), ("no", "Søk"), ("de-AT", "durchsuchen"), ("ka", "Search")])
    func aLocaleReadsTheTableOfItsCLDRParent(locale: String, word: String) throws {
        let strings = Self.catalog.strings(for: try #require(LocaleTag(locale)))
        #expect(strings.text(.searchLabel, ["title": "X"]).contains(word))
    }

    @Test func theSitesStringsComeFirstThenItsOwnTableThenTheBuiltIn() throws {
        var catalog = Self.catalog.adding(StringsTable(entries: ["cancel": .text("Stäng"), "filters": .text("Urval")]), for: "sv")
        catalog.overrides = StringsTable(entries: ["filters": .text("Välj")])
        let strings = catalog.strings(for: try #require(LocaleTag("sv")))
        #expect(strings.text(.cancel) == "Stäng")
        #expect(strings.text(.filters) == "Välj")
        #expect(strings.text(.noResults) == "Inga resultat")
    }

    @Test func aBraceLeftOpenIsWrittenAsItStandsOnce() throws {
        var catalog = Self.catalog
        catalog.overrides = StringsTable(entries: ["search_label": .text("Search {title} {title"), "cancel": .text("Close }")])
        let strings = catalog.strings(for: .english)
        #expect(strings.text(.searchLabel, ["title": "birds"]) == "Search birds {title")
        #expect(strings.text(.cancel, ["title": "birds"]) == "Close }")
    }
}
