import AlmanacCore
@testable import AlmanacEdit
import AlmanacModel
import AlmanacTestSupport
import Foundation
import Testing

@Suite struct DataFileEditTests {
    struct Sample: Sendable, CustomStringConvertible {
        let path: String
        let text: String
        /// What `add` is given, and the record's key field for `remove`.
        let add: [(name: String, value: String)]
        let added: String
        var columns: [String]?
        var keyField = "key"
        var section: String?

        var description: String { path }
    }

    static let samples: [Sample] = [
        Sample(
            path: "s.csv", text: "\u{FEFF}name,capital,admitted\r\n\"Alabama\",Montgomery,1819-12-14\r\n\"New York, NY\",Albany,1788-07-26\r\n",
            add: [("name", "Ohio"), ("capital", "Columbus, OH"), ("admitted", "1803-03-01")],
            added: "\"New York, NY\",Albany,1788-07-26\r\nOhio,\"Columbus, OH\",1803-03-01\r\n"),
        Sample(
            path: "s.tsv", text: "name\tzip\nA\t02134", add: [("name", "B"), ("zip", "02135")], added: "A\t02134\nB\t02135"),
        Sample(
            path: "s.ndjson", text: "{\"name\":\"a\",\"n\":1}\n{\"name\":\"b\",\"n\":2}\n", add: [("n", "3"), ("name", "c")],
            added: "{\"name\":\"b\",\"n\":2}\n{\"name\":\"c\",\"n\":3}\n"),
        Sample(
            path: "a.json", text: "[\n    {\n        \"name\": \"a\",\n        \"n\": 1\n    }\n]\n", add: [("name", "b"), ("n", "2")],
            added: "    },\n    {\n        \"name\": \"b\",\n        \"n\": 2\n    }\n]\n"),
        Sample(
            path: "k.json", text: "{\"Ann\": {\"email\": \"a@x\"}}", add: [("name", "Bob"), ("email", "b@x")],
            added: "{\"Ann\": {\"email\": \"a@x\"}, \"Bob\": {\"email\": \"b@x\"}}", keyField: "name"),
        Sample(
            path: "c.json", text: "{\n  \"Ann\": [\"a@x\", \"555\"]\n}\n", add: [("name", "Bob"), ("email", "b@x"), ("phone", "02134")],
            added: "  \"Ann\": [\"a@x\", \"555\"],\n  \"Bob\": [\"b@x\", \"02134\"]\n}\n", columns: ["email", "phone"], keyField: "name"),
        Sample(
            path: "g.json", text: "{\"Fruit\": [{\"name\": \"apple\"}], \"Nuts\": [{\"name\": \"pecan\"}]}", add: [("name", "kiwi")],
            added: "{\"Fruit\": [{\"name\": \"apple\"}, {\"name\": \"kiwi\"}], \"Nuts\"", section: "Fruit"),
        Sample(
            path: "s.yaml", text: "# States\n- name: Alabama\n  admitted: 1819-12-14  # the first\n- name: Alaska\n  admitted: 1959-01-03\n",
            add: [("name", "Ohio: 17th"), ("admitted", "1803-03-01")],
            added: "- name: Alaska\n  admitted: 1959-01-03\n- name: \"Ohio: 17th\"\n  admitted: 1803-03-01\n"),
        Sample(
            path: "f.yaml", text: "Ann:\n    email: a@x\n    visited: true\n", add: [("name", "Bob"), ("email", "b@x"), ("visited", "false")],
            added: "    visited: true\nBob:\n    email: b@x\n    visited: false\n", keyField: "name"),
        Sample(
            path: "a.plist",
            text: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\n\t<dict>\n\t\t<key>name</key>\n\t\t<string>Ann</string>\n\t\t<key>visited</key>\n\t\t<false/>\n\t</dict>\n</array>\n</plist>\n",
            add: [("name", "Bob & Co"), ("visited", "true")],
            added: "\t</dict>\n\t<dict>\n\t\t<key>name</key>\n\t\t<string>Bob &amp; Co</string>\n\t\t<key>visited</key>\n\t\t<true/>\n\t</dict>\n</array>"),
        Sample(
            path: "f.plist",
            text: "<plist version=\"1.0\">\n<dict>\n\t<key>Ann</key>\n\t<array><string>a@x</string><string>555</string></array>\n</dict>\n</plist>\n",
            add: [("name", "Bob"), ("email", "b@x"), ("phone", "02134")],
            added: "\t<key>Bob</key>\n\t<array><string>b@x</string><string>02134</string></array>\n</dict>", columns: ["email", "phone"], keyField: "name"),
        Sample(
            path: "g.plist",
            text: "<plist version=\"1.0\"><dict><key>Nuts</key><array><dict><key>name</key><string>pecan</string></dict></array></dict></plist>",
            add: [("name", "cashew")], added: "<dict><key>name</key><string>cashew</string></dict></array>", section: "Nuts"),
        Sample(
            path: "g.yaml", text: "Fruit:\n  - name: apple\nNuts:\n  - name: pecan\n", add: [("name", "kiwi")],
            added: "  - name: apple\n  - name: kiwi\nNuts:", section: "Fruit"),
    ]

    static func edit(_ sample: Sample, _ fileSystem: MemoryFileSystem, configure: (inout DataFileEdit.Options) -> Void = { _ in }) -> DataFileEdit {
        var options = DataFileEdit.Options()
        options.settings.columns = sample.columns
        options.settings.key = sample.keyField
        options.section = sample.section
        configure(&options)
        return DataFileEdit(fileSystem: fileSystem, options: options)
    }

    /// Adding writes the record as the file writes its others; removing it gives the file
    /// back byte for byte.
    @Test(arguments: samples)
    func addThenRemoveGivesTheFileBack(sample: Sample) throws {
        let fileSystem = MemoryFileSystem([sample.path: sample.text])
        let edit = Self.edit(sample, fileSystem)
        _ = try edit.add(to: sample.path, sample.add)
        let added = try #require(fileSystem.text(sample.path))
        #expect(added.contains(sample.added), "\(added)")
        let key = sample.add.first { $0.name == sample.keyField || (sample.keyField == "key" && $0.name == "name") } ?? sample.add[0]
        _ = try edit.remove(from: sample.path, where: [key])
        #expect(fileSystem.text(sample.path) == sample.text)
    }

    @Test func valuesAreTypedAsTheReadersTypeThemUnlessText() throws {
        let fileSystem = MemoryFileSystem(["s.csv": "name,visited,zip\nA,false,02134\n", "s.json": "[{\"name\": \"A\"}]"])
        _ = try DataFileEdit(fileSystem: fileSystem).add(to: "s.csv", [("name", "B"), ("visited", "true"), ("zip", "02135")])
        #expect(fileSystem.text("s.csv") == "name,visited,zip\nA,false,02134\nB,true,02135\n")
        var options = DataFileEdit.Options()
        options.valuesAreText = true
        _ = try DataFileEdit(fileSystem: fileSystem, options: options).add(to: "s.csv", [("name", "C"), ("visited", "true")])
        #expect(fileSystem.text("s.csv")?.hasSuffix("C,\"true\",\n") == true, "quoted, so it reads back as text")
        options.allowsNewFields = true
        _ = try DataFileEdit(fileSystem: fileSystem, options: options).add(to: "s.json", [("name", "1959"), ("n", "2")])
        options.valuesAreText = false
        _ = try DataFileEdit(fileSystem: fileSystem, options: options).add(to: "s.json", [("name", "D"), ("n", "2"), ("on", "1959-01-03")])
        #expect(fileSystem.text("s.json") == "[{\"name\": \"A\"}, {\"name\": \"1959\", \"n\": \"2\"}, {\"name\": \"D\", \"n\": 2, \"on\": \"1959-01-03\"}]")
    }

    @Test func anUnknownFieldIsAnErrorWithASuggestion() {
        let fileSystem = MemoryFileSystem(["s.csv": "name,capital\nA,B\n"])
        let error = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem).add(to: "s.csv", [("name", "C"), ("captial", "D")]) }
        #expect(error?.message == "the records have no field 'captial'")
        #expect(error?.hint?.hasPrefix("did you mean 'capital'?") == true)
        #expect(fileSystem.text("s.csv") == "name,capital\nA,B\n")
    }

    @Test func removingSeveralNeedsAllAndListsThem() throws {
        let text = "name,kind\na,x\nb,y\nc,x\nd,x\n"
        let fileSystem = MemoryFileSystem(["s.csv": text])
        let refused = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem).remove(from: "s.csv", where: [("kind", "x")]) }
        #expect(refused?.message == "3 records have kind=x:\n  name=a kind=x\n  name=c kind=x\n  name=d kind=x")
        var options = DataFileEdit.Options()
        options.removesAll = true
        options.isDryRun = true
        let preview = try DataFileEdit(fileSystem: fileSystem, options: options).remove(from: "s.csv", where: [("kind", "x")])
        #expect(preview.diff == "@@ -1,5 +1,2 @@\n name,kind\n-a,x\n b,y\n-c,x\n-d,x\n")
        #expect(fileSystem.text("s.csv") == text, "a dry run writes nothing")
        options.isDryRun = false
        let done = try DataFileEdit(fileSystem: fileSystem, options: options).remove(from: "s.csv", where: [("kind", "x"), ("name", "c")])
        #expect(done.records == 1 && fileSystem.text("s.csv") == "name,kind\na,x\nb,y\nd,x\n")
    }

    @Test func aKeyedFileKeepsItsKeysUnique() {
        let fileSystem = MemoryFileSystem(["k.json": "{\"Ann\": {\"email\": \"a@x\"}}"])
        var options = DataFileEdit.Options()
        options.settings.key = "name"
        let error = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem, options: options).add(to: "k.json", [("name", "Ann"), ("email", "z")]) }
        #expect(error?.message == "the file already has a record 'Ann'")
    }

    @Test func removingARecordWithItsCommentsNeedsForce() throws {
        let text = "- name: a  # keep me\n- name: b\n"
        let fileSystem = MemoryFileSystem(["s.yaml": text])
        let error = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem).remove(from: "s.yaml", where: [("name", "a")]) }
        #expect(error?.location == SourceLocation(path: "s.yaml", line: 1, column: 12))
        #expect(fileSystem.text("s.yaml") == text)
        var options = DataFileEdit.Options()
        options.isForced = true
        _ = try DataFileEdit(fileSystem: fileSystem, options: options).remove(from: "s.yaml", where: [("name", "a")])
        #expect(fileSystem.text("s.yaml") == "- name: b\n")
    }

    /// A comment directly above a record is its own: removed with it, without `--force`, and
    /// never left above the next record; the next record keeps its own.
    @Test(arguments: [
        ("- code: USD\n# the euro\n- code: EUR\n# the yen\n- code: JPY\n", "EUR", "- code: USD\n# the yen\n- code: JPY\n"),
        ("- code: USD\n# the euro\n# since 1999\n- code: EUR\n", "EUR", "- code: USD\n"),
        ("# codes\n\n# the dollar\n- code: USD\n- code: EUR\n", "USD", "# codes\n\n- code: EUR\n"),
        ("Money:\n  # the euro\n  - code: EUR\n  - code: USD\n", "EUR", "Money:\n  - code: USD\n"),
    ])
    func aRecordsOwnLeadingCommentGoesWithIt(text: String, code: String, after: String) throws {
        let fileSystem = MemoryFileSystem(["c.yaml": text])
        _ = try DataFileEdit(fileSystem: fileSystem).remove(from: "c.yaml", where: [("code", code)])
        #expect(fileSystem.text("c.yaml") == after)
    }

    /// A comment that is not directly above the record removed stays where it is.
    @Test func aCommentSetApartByABlankLineStays() throws {
        let fileSystem = MemoryFileSystem(["c.yaml": "- code: USD\n# more below\n\n- code: EUR\n- code: JPY\n"])
        _ = try DataFileEdit(fileSystem: fileSystem).remove(from: "c.yaml", where: [("code", "JPY")])
        #expect(fileSystem.text("c.yaml") == "- code: USD\n# more below\n\n- code: EUR\n")
    }

    /// A value that does not fit a typed column is refused, with the column's type named;
    /// `--string` stores it as text on purpose.
    @Test(arguments: [
        ("order=ten", "'ten' is not a number, as every other 'order' in the file is"),
        ("admitted=1803-13-45", "'1803-13-45' is not a date (1959-01-03), as every other 'admitted' in the file is"),
        ("visited=maybe", "'maybe' is not true or false, as every other 'visited' in the file is"),
        ("name=", "a record needs its label: 'name' is empty"),
    ])
    func aValueThatDoesNotFitItsColumnIsRefused(assignment: String, message: String) throws {
        let text = "name,order,admitted,visited\nOhio,17,1803-03-01,true\nIowa,29,1846-12-28,false\n"
        let fileSystem = MemoryFileSystem(["s.csv": text])
        let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let fields = [("name", "Utah"), ("order", "45"), ("admitted", "1896-01-04"), ("visited", "false")].map { $0.0 == parts[0] ? ($0.0, parts[1]) : $0 }
        let error = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem).add(to: "s.csv", fields) }
        #expect(error?.message == message)
        #expect(fileSystem.text("s.csv") == text)
        guard parts[1] != "" else { return }
        var options = DataFileEdit.Options()
        options.valuesAreText = true
        _ = try DataFileEdit(fileSystem: fileSystem, options: options).add(to: "s.csv", fields)
        #expect(fileSystem.text("s.csv")?.hasSuffix("\n") == true && fileSystem.text("s.csv") != text, "--string stores it anyway")
    }

    @Test func valuesThatFitOrColumnsOfMixedKindsAreAdded() throws {
        let fileSystem = MemoryFileSystem(["s.csv": "name,code\nA,17\nB,x7\n"])
        _ = try DataFileEdit(fileSystem: fileSystem).add(to: "s.csv", [("name", "C"), ("code", "ten")])
        #expect(fileSystem.text("s.csv") == "name,code\nA,17\nB,x7\nC,ten\n")
    }

    /// A write that fails leaves the file as it was.
    @Test func aFailedWriteLeavesTheFile() {
        let fileSystem = MemoryFileSystem(["s.csv": "name\na\n"])
        fileSystem.failWrites(to: "s.csv")
        let error = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem).add(to: "s.csv", [("name", "b")]) }
        #expect(error?.message.hasPrefix("cannot write the data file, which is unchanged") == true)
        #expect(fileSystem.text("s.csv") == "name\na\n")
    }

    @Test func anEditThatWouldBreakThePageIsRefused() {
        let fileSystem = MemoryFileSystem(["g.yaml": "Fruit:\n  - name: apple\n"])
        let error = diagnostic { _ = try DataFileEdit(fileSystem: fileSystem).remove(from: "g.yaml", where: [("name", "apple")]) }
        #expect(error?.message.hasPrefix("the edit would leave the file unreadable") == true)
        #expect(fileSystem.text("g.yaml") == "Fruit:\n  - name: apple\n")
    }

    /// A binary file stays binary; one written canonically comes back byte for byte.
    @Test func aBinaryPropertyListStaysBinary() throws {
        let original = BinaryPropertyList.encode(["Ann": ["a@x", "555"], "Émile": ["e@x", "1"]] as [String: Any])
        let fileSystem = MemoryFileSystem()
        try fileSystem.write(original, to: "f.plist")
        var options = DataFileEdit.Options()
        options.settings.key = "name"
        options.settings.columns = ["email", "phone"]
        let edit = DataFileEdit(fileSystem: fileSystem, options: options)
        _ = try edit.add(to: "f.plist", [("name", "Bob"), ("email", "b@x"), ("phone", "7")])
        let added = try fileSystem.read("f.plist")
        #expect(added.starts(with: Array("bplist00".utf8)))
        let read = try #require(try PropertyListSerialization.propertyList(from: Data(added), format: nil) as? [String: Any])
        #expect(read.keys.sorted() == ["Ann", "Bob", "Émile"] && (read["Bob"] as? [Any])?.count == 2)
        _ = try edit.remove(from: "f.plist", where: [("name", "Bob")])
        #expect(try fileSystem.read("f.plist") == original)
    }
}
