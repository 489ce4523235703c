import AlmanacCore
import AlmanacModel
import AlmanacRender
import Testing

/// A row shows a value in one line, a detail page all of it, each formatted as the page asks.
@Suite struct FieldTextTests {
    static let english = StringsCatalog.english

    static func strings(_ tag: String) -> InterfaceStrings { StringsCatalog.builtIn.strings(for: LocaleTag(tag)!) }

    static func date(_ text: String) -> Value { .date(DateValue(iso: text)!) }

    @Test(arguments: [
        (0.0004, "0 ms"), (0.627, "627 ms"), (0.9996, "1 s"), (4.25, "4.3 s"), (12, "12 s"), (59.96, "1 m 0 s"),
        (72, "1 m 12 s"), (3725, "1 h 2 m"),
    ])
    func durationsReadAsAPersonSaysThem(seconds: Double, text: String) {
        #expect(FieldText.duration(seconds, strings: Self.english) == text)
    }

    @Test func aRowShowsTheFirstLineAndMarksTheRest() {
        #expect(FieldText.row(.string("AssertionError: sign\n  second line\n"), format: nil, strings: Self.english) == "AssertionError: sign …")
        #expect(FieldText.row(.string("\n\n  only line  \n"), format: nil, strings: Self.english) == "  only line")
        #expect(FieldText.row(.string("one line"), format: nil, strings: Self.english) == "one line")
        #expect(FieldText.row(.string("a\r\nb"), format: nil, strings: Self.english) == "a …")
        #expect(FieldText.row(nil, format: nil, strings: Self.english) == "")
    }

    @Test func aDurationFormatAppliesToNumbersOnly() {
        let seconds = Value.number(Number(text: "0.601", value: 0.601))
        #expect(FieldText.row(seconds, format: .duration, strings: Self.english) == "601 ms")
        #expect(FieldText.row(seconds, format: nil, strings: Self.english) == "0.601")
        #expect(FieldText.row(.string("soon"), format: .duration, strings: Self.english) == "soon")
        #expect(FieldText.formatted(.number(Number(text: "-1", value: -1)), .duration, strings: Self.english) == nil)
    }

    /// Dates read as the page's locale writes them, in ICU's medium style, with its calendar
    /// and digits; `raw` keeps the text the data has.
    @Test(arguments: [
        ("en", "2024-03-09", "Mar 9, 2024"), ("fr", "2024-03-09", "9 mars 2024"), ("de", "2024-03-09", "09.03.2024"),
        ("ja", "2024-03-09", "2024/03/09"), ("sv", "2024-03-09", "9 mars 2024"), ("en", "2024-03", "Mar 2024"),
        ("ja", "2024-03", "2024年3月"), ("en", "1959", "1959"), ("th", "2024-03-09", "9 มี.ค. 2567"),
        ("en", "1500-03-01", "Mar 1, 1500"),
    ])
    func datesReadAsTheLocaleWritesThem(locale: String, iso: String, text: String) {
        #expect(FieldText.row(Self.date(iso), format: nil, strings: Self.strings(locale)) == text)
    }

    @Test func aDateWithATimeShowsItAndTheZoneItWasWrittenIn() {
        let english = Self.english
        #expect(FieldText.row(Self.date("2024-03-09T14:30"), format: nil, strings: english) == "Mar 9, 2024, 2:30\u{202F}PM")
        #expect(FieldText.row(Self.date("2024-03-09T14:30:05Z"), format: nil, strings: english) == "Mar 9, 2024, 2:30:05\u{202F}PM UTC")
        #expect(FieldText.row(Self.date("2024-03-09T14:30:05.250+02:00"), format: nil, strings: english) == "Mar 9, 2024, 2:30:05\u{202F}PM GMT+2")
        #expect(FieldText.row(Self.date("2024-03-09 14:30"), format: nil, strings: Self.strings("de")) == "09.03.2024, 14:30")
        #expect(FieldText.row(Self.date("2024-03-09T14:30:05Z"), format: nil, strings: Self.strings("ja")) == "2024/03/09 14:30:05 UTC")
    }

    @Test func aDateICUCannotSayReadsAsWritten() {
        #expect(FieldText.row(Self.date("2024-02-30"), format: nil, strings: Self.english) == "2024-02-30")
        #expect(FieldText.row(Self.date("2024-03-09T14:30 then"), format: nil, strings: Self.english) == "2024-03-09T14:30 then")
    }

    @Test func aRawFormatKeepsTheDateAsTheDataWritesIt() {
        #expect(FieldText.row(Self.date("2024-03-09"), format: .raw, strings: Self.english) == "2024-03-09")
        #expect(FieldText.formatted(Self.date("2024-03-09"), .raw, strings: Self.english) == nil)
    }
}
