import AlmanacCore
import AlmanacModel
import AlmanacRender
import Testing

@Suite struct TestAnnotationsTests {
    /// GitHub reads `%`, CR and LF specially in a command's message, and `:` and `,` too in its
    /// properties: each must be escaped or the annotation is cut or misread.
    @Test(arguments: [
        ("assert False", "assert False", "assert False"), ("50% done\r\nnext", "50%25 done%0D%0Anext", "50%25 done%0D%0Anext"),
        ("a:b,c", "a:b,c", "a%3Ab%2Cc"), ("::error", "::error", "%3A%3Aerror"),
    ])
    func valuesAreEscapedAsGitHubRequires(text: String, message: String, property: String) {
        #expect(TestAnnotations.message(text) == message)
        #expect(TestAnnotations.property(text) == property)
    }

    @Test func onlyFailingRowsWithAFileAreAnnotated() throws {
        let rows: [[String: Value]] = [
            ["name": .string("ok"), "status": .string("passed"), "file": .string("a.py")],
            ["name": .string("t, one"), "status": .string("failed"), "file": .string("dir/a b.py"), "line": .number(Number(text: "7", value: 7)),
             "message": .string("expected 1\ngot 2")],
            ["name": .string("crash"), "status": .string("error"), "file": .string("c.py"), "details": .string("Trace:\n  at c.py:3")],
            ["name": .string("nowhere"), "status": .string("failed")],
        ]
        var settings = PageSettings()
        settings.grouping = .none
        settings.sort = SortSpec(["file"])
        let records = rows.map { fields in
            Record(fields: Object(["name", "status", "file", "line", "message", "details"].compactMap { key in
                fields[key].map { Object.Field(name: key, value: $0) }
            }), location: SourceLocation(path: "r.xml"))
        }
        let page = try PageBuilder().build(.init(name: "r", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "r"))).page
        #expect(TestAnnotations.failingRows(page).count == 3)
        #expect(TestAnnotations.github(page) == [
            "::error file=c.py,title=crash::Trace:",
            "::error file=dir/a b.py,line=7,title=t%2C one::expected 1%0Agot 2",
        ])
    }
}
