import AlmanacCore
import AlmanacModel
@testable import AlmanacRender
import Testing

@Suite struct TestSummaryTests {
    static func page(_ rows: [(status: String, time: Value)], summary: PageSettings.Summary? = .tests, locale: String? = nil) throws -> Page {
        var settings = PageSettings()
        settings.summary = summary
        settings.locale = locale
        settings.grouping = .none
        let records = rows.enumerated().map { index, row in
            Record(fields: Object([
                .init(name: "name", value: .string("t\(index)")), .init(name: "status", value: .string(row.status)),
                .init(name: "time", value: row.time),
            ]), location: SourceLocation(path: "r.xml"))
        }
        return try PageBuilder().build(.init(name: "r", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "r"))).page
    }

    static func seconds(_ value: Double) -> Value { .number(Number(text: String(value), value: value)) }

    @Test func countsComeFromTheRowsInTheOrderTroubleIsReadIn() throws {
        let rows = Array(repeating: ("passed", Self.seconds(1)), count: 1_190) + Array(repeating: ("failed", Self.seconds(0.1)), count: 9)
            + Array(repeating: ("skipped", Value.null), count: 5)
        #expect(TestSummary.line(for: try Self.page(rows)) == "1,204 tests: 9 failed, 5 skipped, 1,190 passed · 19 m 51 s")
        let errors = try Self.page([("error", .null), ("error", .null), ("odd", .null)])
        #expect(TestSummary.line(for: errors) == "3 tests: 2 errors, 1 other", "no time, no duration")
        #expect(TestSummary.line(for: try Self.page([("passed", .null)], summary: nil)) == nil, "only pages that ask")
    }

    @Test(arguments: [(0.0042, "4 ms"), (0.5, "500 ms"), (1, "1 s"), (12.34, "12.3 s"), (192.4, "3 m 12 s"), (3_725, "1 h 2 m")])
    func durationsReadLikeAPersonSaysThem(seconds: Double, text: String) {
        #expect(FieldText.duration(seconds, strings: StringsCatalog.english) == text)
    }

    /// The line speaks the page's language: its plural forms, its way of joining the counts, its
    /// digits and decimal separator.
    @Test func theLineIsInThePagesLanguage() throws {
        let rows = Array(repeating: ("passed", Self.seconds(0.01)), count: 1_190) + Array(repeating: ("failed", Self.seconds(0.001)), count: 2)
            + [("skipped", Value.null)]
        let german = TestSummary.line(for: try Self.page(rows, locale: "de"))
        let russian = TestSummary.line(for: try Self.page(rows, locale: "ru"))
        let japanese = TestSummary.line(for: try Self.page(rows, locale: "ja"))
        #expect(german == "1.193 Tests: 2 fehlgeschlagen, 1 übersprungen, 1.190 bestanden · 11,9 s")
        #expect(russian == "1\u{A0}193 теста: 2 не пройдены, 1 пропущен, 1\u{A0}190 пройдено · 11,9 с")
        #expect(japanese == "1,193 件のテスト：失敗 2 件、スキップ 1 件、成功 1,190 件 · 11.9 秒")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567")])
    func countsAreGroupedByThousands(number: Int, text: String) {
        #expect(number.grouped == text)
    }
}
