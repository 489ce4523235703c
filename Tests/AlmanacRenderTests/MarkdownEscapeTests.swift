import AlmanacRender
import Testing

@Suite struct MarkdownEscapeTests {
    @Test(arguments: [
        ("*NSYNC", "\\*NSYNC"), ("snake_case", "snake\\_case"), ("<b>bold</b>", "\\<b\\>bold\\</b\\>"),
        ("a | b", "a \\| b"), ("[link](x)", "\\[link\\](x)"), ("# not a heading", "\\# not a heading"),
        ("#hashtag", "#hashtag"), ("1. first", "1\\. first"), ("3.14", "3.14"), ("- item", "\\- item"),
        ("+44 20", "+44 20"), ("---", "\\---"), ("line\nbreak", "line break"), ("`code`", "\\`code\\`"),
        ("AT&T", "AT\\&T"), ("~strike~", "\\~strike\\~"), ("back\\slash", "back\\\\slash"), ("Émile", "Émile"),
    ])
    func dataShowsLiterally(text: String, escaped: String) {
        #expect(MarkdownEscape.text(text) == escaped)
    }

    @Test(arguments: [
        ("1982-02-23", "1982-02-23"), ("2024", "2024"), ("12) twelve", "12\\) twelve"), ("7.", "7\\."), ("7)", "7\\)"),
        ("7.5 m", "7.5 m"), ("7)x", "7)x"), ("10 km. Then", "10 km. Then"), ("1. é", "1\\. é"), ("1.\u{301} x", "1.\u{301} x"),
        ("1\u{301}. x", "1\u{301}. x"), ("3 * 4", "3 \\* 4"),
    ])
    func aTextBeginningWithDigitsIsEscapedOnlyWhereItWouldStartAList(text: String, escaped: String) {
        #expect(MarkdownEscape.text(text) == escaped)
    }

    @Test func destinationsEncodeWhatWouldBreakALink() {
        #expect(MarkdownEscape.destination("a b(c)") == "a%20b%28c%29")
        #expect(MarkdownEscape.destination("å") == "å")
    }
}

@Suite struct JSONWriterTests {
    @Test func keepsKeyOrderAndEscapesForHTML() {
        let value = Value.object(Object([
            .init(name: "z", value: .string("</script><b>&\u{2028}\"\\\n\u{1}")),
            .init(name: "a", value: .number(Number(text: "1.50", value: 1.5))),
            .init(name: "list", value: .list([.bool(true), .null])),
        ]))
        #expect(JSONWriter(pretty: false).write(value)
            == #"{"z":"\u003c/script\u003e\u003cb\u003e\u0026\u2028\"\\\n\u0001","a":1.50,"list":[true,null]}"#)
    }

    @Test func keepsOtherTextByteForByteAroundEscapes() {
        // €, – and ‰ share U+2028's first byte and must pass through untouched.
        let text = "€5 – Ærø <ü>\u{2029}‰\u{1F}\u{200D}"
        #expect(JSONWriter(pretty: false).write(.string(text)) == #""€5 – Ærø \u003cü\u003e\u2029‰\u001f\#u{200D}""#)
    }
}

import AlmanacCore
