import AlmanacModel
import Testing

@Suite struct SectionIndexTests {
    static func letter(_ text: String, _ locale: String) throws -> String {
        let collation = try #require(Collation(locale: locale))
        return SectionIndex(collation: collation).letter(for: text)
    }

    @Test(arguments: [
        ("Åland", "en", "A"), ("Åland", "sv", "Å"), ("Åland", "de", "A"), ("Åland", "es", "A"),
        ("Émile", "en", "E"), ("Émile", "sv", "E"), ("Émile", "de", "E"), ("Émile", "es", "E"),
        ("Ørsted", "en", "O"), ("Ørsted", "de", "O"),
        ("łódź", "en", "L"), ("łódź", "sv", "L"), ("łódź", "es", "L"),
        ("Ñandú", "en", "N"), ("Ñandú", "de", "N"), ("Ñandú", "es", "Ñ"),
        ("Österreich", "en", "O"), ("Österreich", "de", "O"), ("Österreich", "sv", "Ö"),
        ("Ärger", "sv", "Ä"), ("Ärger", "de", "A"),
        ("3M", "en", "#"), ("3M", "sv", "#"), ("_private", "en", "#"), ("_private", "es", "#"),
        ("apple", "en", "A"), ("APPLE", "en", "A"), ("zebra", "sv", "Z"),
        ("Αθήνα", "en", "#"), ("東京", "en", "#"), ("", "en", "#"), ("  Boston", "en", "B"),
        ("Nueva York", "es", "N"), ("ñu", "es", "Ñ"), ("Oslo", "es", "O"),
        // As ICU's AlphabeticIndex: letters equal to a base letter at primary strength are no
        // buckets of their own; Japanese by kana row; Chinese by pinyin; Korean Han by reading.
        ("Aruba", "hu", "A"), ("Ábel", "hu", "A"), ("Csehország", "hu", "CS"), ("Aruba", "lt", "A"), ("Āzija", "lv", "A"),
        ("Dánsko", "sk", "D"), ("Chorvátsko", "sk", "CH"), ("アメリカ", "ja", "あ"), ("カナダ", "ja", "か"), ("Aruba", "ja", "#"),
        ("东京", "zh", "D"), ("北京", "zh", "B"), ("東京", "ko", "ㄷ"), ("서울", "ko", "ㅅ"), ("Aruba", "qq", "A"),
    ])
    func recordFallsUnderTheLastLetterAtOrBeforeIt(text: String, locale: String, expected: String) throws {
        #expect(try Self.letter(text, locale) == expected)
    }

    @Test func englishIndexIsTheLatinAlphabet() throws {
        let collation = try #require(Collation(locale: "en"))
        #expect(SectionIndex(collation: collation).letters == (65...90).map { String(UnicodeScalar(UInt8($0))) })
    }

    @Test func swedishIndexEndsWithRingAumlautOumlautInCollationOrder() throws {
        let collation = try #require(Collation(locale: "sv"))
        #expect(SectionIndex(collation: collation).letters.suffix(4) == ["Z", "Å", "Ä", "Ö"])
    }

    @Test func spanishIndexHasEnyeAfterN() throws {
        let collation = try #require(Collation(locale: "es"))
        let letters = SectionIndex(collation: collation).letters
        let n = try #require(letters.firstIndex(of: "N"))
        #expect(letters[n + 1] == "Ñ")
        #expect(letters[n + 2] == "O")
    }

    @Test func germanIndexIsPlainLatin() throws {
        let collation = try #require(Collation(locale: "de"))
        #expect(SectionIndex(collation: collation).letters.count == 26)
    }
}
