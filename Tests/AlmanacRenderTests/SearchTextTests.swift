import Testing
@testable import AlmanacRender

@Suite struct SearchTextTests {
    @Test(arguments: [("Côte d'Ivoire", "cote d'ivoire"), ("ØRSTED", "orsted"), ("Łódź", "lodz"), ("Straße", "strasse"), ("Ñandú", "nandu")])
    func foldingMatchesWhatReadersType(text: String, folded: String) {
        #expect(SearchText.fold(text) == folded)
    }

    /// Accents go, but marks that spell the word stay: Thai vowels and tones, Devanagari's
    /// vowel signs and virama, the kana voicing mark. Arabic harakat and Hebrew points go, as
    /// readers of those languages type without them.
    @Test(arguments: [
        ("กรุงเทพ", "กรุงเทพ"), ("हिन्दी", "हिन्दी"), ("مُحَمَّد", "محمد"), ("שָׁלוֹם", "שלום"),
    ])
    func marksThatSpellAreKept(text: String, folded: String) {
        #expect(SearchText.fold(text) == folded)
    }

    @Test func kanaKeepsItsVoicingMark() {
        #expect(SearchText.fold("ガ") != SearchText.fold("カ"))
        #expect(SearchText.fold("ガ").unicodeScalars.map(\.value) == [0x30AB, 0x3099])
    }

    /// Folding a piece at a time must give what the rules give for the whole text: every code
    /// point of the table between ASCII letters, and mixed text with runs the table does not
    /// hold (Hangul, which decomposes to jamo; Armenian, Georgian and CJK, beyond the table).
    @Test func foldingPieceByPieceMatchesFoldingTheWholeText() {
        for value in 0x80..<UInt32(SearchText.tableEnd) {
            let text = "A" + String(Character(Unicode.Scalar(value)!)) + "b"
            #expect(SearchText.fold(text) == SearchText.foldedByTheFullRules(text), "U+\(String(value, radix: 16))")
        }
        let mixed = [
            "Ærøskøbing", "한국어 사전", "ԱՐՄԵՆԻԱ Ա", "ΣΊΣΥΦΟΣ ὈΔΥΣΣΕΎΣ", "Ёлка", "İstanbul", "ǅemal", "ﬁle",
            "東京タワー", "e\u{301}te\u{301}", "Å\u{30A}ngström", "ქართული", "Ⅻ ⓐ", "Z\u{0323}\u{0302}ürich 日本", "x\u{1F600}y",
        ]
        for text in mixed {
            #expect(SearchText.fold(text) == SearchText.foldedByTheFullRules(text), "\(text)")
        }
    }
}
