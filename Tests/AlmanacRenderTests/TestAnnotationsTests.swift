import Foundation
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
        #expect(TestAnnotations.github(page, report: "out/r.html") == [
            "::error file=c.py,line=3,title=crash::Trace:",
            "::error file=dir/a b.py,line=7,title=t%2C one::expected 1%0Agot 2",
            "::notice title=Test report::1 failing test names no source file: the report gives no file, and none was found"
                + " from the class name or the traceback. All 3 are in the report: out/r.html",
        ])
    }

    static func page(failing: Int, withoutFile: Int = 0) throws -> Page {
        var settings = PageSettings()
        settings.grouping = .none
        settings.sort = SortSpec(["name"])
        let records = (0..<(failing + withoutFile)).map { number in
            var fields = Object()
            fields.set("name", .string("test_\(String(format: "%02d", number))"))
            fields.set("status", .string(number % 3 == 0 ? "error" : "failed"))
            if number < failing { fields.set("file", .string("tests/test_\(number).py")) }
            return Record(fields: fields, location: SourceLocation(path: "r.xml"))
        }
        return try PageBuilder().build(.init(name: "r", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "r"))).page
    }

    /// GitHub drops error annotations past 10 in a step without a word: the first 10 are
    /// printed, then one notice counts the rest and says where they are.
    @Test func pastGitHubsLimitANoticeCountsTheRest() throws {
        let lines = TestAnnotations.github(try Self.page(failing: 13, withoutFile: 2), report: "https://ci/run/7")
        #expect(lines.count == 11)
        #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") })
        #expect(lines[0].hasPrefix("::error file=tests/test_0.py,title=test_00::"))
        #expect(lines[10] == "::notice title=Test report::3 more failing tests are not annotated: GitHub shows 10 error annotations per step;"
            + " 2 failing tests name no source file: the report gives no file, and none was found from the class name or the traceback."
            + " All 15 are in the report: https://ci/run/7")
    }

    @Test func noNoticeWhenEveryFailureIsAnnotated() throws {
        let lines = TestAnnotations.github(try Self.page(failing: 10), report: "r.html")
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") })
    }
}
