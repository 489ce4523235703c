import AlmanacCore
@testable import AlmanacLoad
import AlmanacTestSupport
import Testing

@Suite struct YAMLReaderTests {
    func read(_ text: String) throws -> Value {
        try YAMLReader().read(Array(text.utf8), path: "data.yaml").value
    }

    @Test func scalarsFollowTheCoreSchema() throws {
        let value = try read("a: yes\nb: true\nc: 12\nd: 1.5\ne: ~\nf: '12'\ng: 2024-03-09\nh: Norway\n")
        let object = try #require(value.objectValue)
        #expect(object["a"] == .string("yes"), "YAML 1.2: yes is text")
        #expect(object["b"] == .bool(true))
        #expect(object["c"] == .number(Number(text: "12", value: 12)))
        #expect(object["d"] == .number(Number(text: "1.5", value: 1.5)))
        #expect(object["e"] == .null)
        #expect(object["f"] == .string("12"), "quoted numbers stay text")
        #expect(object["g"] == .date(DateValue(text: "2024-03-09", year: 2024, month: 3, day: 9)))
        #expect(object["h"] == .string("Norway"))
    }

    @Test func mappingsKeepTheirOrderAndListsRead() throws {
        let value = try read("z: [1, 2]\na:\n  - x\n  - y\n")
        #expect(value.objectValue?.names == ["z", "a"])
        #expect(value.objectValue?["a"] == .list([.string("x"), .string("y")]))
    }

    @Test func aKeyGivenTwiceIsAWarningAtTheSecondNamingTheFirst() throws {
        let document = try YAMLReader().read(Array("title: A\nplace:\n  x: 1\n  x: 2\ntitle: B\n".utf8), path: "s.yaml", lineOffset: 1)
        #expect(document.value.objectValue?["title"] == .string("B"), "the last one is used, as libyaml and PyYAML use it")
        let warnings = document.duplicateKeys
        #expect(warnings.map(\.severity) == [.warning, .warning])
        #expect(warnings.map { $0.location?.line } == [5, 6], "nested keys too, lines counted from the front matter's offset")
        #expect(warnings[1].message == "'title' is given twice; this one replaces the one at line 2")
        #expect(try YAMLReader().read(Array("a: 1\nb: {a: 2}\n".utf8), path: "s.yaml").duplicateKeys.isEmpty, "the same key in two mappings is no duplicate")
    }

    @Test func aliasesAndMergeKeysExpand() throws {
        let value = try read("base: &b {x: 1}\nmore:\n  <<: *b\n  y: 2\n")
        #expect(value.objectValue?["more"]?.objectValue?.names == ["x", "y"])
    }

    @Test func syntaxErrorReportsLineAndColumn() throws {
        let error = try #require(diagnostic { _ = try read("title: ok\nlist: [a, b\nnext: 1\n") })
        #expect(error.location?.path == "data.yaml")
        #expect(error.location?.line == 3)
        #expect(error.message.hasPrefix("YAML:"))
    }

    @Test func billionLaughsIsStoppedByTheNodeBudget() throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            let refs = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
            text += "\(name): &\(name) [\(refs)]\n"
            previous = name
        }
        let error = try #require(diagnostic { _ = try read(text) })
        #expect(error.message.hasPrefix("YAML aliases expand to more than"))
    }

    /// The budget is on what aliases add: a large file of plain records is read whole.
    @Test func aLargeDocumentWithoutAliasesIsRead() throws {
        var text = ""
        for row in 0..<150_000 { text += "- name: \"Item \(row)\"\n  size: \(row)\n  tags: [a, b]\n" }
        let value = try read(text)
        guard case .list(let rows) = value else { Issue.record("not a list"); return }
        #expect(rows.count == 150_000, "1,050,000 nodes in all")
        #expect(rows.last?.objectValue?["size"] == .number(Number(text: "149999", value: 149_999)))
    }

    @Test func topLevelKeyLocationsAreKept() throws {
        let document = try YAMLReader().read(Array("title: A\n\ngroup: none\n".utf8), path: "x.md", lineOffset: 1)
        #expect(document.keyLocations["group"] == SourceLocation(path: "x.md", line: 4, column: 1))
    }

    @Test func emptyDocumentIsNull() throws {
        #expect(try read("") == .null)
    }
}
