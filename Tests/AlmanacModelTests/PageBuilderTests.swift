import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Testing

@Suite struct PageBuilderTests {
    static func records(_ rows: [[String: String]], order: [String] = ["name"]) -> [Record] {
        rows.map { row in
            let names = order + row.keys.filter { !order.contains($0) }.sorted()
            return Record(
                fields: Object(names.compactMap { name in row[name].map { Object.Field(name: name, value: .string($0)) } }),
                location: SourceLocation(path: "data.csv"))
        }
    }

    static func names(_ labels: [String]) -> [Record] {
        records(labels.map { ["name": $0] })
    }

    static func build(_ records: [Record], _ configure: (inout PageSettings) -> Void = { _ in }) throws -> Page {
        var settings = PageSettings()
        settings.data = "data.csv"
        configure(&settings)
        return try PageBuilder().build(.init(name: "page", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "page.md"))).page
    }

    static func layout(_ page: Page) -> [String] {
        page.sections.map { "\($0.title): " + $0.rows.map(\.label).joined(separator: ", ") }
    }

    @Test func firstLetterGroupingPutsDigitsAndSymbolsLast() throws {
        let page = try Self.build(Self.names(["banana", "Apple", "3M", "_private", "Émile", "apple", "Ørsted", "łódź", "Zebra"]))
        #expect(Self.layout(page) == [
            "A: apple, Apple", "B: banana", "E: Émile", "L: łódź", "O: Ørsted", "Z: Zebra", "#: _private, 3M",
        ])
    }

    @Test func labelsLoseSurroundingWhiteSpaceOfAnyKind() throws {
        let page = try Self.build(Self.names(["  Ada\t", "\u{00A0}Bea\u{3000}", "Cy\n", "  ", "Dee Dee"]))
        #expect(page.sections.flatMap(\.rows).map(\.label).sorted() == ["", "Ada", "Bea", "Cy", "Dee Dee"])
    }

    @Test func swedishPutsRingAndUmlautsAfterZ() throws {
        let page = try Self.build(Self.names(["Åland", "Zulu", "Örebro", "Ärla", "Anna"])) { $0.locale = "sv" }
        #expect(Self.layout(page) == ["A: Anna", "Z: Zulu", "Å: Åland", "Ä: Ärla", "Ö: Örebro"])
    }

    @Test func spanishHasItsOwnEnyeSection() throws {
        let page = try Self.build(Self.names(["Ñandú", "Nube", "Oso"])) { $0.locale = "es" }
        #expect(Self.layout(page) == ["N: Nube", "Ñ: Ñandú", "O: Oso"])
    }

    @Test func germanFoldsUmlautsIntoTheirBaseLetter() throws {
        let page = try Self.build(Self.names(["Österreich", "Ostfriesland", "Ärger", "Affe"])) { $0.locale = "de" }
        #expect(Self.layout(page) == ["A: Affe, Ärger", "O: Österreich, Ostfriesland"])
    }

    @Test func numbersSortByValueAndTiesFallBackToCaseThenInputOrder() throws {
        let page = try Self.build(Self.names(["Item 10", "item 2", "Item 2", "Item 1"])) { $0.grouping = .none }
        #expect(page.sections[0].rows.map(\.label) == ["Item 1", "item 2", "Item 2", "Item 10"])
    }

    @Test func identicalLabelsKeepInputOrder() throws {
        let rows = Self.records([["name": "Paris", "country": "France"], ["name": "Paris", "country": "USA"]], order: ["name", "country"])
        let page = try Self.build(rows) { $0.grouping = .none }
        #expect(page.sections[0].rows.map { $0.record["country"]?.text } == ["France", "USA"])
        #expect(page.sections[0].rows.map(\.slug) == ["paris", "paris-2"], "slugs never collide")
    }

    @Test func emptyLettersAppearOnlyWithFullIndex() throws {
        let sparse = try Self.build(Self.names(["Apple", "Cherry"]))
        #expect(sparse.sections.map(\.title) == ["A", "C"])
        let full = try Self.build(Self.names(["Apple", "Cherry"])) { $0.index = .full }
        #expect(full.sections.count == 27)
        #expect(full.sections[1].title == "B" && full.sections[1].isEmpty)
        #expect(full.sections.last?.title == "#")
    }

    @Test func groupingByFieldSortsSectionsByCollation() throws {
        let rows = Self.records([
            ["name": "Texas", "region": "South"], ["name": "Ohio", "region": "Midwest"],
            ["name": "Maine", "region": "Northeast"], ["name": "Utah", "region": "West"], ["name": "Guam"],
        ], order: ["name", "region"])
        let page = try Self.build(rows) { $0.grouping = .field("region") }
        #expect(Self.layout(page) == ["Midwest: Ohio", "Northeast: Maine", "South: Texas", "West: Utah", "(none): Guam"])
    }

    @Test func groupingByYearIsNewestFirst() throws {
        let rows = Self.records([
            ["name": "Delaware", "admitted": "1787-12-07"], ["name": "Hawaii", "admitted": "1959-08-21"],
            ["name": "Alaska", "admitted": "1959-01-03"], ["name": "Ohio", "admitted": "1803-03-01"],
        ], order: ["name", "admitted"])
        let page = try Self.build(rows) {
            $0.grouping = .year("admitted")
            $0.sort = SortSpec(["admitted"])
        }
        #expect(Self.layout(page) == ["1959: Alaska, Hawaii", "1803: Ohio", "1787: Delaware"])
    }

    @Test func groupingByMonthNamesTheMonth() throws {
        let rows = Self.records([["name": "a", "on": "2024-03-09"], ["name": "b", "on": "2024-11-01"]], order: ["name", "on"])
        let page = try Self.build(rows) { $0.grouping = .month("on") }
        #expect(page.sections.map(\.title) == ["November 2024", "March 2024"])
        #expect(page.sections.map(\.id) == ["november-2024", "march-2024"])
    }

    @Test func descendingSortAndMissingValuesLast() throws {
        let rows = Self.records([["name": "a", "n": "2"], ["name": "b"], ["name": "c", "n": "10"]], order: ["name", "n"])
        let page = try Self.build(rows) {
            $0.grouping = .none
            $0.sort = SortSpec(["-n"])
        }
        #expect(page.sections[0].rows.map(\.label) == ["c", "a", "b"])
    }

    @Test func preGroupedDataKeepsItsSectionsAndOrder() throws {
        var settings = PageSettings()
        settings.data = "x.json"
        let data = DatasetShape.sections([("Zed", Self.names(["b", "a"])), ("Alpha", Self.names(["c"]))])
        let page = try PageBuilder().build(.init(name: "p", settings: settings, prose: .empty, data: data, source: SourceLocation(path: "p.md"))).page
        #expect(Self.layout(page) == ["Zed: b, a", "Alpha: c"])
    }

    @Test func sectionIdsFollowGitHubAnchorsAndAvoidProseHeadings() throws {
        var settings = PageSettings()
        settings.data = "x.csv"
        settings.title = "A"
        let prose = Prose(markdown: "## B\n", headings: ["B"], isEmpty: false)
        let page = try PageBuilder().build(.init(
            name: "p", settings: settings, prose: prose, data: .rows(Self.names(["apple", "berry", "3M", "Åland"])),
            source: SourceLocation(path: "p.md"))).page
        #expect(page.titleAnchor == "a")
        #expect(page.sections.map(\.id) == ["a-1", "b-1", "other"])
    }

    @Test func missingLabelIsAWarning() throws {
        var settings = PageSettings()
        settings.data = "x.csv"
        let records = Self.records([["name": "ok"], ["other": "no name"]], order: ["name", "other"])
        let result = try PageBuilder().build(.init(name: "p", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "p.md")))
        #expect(result.warnings.count == 1)
        #expect(result.warnings[0].severity == .warning)
    }

    /// A large page reads its labels on several threads; each missing one is still named, in
    /// the order of the records.
    @Test func missingLabelsOfALargePageAreWarnedInRecordOrder() throws {
        let records = (0..<6000).map { index in
            Record(
                fields: Object([Object.Field(name: index % 1000 == 999 ? "other" : "name", value: .string("Row \(index)"))]),
                location: SourceLocation(path: "data.csv", line: index + 2))
        }
        var settings = PageSettings()
        settings.data = "data.csv"
        let result = try PageBuilder().build(.init(name: "p", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "p.md")))
        #expect(result.warnings.map { $0.location?.line } == [1001, 2001, 3001, 4001, 5001, 6001])
        #expect(result.page.sections.flatMap(\.rows).count == 6000)
    }

    /// Large pages compute keys on several threads; the result must match a naive scan.
    @Test func largePageMatchesANaiveScan() throws {
        let stems = ["Åsa", "émile", "Zoë", "3M", "anna", "Ørsted", "Łukasz", "bob", "_x", "Item 10", "Item 2", "zed"]
        let labels = (0..<6000).map { "\(stems[$0 % stems.count]) \(($0 * 7919) % 1000)" }
        let page = try Self.build(Self.names(labels))
        let collation = try #require(Collation(locale: "en"))
        let index = SectionIndex(collation: collation)
        #expect(page.rowCount == labels.count)
        for section in page.sections {
            #expect(section.rows.allSatisfy { index.letter(for: $0.label) == section.title })
            for (a, b) in zip(section.rows, section.rows.dropFirst()) {
                #expect(collation.compare(a.label, b.label) != .descending, "\(a.label) before \(b.label)")
            }
        }
        let again = try Self.build(Self.names(labels))
        #expect(Self.layout(again) == Self.layout(page))
        // Slugs made in parallel are the ones a serial pass in row order hands out.
        var allocator = SlugAllocator()
        let serial = page.sections.flatMap(\.rows).map { allocator.allocate($0.label) }
        #expect(page.sections.flatMap(\.rows).map(\.slug) == serial)
        #expect(Set(serial).count == labels.count)
    }

    @Test func labelDefaultsToNameThenTitleThenFirstColumn() throws {
        let titled = Self.records([["title": "T", "x": "1"]], order: ["x", "title"])
        #expect(try Self.build(titled).sections[0].rows[0].label == "T")
        let plain = Self.records([["code": "Z9", "x": "1"]], order: ["code", "x"])
        #expect(try Self.build(plain).sections[0].rows[0].label == "Z9")
    }
}

@Suite struct PageSettingsTests {
    func settings(_ yaml: [String: Value]) throws -> PageSettings {
        try PageSettings(Object(yaml.sorted { $0.key < $1.key }.map { Object.Field(name: $0.key, value: $0.value) }), locations: [:], file: "p.md")
    }

    @Test func readsEverySetting() throws {
        let parsed = try settings([
            "title": .string("T"), "data": .string("d.csv"), "group": .string("year:admitted"),
            "sort": .list([.string("-admitted"), .string("name")]), "fields": .list([.string("capital")]),
            "index": .string("full"), "search": .bool(false), "style": .string("grouped"), "detail": .bool(true),
            "collapsible": .bool(true), "footer": .string("{{count}}"), "locale": .string("sv"), "unsafe": .bool(true),
        ])
        #expect(parsed.grouping == .year("admitted"))
        #expect(parsed.sort?.keys == [SortSpec.Key(field: "admitted", isDescending: true), SortSpec.Key(field: "name")])
        #expect(parsed.index == .full)
        #expect(parsed.search == .off)
        #expect(parsed.style == .grouped)
        #expect(parsed.hasDetailPages && parsed.isCollapsible && parsed.allowsUnsafeMarkdown)
    }

    @Test func unknownSettingIsAnErrorWithASuggestion() throws {
        let error = try #require(diagnostic { _ = try settings(["grup": .string("region")]) })
        #expect(error.message == "unknown setting 'grup'")
        #expect(error.hint == "did you mean 'group'?")
    }

    /// A grouping may name its order: named sections first, in that order, then the rest.
    @Test func groupOrderPutsNamedSectionsFirst() throws {
        var settings = PageSettings()
        settings.grouping = .field("status")
        settings.groupOrder = ["failed", "error", "skipped", "passed", "absent"]
        let statuses = ["passed", "flaky", "failed", "skipped", "passed", "error", "aborted"]
        let records = statuses.enumerated().map { index, status in
            Record(fields: Object([.init(name: "name", value: .string("t\(index)")), .init(name: "status", value: .string(status))]),
                   location: SourceLocation(path: "r.xml"))
        }
        let page = try PageBuilder().build(.init(name: "r", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "r"))).page
        #expect(page.sections.map(\.title) == ["failed", "error", "skipped", "passed", "aborted", "flaky"])
    }

    /// `1e300` is a whole number too: it is refused at its key rather than trapping in `Int`.
    @Test(arguments: Setting.forPages.compactMap { setting -> String? in
        switch setting.kind {
        case .count, .countOrOff: return setting.key
        default: return nil
        }
    })
    func numberSettingsAreRangeChecked(key: String) throws {
        for value in [1e300, -5, 2.5, Double.infinity] {
            let error = diagnostic { _ = try settings([key: .number(Number(text: "\(value)", value: value))]) }
            #expect(error?.message.hasPrefix("'\(key)' must be a whole number") == true, "\(key): \(value)")
        }
        #expect(try settings([key: .number(Number(4096))]) != PageSettings())
    }

    /// A setting that names a field the data lacks is an error at its own line, with the
    /// nearest field; so is a grouping that cannot apply.
    @Test(arguments: [
        ("group", Value.string("frist-letter"), "'group' names 'frist-letter', a field the data does not have", Optional("did you mean 'first-letter'?")),
        ("sort", .string("captial"), "'sort' names 'captial', a field the data does not have", "did you mean 'capital'?"),
        ("image", .string("nope"), "'image' names 'nope', a field the data does not have", nil),
        ("fields", .list([.string("capital"), .string("admited")]), "'fields' names 'admited', a field the data does not have", "did you mean 'admitted'?"),
        ("group", .string("year:capital"), "'group' asks for the dates in 'capital', but none of its values is a date", nil),
        ("filters", .list([.string("capitol")]), "'filters' names 'capitol', a field the data does not have", "did you mean 'capital'?"),
        ("filters", .list([.string("year:capital")]), "'filters' asks for the years in 'capital', but none of its values is a date", nil),
        ("filters", .list([.object(Object([.init(name: "capital", value: .string("range"))]))]),
         "'filters' asks for a range of 'capital', but none of its values is a number or a date", nil),
        ("sortable", .list([.string("admited")]), "'sortable' names 'admited', a field the data does not have", "did you mean 'admitted'?"),
    ])
    func settingsThatNameMissingFieldsAreErrorsAtTheirLine(key: String, value: Value, message: String, hint: String?) throws {
        var object = Object()
        object.set("title", .string("States"))
        object.set(key, value)
        let locations = ["title": SourceLocation(path: "s.md", line: 2, column: 1), key: SourceLocation(path: "s.md", line: 3, column: 1)]
        let settings = try PageSettings(object, locations: locations, file: "s.md")
        let rows = PageBuilderTests.records([["name": "Ohio", "capital": "Columbus", "admitted": "1803-03-01"]], order: ["name", "capital", "admitted"])
        let error = diagnostic { _ = try PageBuilder().build(.init(name: "s", settings: settings, prose: .empty, data: .rows(rows), source: SourceLocation(path: "s.md"))) }
        #expect(error?.message == message)
        #expect(error?.location == SourceLocation(path: "s.md", line: 3, column: 1))
        if let hint { #expect(error?.hint == hint) }
    }

    @Test func wrongTypesAreErrors() throws {
        #expect(diagnostic { _ = try settings(["detail": .string("yes")]) } != nil)
        #expect(diagnostic { _ = try settings(["style": .string("fancy")]) } != nil)
        #expect(diagnostic { _ = try settings(["title": .list([])]) } != nil)
        #expect(diagnostic { _ = try settings(["group": .string("")]) } != nil)
    }
}

@Suite struct SlugTests {
    @Test(arguments: [
        ("Émile Zola", "emile-zola"), ("Ørsted", "orsted"), ("łódź", "lodz"), ("../../etc/passwd", "etc-passwd"),
        ("", "item"), ("...", "item"), ("AT&T", "at-and-t"), ("Straße", "strasse"), ("東京", "dong-jing"),
        ("a\u{0}b/c\\d", "a-b-c-d"),
    ])
    func slugsAreSafeASCII(text: String, expected: String) {
        #expect(Slug.make(text) == expected)
    }

    @Test func slugsAreBounded() {
        #expect(Slug.make(String(repeating: "a", count: 500)).count <= Slug.maximumLength)
    }

    @Test func allocatorNeverRepeats() {
        var allocator = SlugAllocator(reserved: ["index"])
        #expect(["Index", "Paris", "paris", "Paris 2"].map { allocator.allocate($0) } == ["index-2", "paris", "paris-2", "paris-2-2"])
    }

    /// The allocator against the plain rule it speeds up: try `-2`, `-3`, … until one is free.
    @Test func allocatorHandsOutWhatTryingEverySuffixWould() {
        var generator = SeededGenerator(seed: 7)
        let bases = ["a", "a-2", "a-3", "b", "a-2-2", "b-2"]
        let slugs = (0..<2_000).map { _ in bases[Int(generator.next() % UInt64(bases.count))] }
        var taken = Set<String>()
        let naive = slugs.map { base in
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            return candidate
        }
        var allocator = SlugAllocator()
        #expect(slugs.map { allocator.allocate(slug: $0) } == naive)
    }

    @Test func manyRowsSharingOneLabelGetNumberedInOrder() {
        var allocator = SlugAllocator()
        let slugs = (0..<100_000).map { _ in allocator.allocate(slug: "paris") }
        #expect(slugs.first == "paris" && slugs[1] == "paris-2" && slugs.last == "paris-100000")
        #expect(Set(slugs).count == slugs.count)
    }
}

@Suite struct AnchorSluggerTests {
    @Test(arguments: [
        ("States of America", "states-of-america"), ("Å", "å"), ("C++ & Rust!", "c--rust"), ("1959", "1959"),
        ("#", ""), ("Hello_World", "hello_world"), ("  spaced  ", "--spaced--"),
    ])
    func anchorsMatchGitHub(text: String, expected: String) {
        #expect(AnchorSlugger.base(text) == expected)
    }

    @Test func repeatedHeadingsGetNumberedSuffixes() {
        var slugger = AnchorSlugger()
        #expect(["Notes", "Notes", "Notes"].map { slugger.anchor(for: $0) } == ["notes", "notes-1", "notes-2"])
    }

    /// A section called "Main" or "Search field" would take an id the page uses for itself
    /// (two elements of one id: the skip link lands on the section). It takes the next free
    /// anchor, and says it is not GitHub's, so the Markdown names it.
    @Test func aSectionNeverTakesAnIdThePageUsesForItself() throws {
        let records = PageBuilderTests.records(
            ["Main", "List", "Search field", "Row boats", "Notes"].map { ["name": $0 + " item", "kind": $0] })
        let page = try PageBuilderTests.build(records) { $0.grouping = .field("kind") }
        let ids = Dictionary(uniqueKeysWithValues: page.sections.map { ($0.title, ($0.id, $0.hasGitHubAnchor)) })
        #expect(ids["Main"]! == ("main-1", false))
        #expect(ids["List"]! == ("list-1", false))
        #expect(ids["Search field"]! == ("search-field-1", false))
        #expect(ids["Row boats"]! == ("section-row-boats", false))
        #expect(ids["Notes"]! == ("notes", true))
        #expect(page.sections.allSatisfy { !PageChrome.ids.contains($0.id) && !PageChrome.idPrefixes.contains(where: $0.id.hasPrefix) })
    }
}

@Suite struct DatasetShapeTests {
    let here = SourceLocation(path: "d.json")

    @Test func objectOfArraysIsPreGrouped() throws {
        let value = Value.object(Object(["A": .list([.string("Apple")]), "B": .list([.object(Object(["name": .string("Bean")]))])]))
        guard case .sections(let sections) = try DatasetShape.of(value, at: here, columns: nil, keyField: "key") else {
            Issue.record("expected sections")
            return
        }
        #expect(sections.map(\.title) == ["A", "B"])
        #expect(sections[0].records[0]["name"] == .string("Apple"))
    }

    @Test func keyedArraysAreNamedByColumns() throws {
        let value = Value.object(Object(["Ann": .list([.string("a@x"), .string("555")])]))
        guard case .rows(let rows) = try DatasetShape.of(value, at: here, columns: ["email", "phone"], keyField: "name") else {
            Issue.record("expected rows")
            return
        }
        #expect(rows[0].fields.names == ["name", "email", "phone"])
        #expect(rows[0]["phone"] == .string("555"))
    }

    @Test func keyedObjectsBecomeRows() throws {
        let value = Value.object(Object(["Ann": .object(Object(["email": .string("a@x")]))]))
        guard case .rows(let rows) = try DatasetShape.of(value, at: here, columns: nil, keyField: "key") else {
            Issue.record("expected rows")
            return
        }
        #expect(rows[0]["key"] == .string("Ann"))
    }

    @Test func tooManyPositionsIsAnError() throws {
        let value = Value.object(Object(["Ann": .list([.string("a"), .string("b"), .string("c")])]))
        #expect(diagnostic { _ = try DatasetShape.of(value, at: here, columns: ["email"], keyField: "name") } != nil)
    }

    @Test func scalarDocumentIsAnError() throws {
        #expect(diagnostic { _ = try DatasetShape.of(.string("x"), at: here, columns: nil, keyField: "key") } != nil)
    }
}
