import AlmanacCore
import AlmanacModel
import AlmanacRender
import Testing

/// A row shows a value in one line, a detail page all of it, each formatted as the page asks.
@Suite struct FieldTextTests {
    @Test(arguments: [
        (0.0004, "0 ms"), (0.627, "627 ms"), (0.9996, "1 s"), (4.25, "4.3 s"), (12, "12 s"), (59.96, "1 m 0 s"),
        (72, "1 m 12 s"), (3725, "1 h 2 m"),
    ])
    func durationsReadAsAPersonSaysThem(seconds: Double, text: String) {
        #expect(FieldText.duration(seconds) == text)
    }

    @Test func aRowShowsTheFirstLineAndMarksTheRest() {
        #expect(FieldText.row(.string("AssertionError: sign\n  second line\n"), format: nil) == "AssertionError: sign …")
        #expect(FieldText.row(.string("\n\n  only line  \n"), format: nil) == "  only line")
        #expect(FieldText.row(.string("one line"), format: nil) == "one line")
        #expect(FieldText.row(.string("a\r\nb"), format: nil) == "a …")
        #expect(FieldText.row(nil, format: nil) == "")
    }

    @Test func aDurationFormatAppliesToNumbersOnly() {
        let seconds = Value.number(Number(text: "0.601", value: 0.601))
        #expect(FieldText.row(seconds, format: .duration) == "601 ms")
        #expect(FieldText.row(seconds, format: nil) == "0.601")
        #expect(FieldText.row(.string("soon"), format: .duration) == "soon")
        #expect(FieldText.formatted(.number(Number(text: "-1", value: -1)), .duration) == nil)
    }
}
